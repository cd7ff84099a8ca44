import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CONVERSATION_IDLE_MINUTES } from '../../contract';
import type { Db } from '../db/connect';
import type { ConversationRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { publish, type ServiceEvent } from '../events/bus';
import { deliveryEvent } from '../events/build';
import { isoSeconds } from '../webhooks/payload';
import { messageResource } from './resource';

/*
 * How a conversation ends: the assistant calls end_call, or nobody writes for CONVERSATION_IDLE_MINUTES
 * (the sweep below, a background loop like the call engine's: it claims open conversations past their
 * time with FOR UPDATE SKIP LOCKED, so several service processes share it). Ending writes the
 * `conversation.ended` delivery into the webhook outbox in the same transaction, when the assistant has
 * the conversation-ended webhook on and the customer wrote at least once; the dispatcher signs and sends
 * it. A new message reopens an ended conversation (store.addUserMessage); its next end notifies again.
 */

export type EndReason = 'end_call' | 'inactivity';

export const IDLE_MS = CONVERSATION_IDLE_MINUTES * 60_000;

/** The body of `conversation.ended`. */
export async function conversationEndedPayload(trx: Db, c: ConversationRow, assistant: { uuid: string; name: string }) {
  const messages = await trx.selectFrom('conversation_messages').select(['role', 'content', 'function_calls']).where('conversation_id', '=', c.id).orderBy('id').execute();
  return {
    event: 'conversation.ended',
    conversation_id: c.uuid,
    assistant_id: assistant.uuid,
    assistant_name: assistant.name,
    type: c.type,
    variables: c.variables,
    customer_identifier: c.customer_identifier,
    external_identifier: c.external_identifier,
    ended_reason: c.ended_reason,
    message_count: c.message_count,
    total_cost: Number(c.total_cost),
    transcript: messages.map(messageResource),
    created_at: isoSeconds(c.created_at),
    ended_at: isoSeconds(c.ended_at),
  };
}

/**
 * Ends an open conversation inside the caller's transaction; the delivery events to publish after commit
 * ([] when it was not open, the webhook is off, or the customer never wrote).
 */
export async function endConversation(trx: Db, conversationId: number, reason: EndReason, now: Date): Promise<ServiceEvent[]> {
  const ts = toDbTimestamp(now);
  const ended = await trx
    .updateTable('conversations')
    .set({ ended_at: ts, ended_reason: reason, updated_at: ts })
    .where('id', '=', conversationId)
    .where('ended_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!ended) return [];
  const assistant = await trx.selectFrom('assistants').select(['id', 'uuid', 'name', 'conversation_ended_webhook_url']).where('id', '=', ended.assistant_id).executeTakeFirst();
  if (!assistant?.conversation_ended_webhook_url) return [];
  const wrote = await trx.selectFrom('conversation_messages').select('id').where('conversation_id', '=', ended.id).where('role', '=', 'user').limit(1).executeTakeFirst();
  if (!wrote) return [];
  const payload = await conversationEndedPayload(trx, ended, assistant);
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: `msg_${randomUUID()}`,
      user_id: ended.user_id,
      assistant_id: assistant.id,
      call_id: null,
      kind: 'conversation_ended',
      event: 'conversation.ended',
      url: assistant.conversation_ended_webhook_url,
      payload: JSON.stringify(payload),
      next_attempt_at: ts,
      created_at: ts,
      updated_at: ts,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return [deliveryEvent(row)];
}

/** Ends the open conversations nobody has written in for IDLE_MS (at most `limit` a run); how many it ended. */
export async function endIdleConversations(db: Db, now: Date, limit = 100): Promise<number> {
  const cutoff = toDbTimestamp(new Date(now.getTime() - IDLE_MS));
  // Most ticks find nothing: one indexed read decides whether a transaction is needed at all.
  const any = await db.selectFrom('conversations').select('id').where('ended_at', 'is', null).where('last_message_at', '<=', cutoff).limit(1).executeTakeFirst();
  if (!any) return 0;
  const { count, events } = await db.transaction().execute(async (trx) => {
    const due = await sql<{ id: number }>`
      SELECT id FROM conversations
      WHERE ended_at IS NULL AND last_message_at <= ${cutoff}
      ORDER BY last_message_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`.execute(trx);
    const out: ServiceEvent[] = [];
    for (const { id } of due.rows) out.push(...(await endConversation(trx, id, 'inactivity', now)));
    return { count: due.rows.length, events: out };
  });
  for (const e of events) publish(db, e);
  return count;
}
