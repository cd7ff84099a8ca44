import type { Db } from '../db/connect';
import type { JsonRecord } from '../db/schema';

/*
 * STUB (issue 11, helper "engine" implements): inserts a call the engine will play out, with its plan
 * (engine/plan.ts) and engine_next_at, inside the caller's transaction. Used by make_call, the campaign
 * dialer and simulate-inbound.
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
  now: Date;
}

export interface PlacedCall {
  id: number;
  status: string;
}

export async function placeCall(trx: Db, input: PlaceCallInput): Promise<PlacedCall> {
  void trx;
  void input;
  throw new Error('placeCall: not implemented yet');
}
