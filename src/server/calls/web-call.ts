import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { UUID_PATTERN } from '../../contract';
import type { Db } from '../db/connect';
import type { ConversationMessageRow, JsonRecord } from '../db/schema';
import { isoMicros, toDbTimestamp } from '../db/time';
import type { ServiceEvent } from '../events/bus';
import { callEvent } from '../events/build';
import { HttpError } from '../http/errors';
import { queueRecording } from '../recordings/queue';

/*
 * A conversation kept as a call of type web (POST /conversations/{uuid}/web-call, our extension): the Test
 * chat, once it has spoken, shows up in the call log with its transcript and a recording. Kept again, the
 * same call is updated in place (conversations.web_call_id); a changed transcript gets a new recording key,
 * so a player never holds the old audio under the new words, and is rendered again in the background.
 * Messages were billed as they were sent (widget and api conversations), so the call costs what the
 * conversation cost and charges nothing more; a test conversation's call costs 0.
 */

export const NOTHING_TO_KEEP = 'The conversation has no messages yet.';

/** A transcript entry of the contract (src/contract/call.ts): the hosted `{sender, text, timestamp}` and our extensions. */
type Entry = JsonRecord & { sender: string; text: string; timestamp: string };

/** The history as a call's transcript: the customer's and the assistant's turns, the tools the assistant called before its reply. */
export function transcriptOf(messages: readonly ConversationMessageRow[]): Entry[] {
  const entries: Entry[] = [];
  for (const m of messages) {
    const timestamp = isoMicros(m.created_at).replace(/(\.\d{3})\d*Z$/, '$1Z');
    if (m.role === 'assistant') {
      for (const f of m.function_calls ?? []) {
        entries.push({ sender: 'tool', type: 'function_call', text: '', timestamp, name: f.name, arguments: f.arguments, result: f.result ?? null, error: f.error, duration_ms: f.duration_ms });
      }
    }
    const text = m.content.trim();
    if (text === '') continue;
    if (m.role === 'assistant') entries.push({ sender: 'bot', text, timestamp, ...(m.model_latency_ms !== null && { latency_ms: m.model_latency_ms }) });
    else if (m.role === 'user') entries.push({ sender: 'human', text, timestamp });
  }
  return entries;
}

const epochOf = (dbText: string) => Date.parse(`${dbText.replace(' ', 'T')}Z`);

export interface KeptWebCall {
  callId: number;
  event: ServiceEvent;
}

/** The user's conversation kept as a web call; undefined when the user has no such conversation (404). */
export async function keepAsWebCall(db: Db, userId: number, uuid: string, now: Date): Promise<KeptWebCall | undefined> {
  if (!UUID_PATTERN.test(uuid)) return undefined;
  return db.transaction().execute(async (trx) => {
    // Locked: two presses at once make one call, not two.
    const conversation = await trx
      .selectFrom('conversations')
      .selectAll()
      .where('uuid', '=', uuid.toLowerCase())
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!conversation) return undefined;
    const messages = await trx.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', conversation.id).orderBy('id').execute();
    const spoken = messages.filter((m) => m.content.trim() !== '');
    const first = spoken[0];
    const last = spoken.at(-1);
    if (!first || !last) throw new HttpError(422, NOTHING_TO_KEEP);

    const transcript = transcriptOf(messages);
    const duration = Math.max(1, Math.ceil((epochOf(last.created_at) - epochOf(first.created_at)) / 1000));
    const cost = conversation.type === 'test' ? 0 : Number(conversation.total_cost);
    const assistant = await trx.selectFrom('assistants').select('name').where('id', '=', conversation.assistant_id).executeTakeFirst();
    const ts = toDbTimestamp(now);
    const fields = {
      transcript: JSON.stringify(transcript),
      duration,
      answered_at: first.created_at,
      finished_at: last.created_at,
      total_cost: cost,
      carrier_cost: 0,
      updated_at: ts,
    };

    const existing =
      conversation.web_call_id === null
        ? undefined
        : await trx.selectFrom('calls').select('id').where('id', '=', conversation.web_call_id).where('user_id', '=', userId).executeTakeFirst();
    let row;
    if (existing) {
      // Another transcript: another key (and the trigger of migration 0014 queues the new rendering). Compared
      // as jsonb, which does not keep the order of keys the text was written in.
      row = await trx
        .updateTable('calls')
        .set({
          ...fields,
          recording_key: sql<string>`CASE WHEN transcript IS DISTINCT FROM ${fields.transcript}::jsonb THEN ${randomUUID()}::uuid ELSE recording_key END`,
        })
        .where('id', '=', existing.id)
        .returning(['id', 'user_id', 'status', 'assistant_id', 'campaign_id'])
        .executeTakeFirstOrThrow();
    } else {
      row = await trx
        .insertInto('calls')
        .values({
          ...fields,
          user_id: userId,
          assistant_id: conversation.assistant_id,
          assistant_name: assistant?.name ?? '',
          campaign_id: null,
          lead_id: null,
          type: 'web',
          status: 'completed',
          assistant_phone_number: null,
          // A browser session has no number; the customer's, when the conversation came with one.
          client_phone_number: conversation.customer_phone ?? '',
          variables: JSON.stringify(conversation.variables ?? {}),
          evaluation: '{}',
          webhook_response: null,
          answered_by: 'human',
          recording_key: randomUUID(),
          created_at: conversation.created_at,
        })
        .returning(['id', 'user_id', 'status', 'assistant_id', 'campaign_id'])
        .executeTakeFirstOrThrow();
      await trx.updateTable('conversations').set({ web_call_id: row.id }).where('id', '=', conversation.id).execute();
      // Inserts do not fire the queueing trigger (it is for updates): queued here, in the same transaction.
      await queueRecording(trx, row.id);
    }
    return { callId: row.id, event: callEvent(row) };
  });
}
