import { Hono } from 'hono';
import type { AppEnv, Deps } from '../http/context';
import { notFound } from '../http/errors';
import { idParam } from '../http/validate';
import { campaignCounts, liveCalls } from '../campaigns/stats';
import { progressSeries } from '../campaigns/progress-series';

const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/*
 * GET /user/campaigns/{id}/progress (our extension): what a campaign's page watches while it runs.
 * Leads are the primary ones; `attempts` counts every call the campaign placed; the series is per bucket.
 */
export function campaignProgressRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.get('/campaigns/:id/progress', async (c) => {
    const user = c.get('user');
    const id = idParam(c, 'id', CAMPAIGN_NOT_FOUND);
    const campaign = await deps.db
      .selectFrom('campaigns')
      .select(['id', 'name', 'status'])
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    const [counts, byStatus, live, { bucket_seconds, series }] = await Promise.all([
      campaignCounts(deps.db, user.id, [id]),
      deps.db
        .selectFrom('calls')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', user.id)
        .where('campaign_id', '=', id)
        .groupBy('status')
        .execute(),
      liveCalls(deps.db, user.id, id),
      progressSeries(deps.db, user.id, id, deps.now()),
    ]);
    return c.json({
      data: {
        ...campaign,
        ...counts.get(id),
        calls_by_status: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.n)])),
        live_calls: live,
        series,
        bucket_seconds,
      },
    });
  });
  return r;
}
