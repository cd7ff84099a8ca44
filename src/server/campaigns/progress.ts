import type { Db } from '../db/connect';
import { notFound } from '../http/errors';
import { CAMPAIGN_NOT_FOUND } from './messages';
import { progressSeries } from './progress-series';
import { campaignCounts, liveCalls } from './stats';

/**
 * What a campaign's page watches while it runs: its primary leads by status, `attempts` (every call the
 * campaign placed), its calls by status and in flight, and its activity per bucket over time.
 */
export async function campaignProgress(db: Db, userId: number, id: number, now: () => Date) {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'name', 'status'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  const [counts, byStatus, live, { bucket_seconds, series }] = await Promise.all([
    campaignCounts(db, userId, [id]),
    db
      .selectFrom('calls')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('campaign_id', '=', id)
      .groupBy('status')
      .execute(),
    liveCalls(db, userId, id),
    progressSeries(db, userId, id, now()),
  ]);
  return {
    ...campaign,
    ...counts.get(id),
    calls_by_status: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.n)])),
    live_calls: live,
    series,
    bucket_seconds,
  };
}
