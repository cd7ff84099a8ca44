import type { Db } from '../db/connect';
import { laravelDateTime } from '../db/time';

/** Deliveries shown on the overview: the most recent failures, newest first. */
export const FAILED_DELIVERIES_LIMIT = 10;

const at = (v: string | null) => (v === null ? null : laravelDateTime(v));

/** The user's latest failed webhook deliveries, in the delivery list's form (no payload). */
export async function recentFailedDeliveries(db: Db, userId: number) {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'webhook_id',
      'assistant_id',
      'call_id',
      'kind',
      'event',
      'url',
      'status',
      'attempts',
      'last_status_code',
      'last_response',
      'last_error',
      'last_attempt_at',
      'next_attempt_at',
      'delivered_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'failed')
    .orderBy('id', 'desc')
    .limit(FAILED_DELIVERIES_LIMIT)
    .execute();
  return rows.map((r) => ({
    ...r,
    last_attempt_at: at(r.last_attempt_at),
    next_attempt_at: at(r.next_attempt_at),
    delivered_at: at(r.delivered_at),
    created_at: laravelDateTime(r.created_at),
  }));
}
