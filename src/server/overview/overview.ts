import { canonicalTimeZone } from '../../contract';
import { campaignCounts, liveCalls } from '../campaigns/stats';
import type { Db } from '../db/connect';
import { dayStats } from './day-stats';
import { recentFailedDeliveries } from './failed-deliveries';
import { todayAndYesterday } from './zoned-days';

/**
 * The console's home: calls in flight, today against yesterday in the given zone (UTC by default),
 * running campaigns with their counts, and the latest failed webhook deliveries.
 */
export async function overview(db: Db, userId: number, timeZone: string | undefined, now: () => Date) {
  // "europe/berlin" is read as Europe/Berlin: answered in its canonical spelling.
  const timezone = canonicalTimeZone(timeZone ?? 'UTC');
  const { today, yesterday } = todayAndYesterday(now(), timezone);
  const campaigns = await db
    .selectFrom('campaigns')
    .select(['id', 'name', 'status'])
    .where('user_id', '=', userId)
    .where('status', '=', 'running')
    .orderBy('id', 'desc')
    .execute();
  const [live, [yesterdayStats, todayStats], counts, failed] = await Promise.all([
    liveCalls(db, userId),
    dayStats(db, userId, [yesterday, today]),
    campaignCounts(
      db,
      userId,
      campaigns.map((cp) => cp.id),
    ),
    recentFailedDeliveries(db, userId),
  ]);
  return {
    timezone,
    live_calls: live,
    today: todayStats,
    yesterday: yesterdayStats,
    running_campaigns: campaigns.map((cp) => ({ ...cp, ...counts.get(cp.id) })),
    failed_deliveries: failed,
  };
}
