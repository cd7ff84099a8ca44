import { Hono } from 'hono';
import { overviewQuery } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { parseQuery } from '../http/validate';
import { campaignCounts, liveCalls } from '../campaigns/stats';
import { dayStats } from '../overview/day-stats';
import { recentFailedDeliveries } from '../overview/failed-deliveries';
import { todayAndYesterday } from '../overview/zoned-days';

/*
 * GET /user/overview?timezone=Europe/Berlin (our extension): the console's home. Calls in flight, today
 * against yesterday in the given zone (UTC by default), running campaigns with their counts, and the
 * latest failed webhook deliveries.
 */
export function overviewRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.get('/overview', async (c) => {
    const user = c.get('user');
    const query = parseQuery(c, overviewQuery);
    // "europe/berlin" is read as Europe/Berlin: answered in its canonical spelling.
    const timezone = new Intl.DateTimeFormat('en-US', { timeZone: query.timezone ?? 'UTC' }).resolvedOptions().timeZone;
    const { today, yesterday } = todayAndYesterday(deps.now(), timezone);
    const campaigns = await deps.db
      .selectFrom('campaigns')
      .select(['id', 'name', 'status'])
      .where('user_id', '=', user.id)
      .where('status', '=', 'running')
      .orderBy('id', 'desc')
      .execute();
    const [live, [yesterdayStats, todayStats], counts, failed] = await Promise.all([
      liveCalls(deps.db, user.id),
      dayStats(deps.db, user.id, [yesterday, today]),
      campaignCounts(
        deps.db,
        user.id,
        campaigns.map((cp) => cp.id),
      ),
      recentFailedDeliveries(deps.db, user.id),
    ]);
    return c.json({
      data: {
        timezone,
        live_calls: live,
        today: todayStats,
        yesterday: yesterdayStats,
        running_campaigns: campaigns.map((cp) => ({ ...cp, ...counts.get(cp.id) })),
        failed_deliveries: failed,
      },
    });
  });
  return r;
}
