import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { JsonRecord } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import type { ServiceEvent } from '../events/bus';
import { makePlan, stepsOf, type CallPlan } from './plan';
import { freshTalkState, type TalkState } from './talk/state';
import { callEvent } from '../events/build';

export { MIN_BALANCE_FOR_CALL } from './plan';

/*
 * Inserts a call the engine will play out, with its plan (plan.ts) and the due time of its first step,
 * inside the caller's transaction. Used by make_call, the campaign dialler and simulate-inbound. The caller
 * publishes `placedCallEvent` after its commit.
 */
export interface PlaceCallInput {
  user_id: number;
  assistant_id: number;
  assistant_name: string;
  type: 'outbound' | 'inbound';
  /** The customer's number (dialled, or calling in). */
  client_phone_number: string;
  /** The number the assistant calls from / answers on; null when it has none. */
  assistant_phone_number: string | null;
  /** Input variables: make_call's, or the lead's variables. */
  variables: JsonRecord;
  campaign_id?: number | null;
  campaign_name?: string | null;
  /** The contact dialled (a primary lead or a secondary contact). */
  lead_id?: number | null;
  /** The caller the model plays (make_call's, simulate-inbound's `persona`); none: made from the variables. */
  persona?: string | null;
  /** A suite's call: the conversation ends after this many turns (talk/turn.ts); none: the worker's limit. */
  max_turns?: number | null;
  /**
   * make_call and the dialler: a call from a number imported from a telephony provider is placed on the real
   * line (telephony/calls.ts dials it once this transaction commits) instead of being played by the engine.
   */
  realLines?: boolean;
  now: Date;
}

export interface PlacedCall {
  id: number;
  status: string;
  /** Placed on a real line: the caller dials it at the provider after its commit (telephony/calls.ts dialOut). */
  provider?: string;
}

export async function placeCall(trx: Db, input: PlaceCallInput): Promise<PlacedCall> {
  // The plan needs the assistant's limits; an assistant gone meanwhile plays with the defaults.
  const assistant = await trx
    .selectFrom('assistants')
    .select(['max_duration', 'end_call_on_voicemail', 'ringing_time'])
    .where('id', '=', input.assistant_id)
    .executeTakeFirst();
  const ts = toDbTimestamp(input.now);
  const line = input.realLines && input.assistant_phone_number ? await importedLine(trx, input.user_id, input.assistant_phone_number) : undefined;
  if (line) return placeOnLine(trx, input, line);
  const row = await trx
    .insertInto('calls')
    .values({
      ...newCallColumns(input),
      created_at: ts,
      updated_at: ts,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
  // The plan's seed is the call's id, known only now.
  const plan = makePlan({
    callId: row.id,
    type: input.type,
    customerNumber: input.client_phone_number,
    maxDuration: assistant?.max_duration ?? 600,
    endCallOnVoicemail: assistant?.end_call_on_voicemail ?? false,
    ringingTimeS: assistant?.ringing_time ?? null,
    inputVariables: input.variables,
  });
  const first = stepsOf(plan)[0];
  await trx
    .updateTable('calls')
    .set({
      engine_plan: JSON.stringify(plan),
      engine_next_at: toDbTimestamp(new Date(input.now.getTime() + (first?.at_s ?? 0) * 1000)),
    })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, status: row.status };
}

async function importedLine(trx: Db, userId: number, phoneNumber: string): Promise<{ provider: string } | undefined> {
  const row = await trx
    .selectFrom('phone_numbers')
    .select('provider')
    .where('user_id', '=', userId)
    .where('phone_number', '=', phoneNumber)
    .where('provider', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  return row?.provider ? { provider: row.provider } : undefined;
}

/**
 * A call on a real line: initiated, held for the dial (telephony/calls.ts) so neither the engine nor the talk
 * worker plays it. Its status callbacks move it; should none come, the hold runs out and the talk worker hands
 * it to the engine as failed (its talk state is already the ending: no answer, nothing to read).
 */
async function placeOnLine(trx: Db, input: PlaceCallInput, line: { provider: string }): Promise<PlacedCall> {
  const ts = toDbTimestamp(input.now);
  const plan: CallPlan = { outcome: 'failed', final_status: 'failed', answered_by: null, dial_s: 0, ring_s: 0, talk_s: 0, wrap_s: 0, seed: 0, test_number: false, input_variables: input.variables };
  const state: TalkState = { ...freshTalkState('post_call', 'customer', false), end: { status: 'failed', reason: 'hang_up' }, extracted: {}, evaluation: {} };
  const row = await trx
    .insertInto('calls')
    .values({
      ...newCallColumns(input),
      engine_plan: JSON.stringify(plan),
      engine_next_at: ts,
      talk_state: JSON.stringify(state),
      talk_lease: `dial:${randomUUID()}`,
      talk_locked_until: sql<string>`now() + make_interval(secs => ${DIAL_HOLD_MS / 1000})`,
      talk_next_at: toDbTimestamp(new Date(input.now.getTime() + DIAL_HOLD_MS)),
      provider: line.provider,
      created_at: ts,
      updated_at: ts,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
  return { id: row.id, status: row.status, provider: line.provider };
}

/** How long a call on a real line may ring without news before it is given up as failed (its hold runs out). */
export const DIAL_HOLD_MS = 3 * 60_000;

/** What to publish once the transaction that placed the call has committed. */
export function placedCallEvent(input: Pick<PlaceCallInput, 'user_id' | 'assistant_id' | 'campaign_id'>, placed: PlacedCall): ServiceEvent {
  return callEvent({ id: placed.id, user_id: input.user_id, status: placed.status, assistant_id: input.assistant_id, campaign_id: input.campaign_id ?? null });
}

/** The columns every newly placed call starts with, whether the engine plays it or a real line dials it. */
function newCallColumns(input: PlaceCallInput) {
  return {
    user_id: input.user_id,
    assistant_id: input.assistant_id,
    campaign_id: input.campaign_id ?? null,
    lead_id: input.lead_id ?? null,
    assistant_name: input.assistant_name,
    campaign_name: input.campaign_name ?? null,
    type: input.type,
    status: 'initiated',
    duration: 0,
    assistant_phone_number: input.assistant_phone_number,
    client_phone_number: input.client_phone_number,
    transcript: null,
    variables: JSON.stringify(input.variables),
    evaluation: '{}',
    webhook_response: null,
    carrier_cost: 0,
    total_cost: 0,
    answered_by: null,
    recording_key: null,
    persona: input.persona ?? null,
    max_turns: input.max_turns ?? null,
  };
}
