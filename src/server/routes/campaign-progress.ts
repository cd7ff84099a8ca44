import { Hono } from 'hono';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/messages';
import { campaignProgress } from '../campaigns/progress';
import type { AppEnv, Deps } from '../http/context';
import { idParam } from '../http/validate';

/** GET /user/campaigns/{id}/progress (our extension): what a campaign's page watches while it runs. */
export function campaignProgressRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.get('/campaigns/:id/progress', async (c) => {
    const user = c.get('user');
    const id = idParam(c, 'id', CAMPAIGN_NOT_FOUND);
    return c.json({ data: await campaignProgress(deps.db, user.id, id, deps.now) });
  });
  return r;
}
