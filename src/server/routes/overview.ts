import { Hono } from 'hono';
import { overviewQuery } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { parseQuery } from '../http/validate';
import { overview } from '../overview/overview';

/** GET /user/overview?timezone=Europe/Berlin (our extension): the console's home (see overview/overview.ts). */
export function overviewRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.get('/overview', async (c) => {
    const query = parseQuery(c, overviewQuery);
    return c.json({ data: await overview(deps.db, c.get('user').id, query.timezone, deps.now) });
  });
  return r;
}
