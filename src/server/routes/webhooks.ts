import { Hono } from 'hono';
import { webhookDeliveriesQuery } from '../../contract';
import type { WebhookDeliveryRow } from '../db/schema';
import { laravelDateTime } from '../db/time';
import type { AppEnv, Deps } from '../http/context';
import { paginate } from '../http/pagination';
import { idParam, parseQuery } from '../http/validate';
import { DELIVERY_NOT_FOUND, deliveriesPage, getDelivery, resendDelivery, rotateSigningSecret } from '../webhooks/deliveries';
import { webhookSecretOf } from '../webhooks/secret';

/*
 * Our extension: the log of webhook deliveries (the outbox), resending one, and the signing secret
 * (webhooks/deliveries.ts).
 */

const at = (v: string | null) => (v === null ? null : laravelDateTime(v));

export function deliveryResource(row: WebhookDeliveryRow, withPayload: boolean) {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    assistant_id: row.assistant_id,
    call_id: row.call_id,
    kind: row.kind,
    event: row.event,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_response: row.last_response,
    last_error: row.last_error,
    last_attempt_at: at(row.last_attempt_at),
    next_attempt_at: row.status === 'pending' ? at(row.next_attempt_at) : null,
    delivered_at: at(row.delivered_at),
    created_at: laravelDateTime(row.created_at),
    ...(withPayload && { payload: row.payload }),
  };
}

export function webhookRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/webhook-deliveries', async (c) => {
    const q = parseQuery(c, webhookDeliveriesQuery);
    const { total, rows } = await deliveriesPage(db, c.var.user.id, q);
    return c.json(paginate(c.req.url, q.page, q.per_page, total, rows.map((row) => deliveryResource(row, false))));
  });

  r.get('/webhook-deliveries/:id', async (c) => {
    const id = idParam(c, 'id', DELIVERY_NOT_FOUND);
    return c.json({ data: deliveryResource(await getDelivery(db, c.var.user.id, id), true) });
  });

  r.post('/webhook-deliveries/:id/resend', async (c) => {
    const id = idParam(c, 'id', DELIVERY_NOT_FOUND);
    const row = await resendDelivery(db, now(), c.var.user.id, id);
    return c.json({ message: 'Delivery queued', data: deliveryResource(row, true) });
  });

  r.get('/webhook-secret', async (c) => {
    return c.json({ data: { secret: await webhookSecretOf(db, c.var.user.id) } });
  });

  r.post('/webhook-secret/rotate', async (c) => {
    const secret = await rotateSigningSecret(db, c.var.user.id);
    return c.json({ message: 'Signing secret rotated', data: { secret } });
  });

  return r;
}
