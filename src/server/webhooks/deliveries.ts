import type { WebhookDeliveriesQuery } from '../../contract';
import type { Db } from '../db/connect';
import type { WebhookDeliveryRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { accountEvent, callEvent, deliveryEvent } from '../events/build';
import { publish } from '../events/bus';
import { notFound } from '../http/errors';
import { writeCallOutcome } from './outcome';
import { rotateWebhookSecret } from './secret';

/*
 * The caller's log of webhook deliveries (the outbox), resending one, and rotating the signing secret.
 * Another user's delivery answers as a missing one.
 */

export const DELIVERY_NOT_FOUND = 'Delivery not found';

function filtered(db: Db, userId: number, q: WebhookDeliveriesQuery) {
  let sel = db.selectFrom('webhook_deliveries').where('user_id', '=', userId);
  if (q.assistant_id !== undefined) sel = sel.where('assistant_id', '=', q.assistant_id);
  if (q.call_id !== undefined) sel = sel.where('call_id', '=', q.call_id);
  if (q.status !== undefined) sel = sel.where('status', '=', q.status);
  return sel;
}

/** One page of the filtered log, newest first, and the filter's total. */
export async function deliveriesPage(db: Db, userId: number, q: WebhookDeliveriesQuery): Promise<{ total: number; rows: WebhookDeliveryRow[] }> {
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
  return { total: count, rows };
}

export async function getDelivery(db: Db, userId: number, id: number): Promise<WebhookDeliveryRow> {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(DELIVERY_NOT_FOUND);
  return row;
}

/**
 * The same row and webhook-id, due now with a fresh retry schedule. A row being sent right now keeps its
 * lease (locked_until): no second attempt races it, and that attempt's outcome is recorded as usual.
 */
export async function resendDelivery(db: Db, now: Date, userId: number, id: number): Promise<WebhookDeliveryRow> {
  const ts = toDbTimestamp(now);
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
  return row;
}

/** A new signing secret (webhooks/secret.ts), published as a change of the account. */
export async function rotateSigningSecret(db: Db, userId: number): Promise<string> {
  const secret = await rotateWebhookSecret(db, userId);
  publish(db, accountEvent(userId));
  return secret;
}
