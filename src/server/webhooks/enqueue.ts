import type { Db } from '../db/connect';
import type { CallRow } from '../db/schema';
import type { ServiceEvent } from '../events/bus';

/*
 * STUB (issue 11, helper "webhooks" implements): writes the webhook deliveries a call's moment calls for
 * (post-call on 'ended'; inbound_call.started / inbound_call.ended for inbound calls while the inbound
 * webhook is on) into the outbox, inside the engine's transaction. Returns events to publish after commit.
 */
export type CallMoment = 'started' | 'ended';

export async function enqueueCallWebhooks(trx: Db, call: CallRow, moment: CallMoment, now: Date): Promise<ServiceEvent[]> {
  void trx;
  void call;
  void moment;
  void now;
  return [];
}
