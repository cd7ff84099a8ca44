import { balanceOf, INSUFFICIENT_BALANCE_CALL } from '../account/balance';
import type { Db } from '../db/connect';
import { MIN_BALANCE_FOR_CALL, placeCall, placedCallEvent, type PlaceCallInput, type PlacedCall } from '../engine/place-call';
import { publish } from '../events/bus';
import { HttpError } from '../http/errors';

/** make_call's and simulate-inbound's balance rule: the hosted service's 422 below the minimum for a call. */
export async function requireCallBalance(db: Db, userId: number): Promise<void> {
  if ((await balanceOf(db, userId)) < MIN_BALANCE_FOR_CALL) throw new HttpError(422, INSUFFICIENT_BALANCE_CALL);
}

/**
 * A call the caller asked for (make_call, simulate-inbound), once its request is valid: 422 below the
 * minimum balance (the call is paid when it ends, engine/calls.ts), else placed for the engine to play
 * and published.
 */
export async function startCall(db: Db, now: () => Date, call: Omit<PlaceCallInput, 'now'>): Promise<PlacedCall> {
  await requireCallBalance(db, call.user_id);
  const input: PlaceCallInput = { ...call, now: now() };
  const placed = await db.transaction().execute((trx) => placeCall(trx, input));
  publish(db, placedCallEvent(input, placed));
  return placed;
}
