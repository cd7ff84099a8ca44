import type { Db } from '../db/connect';
import type { JsonRecord } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import type { ServiceEvent } from '../events/bus';
import { makePlan, stepsOf } from './plan';
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
  now: Date;
}

export interface PlacedCall {
  id: number;
  status: string;
}

export async function placeCall(trx: Db, input: PlaceCallInput): Promise<PlacedCall> {
  // The plan needs the assistant's limits; an assistant gone meanwhile plays with the defaults.
  const assistant = await trx
    .selectFrom('assistants')
    .select(['max_duration', 'end_call_on_voicemail'])
    .where('id', '=', input.assistant_id)
    .executeTakeFirst();
  const ts = toDbTimestamp(input.now);
  const row = await trx
    .insertInto('calls')
    .values({
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

/** What to publish once the transaction that placed the call has committed. */
export function placedCallEvent(input: Pick<PlaceCallInput, 'user_id' | 'assistant_id' | 'campaign_id'>, placed: PlacedCall): ServiceEvent {
  return callEvent({ id: placed.id, user_id: input.user_id, status: placed.status, assistant_id: input.assistant_id, campaign_id: input.campaign_id ?? null });
}
