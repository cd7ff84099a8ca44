import { sql } from 'kysely';
import type { WebhookOutcome } from '../../contract/webhooks';
import type { Db } from '../db/connect';
import type { WebhookDeliveryRow } from '../db/schema';
import { laravelDateTime } from '../db/time';

/*
 * A call's `webhook_response`: the outcome of its post-call delivery, or, for an inbound call without one,
 * of its inbound_call.ended delivery (inbound_call.started is not the call's outcome). Rewritten after every
 * attempt, so the call log shows "pending, 2 attempts, 500" while retries go on.
 */

const at = (v: string | null) => (v === null ? null : laravelDateTime(v));

/** Excerpt of the receiver's answer kept on the call (the delivery keeps up to RESPONSE_EXCERPT_CHARS). */
const OUTCOME_BODY_CHARS = 500;

export function deliveryOutcome(d: WebhookDeliveryRow): WebhookOutcome {
  return {
    delivery_id: d.id,
    webhook_id: d.webhook_id,
    event: d.event,
    url: d.url,
    status: d.status,
    delivered: d.status === 'delivered',
    status_code: d.last_status_code,
    body: d.last_response === null ? null : d.last_response.slice(0, OUTCOME_BODY_CHARS),
    error: d.last_error,
    attempts: d.attempts,
    last_attempt_at: at(d.last_attempt_at),
    next_attempt_at: d.status === 'pending' ? at(d.next_attempt_at) : null,
    delivered_at: at(d.delivered_at),
  };
}

/** The delivery whose outcome the call shows, if any. */
export async function outcomeDelivery(db: Db, callId: number): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('call_id', '=', callId)
    .where((eb) => eb.or([eb('kind', '=', 'post_call'), eb('event', '=', 'inbound_call.ended')]))
    .orderBy(sql`kind = 'post_call'`, 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface TouchedCall {
  id: number;
  user_id: number;
  status: string;
  assistant_id: number | null;
  campaign_id: number | null;
}

/**
 * Writes the outcome of `delivery` onto its call when it is the call's outcome delivery; returns the call
 * (for its event) when it changed.
 */
export async function writeCallOutcome(db: Db, delivery: WebhookDeliveryRow): Promise<TouchedCall | null> {
  if (delivery.call_id === null) return null;
  const shown = await outcomeDelivery(db, delivery.call_id);
  if (!shown || shown.id !== delivery.id) return null;
  const row = await db
    .updateTable('calls')
    .set({ webhook_response: JSON.stringify(deliveryOutcome(delivery)) })
    .where('id', '=', delivery.call_id)
    .returning(['id', 'user_id', 'status', 'assistant_id', 'campaign_id'])
    .executeTakeFirst();
  return row ?? null;
}
