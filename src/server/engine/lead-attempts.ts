import type { Db } from '../db/connect';
import type { CallRow } from '../db/schema';
import type { ServiceEvent } from '../events/bus';

/*
 * STUB (issue 11, helper "dialer" implements): settles the lead attempt of a campaign call that reached
 * its outcome, inside the engine's transaction that finalised the call. Returns the events to publish
 * after the commit.
 */
export async function settleLeadAttempt(trx: Db, call: CallRow, now: Date): Promise<ServiceEvent[]> {
  void trx;
  void call;
  void now;
  return [];
}
