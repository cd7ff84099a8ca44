import { Hono } from 'hono';
import { webhookDeliveriesQuery, type WebhookDeliveriesQuery } from '../../contract';
import type { Db } from '../db/connect';
import type { WebhookDeliveryRow } from '../db/schema';
import { laravelDateTime, toDbTimestamp } from '../db/time';
import { publish } from '../events/bus';
import type { AppEnv, Deps } from '../http/context';
import { notFound } from '../http/errors';
import { paginate } from '../http/pagination';
import { idParam, parseQuery } from '../http/validate';
import { writeCallOutcome } from '../webhooks/outcome';
import { rotateWebhookSecret, webhookSecretOf } from '../webhooks/secret';
import { accountEvent, callEvent, deliveryEvent } from '../events/build';

/*
 * Our extension: the log of webhook deliveries (the outbox), resending one, and the signing secret.
 * Another user's delivery answers as a missing one.
 */

const DELIVERY_NOT_FOUND = 'Delivery not found';

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

function filtered(db: Db, userId: number, q: WebhookDeliveriesQuery) {
  let sel = db.selectFrom('webhook_deliveries').where('user_id', '=', userId);
  if (q.assistant_id !== undefined) sel = sel.where('assistant_id', '=', q.assistant_id);
  if (q.call_id !== undefined) sel = sel.where('call_id', '=', q.call_id);
  if (q.status !== undefined) sel = sel.where('status', '=', q.status);
  return sel;
}

export function webhookRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/webhook-deliveries', async (c) => {
    const q = parseQuery(c, webhookDeliveriesQuery);
    const userId = c.var.user.id;
    const { total } = await filtered(db, userId, q)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const count = Number(total);
    const rows =
      (q.page - 1) * q.per_page < count
        ? await filtered(db, userId, q)
            .selectAll()
            .orderBy('id', 'desc')
            .limit(q.per_page)
            .offset((q.page - 1) * q.per_page)
            .execute()
        : [];
    return c.json(paginate(c.req.url, q.page, q.per_page, count, rows.map((row) => deliveryResource(row, false))));
  });

  r.get('/webhook-deliveries/:id', async (c) => {
    const id = idParam(c, 'id', DELIVERY_NOT_FOUND);
    const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('user_id', '=', c.var.user.id).executeTakeFirst();
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    return c.json({ data: deliveryResource(row, true) });
  });

  // The same row and webhook-id, due now with a fresh retry schedule. A row being sent right now keeps its
  // lease (locked_until): no second attempt races it, and that attempt's outcome is recorded as usual.
  r.post('/webhook-deliveries/:id/resend', async (c) => {
    const id = idParam(c, 'id', DELIVERY_NOT_FOUND);
    const userId = c.var.user.id;
    const ts = toDbTimestamp(now());
    const { row, call } = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: ts, delivered_at: null, updated_at: ts })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return { row: undefined, call: null };
      return { row: updated, call: await writeCallOutcome(trx, updated) };
    });
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    publish(db, deliveryEvent(row));
    if (call) publish(db, callEvent({ ...call, user_id: userId }));
    return c.json({ message: 'Delivery queued', data: deliveryResource(row, true) });
  });

  r.get('/webhook-secret', async (c) => {
    return c.json({ data: { secret: await webhookSecretOf(db, c.var.user.id) } });
  });

  r.post('/webhook-secret/rotate', async (c) => {
    const secret = await rotateWebhookSecret(db, c.var.user.id);
    publish(db, accountEvent(c.var.user.id));
    return c.json({ message: 'Signing secret rotated', data: { secret } });
  });

  return r;
}
