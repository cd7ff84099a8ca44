import { randomUUID } from 'node:crypto';
import { liveAssistantsOf } from '../assistants/read';
import type { Db } from '../db/connect';
import type { CallRow, WebhookDeliveryRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import type { ServiceEvent } from '../events/bus';
import { deliveryOutcome } from './outcome';
import { finishedCallPayload, inboundStartedPayload, type WebhookPayload } from './payload';
import { deliveryEvent } from '../events/build';

/*
 * Writes the deliveries a call's moment calls for into the outbox, inside the engine's transaction: the
 * call's change and its notifications commit together or not at all, and nothing is sent from here (the
 * dispatcher sends; the API never waits for a receiver).
 *   'ended'   post-call `call.ended` to webhook_url when is_webhook_active (only `completed` calls when
 *             send_webhook_only_on_completed); for inbound calls also `inbound_call.ended` to
 *             inbound_webhook_url while the inbound webhook is on.
 *   'started' inbound calls only: `inbound_call.started` to inbound_webhook_url while it is on.
 * `baseUrl` is where receivers reach this service (PUBLIC_URL, config.ts): the base of recording links.
 * Returns the events to publish after commit.
 */
export type CallMoment = 'started' | 'ended';

interface NewDelivery {
  kind: 'post_call' | 'inbound';
  event: 'call.ended' | 'inbound_call.started' | 'inbound_call.ended';
  url: string;
  payload: WebhookPayload;
}

export async function enqueueCallWebhooks(trx: Db, call: CallRow, moment: CallMoment, now: Date, baseUrl: string): Promise<ServiceEvent[]> {
  if (call.assistant_id === null) return [];
  // The row as the caller's transaction has just written it (the engine passes its UPDATE … RETURNING row).
  const current = call;
  const assistant = await liveAssistantsOf(trx, current.user_id).selectAll().where('id', '=', call.assistant_id).executeTakeFirst();
  if (!assistant) return [];

  const inboundUrl = current.type === 'inbound' && assistant.inbound_webhook_url ? assistant.inbound_webhook_url : null;
  const wanted: NewDelivery[] = [];
  if (moment === 'started') {
    if (inboundUrl) wanted.push({ kind: 'inbound', event: 'inbound_call.started', url: inboundUrl, payload: inboundStartedPayload({ call: current }) });
  } else {
    const postCall =
      assistant.is_webhook_active && assistant.webhook_url && (!assistant.send_webhook_only_on_completed || current.status === 'completed')
        ? assistant.webhook_url
        : null;
    if (postCall || inboundUrl) {
      const [lead, campaign] = await Promise.all([
        current.lead_id === null ? undefined : trx.selectFrom('leads').selectAll().where('id', '=', current.lead_id).executeTakeFirst(),
        current.campaign_id === null ? undefined : trx.selectFrom('campaigns').selectAll().where('id', '=', current.campaign_id).executeTakeFirst(),
      ]);
      const ctx = { call: current, assistant, lead: lead ?? null, campaign: campaign ?? null, baseUrl };
      if (postCall) wanted.push({ kind: 'post_call', event: 'call.ended', url: postCall, payload: finishedCallPayload('call.ended', ctx) });
      if (inboundUrl) wanted.push({ kind: 'inbound', event: 'inbound_call.ended', url: inboundUrl, payload: finishedCallPayload('inbound_call.ended', ctx) });
    }
  }
  if (wanted.length === 0) return [];

  const ts = toDbTimestamp(now);
  const rows: WebhookDeliveryRow[] = await trx
    .insertInto('webhook_deliveries')
    .values(
      wanted.map((d) => ({
        webhook_id: `msg_${randomUUID()}`,
        user_id: current.user_id,
        assistant_id: assistant.id,
        call_id: current.id,
        kind: d.kind,
        event: d.event,
        url: d.url,
        payload: JSON.stringify(d.payload),
        next_attempt_at: ts,
        created_at: ts,
        updated_at: ts,
      })),
    )
    .returningAll()
    .execute();

  const events: ServiceEvent[] = rows.map(deliveryEvent);
  // The call shows "pending" from the start (the engine publishes the call's own event). A call has at most
  // one post-call and one inbound_call.ended delivery, and the post-call one is its outcome when there is one.
  const shown = rows.find((d) => d.kind === 'post_call') ?? rows.find((d) => d.event === 'inbound_call.ended');
  if (shown) await trx.updateTable('calls').set({ webhook_response: JSON.stringify(deliveryOutcome(shown)) }).where('id', '=', current.id).execute();
  return events;
}
