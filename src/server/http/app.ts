import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from './context';
import { errorResponse, HttpError } from './errors';
import { requireToken } from './auth';
import { rateLimit, type RateLimitOptions } from './rate-limit';
import { lookupRoutes } from '../routes/lookups';
import { assistantRoutes } from '../routes/assistants';
import { toolRoutes } from '../routes/tools';
import { leadAliasRoutes, leadRoutes } from '../routes/leads';
import { campaignRoutes } from '../routes/campaigns';
import { callRoutes } from '../routes/calls';
import { recordingRoutes } from '../routes/recordings';
import { metaRoutes } from '../routes/meta';
import { accountRoutes } from '../routes/account';
import { phoneNumberRoutes } from '../routes/phone-numbers';

export interface ApiOptions extends Deps {
  rateLimit: RateLimitOptions;
  /** Logs one line per request; off in tests. Never logs the Authorization header. */
  log?: (line: string) => void;
}

/** The service API, to be mounted under /api. */
export function createApi(options: ApiOptions): Hono<AppEnv> {
  const deps: Deps = { db: options.db, now: options.now };
  const api = new Hono<AppEnv>();

  api.onError((err, c) => {
    if (err instanceof HttpError) {
      const res = errorResponse(c, err);
      if (err.status === 429) {
        const retryAfter = Number(err.headers?.['Retry-After'] ?? '60');
        return c.json({ message: err.message, retry_after: retryAfter }, 429, err.headers);
      }
      return res;
    }
    console.error('Unhandled error', err);
    return c.json({ message: 'Server Error' }, 500);
  });
  const routeNotFound = (c: Context) => c.json({ message: `The route ${new URL(c.req.url).pathname} could not be found.` }, 404);
  api.notFound(routeNotFound);

  if (options.log) {
    const log = options.log;
    api.use(async (c, next) => {
      const t0 = performance.now();
      await next();
      log(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${(performance.now() - t0).toFixed(1)}ms`);
    });
  }

  // Public: recordings are fetched by an <audio> element, which cannot send a bearer token;
  // their unguessable keys stand in for it (as a hosted service's signed storage URLs do).
  api.route('/', recordingRoutes(deps));
  api.route('/', metaRoutes(deps));

  // One limiter and one token check for every authenticated path, so /leads/* shares the per-token budget.
  const limiter = rateLimit(options.rateLimit);
  const authenticate = requireToken(deps.db);
  for (const path of ['/user/*', '/leads/*']) {
    api.use(path, limiter);
    api.use(path, authenticate);
  }
  api.route('/user', lookupRoutes(deps));
  api.route('/user', assistantRoutes(deps));
  api.route('/user', toolRoutes(deps));
  api.route('/user', leadRoutes(deps));
  api.route('/user', campaignRoutes(deps));
  api.route('/user', callRoutes(deps));
  api.route('/user', accountRoutes(deps));
  api.route('/user', phoneNumberRoutes(deps));
  api.route('/', leadAliasRoutes(deps));
  // Hono consults only the top-level app's notFound, and this app is mounted under /api: without this
  // catch-all (kept last) an unknown /api route would get Hono's plain-text 404, or the console's page.
  api.all('*', routeNotFound);
  return api;
}
