import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv, Deps } from './http/context';
import { errorResponse, HttpError } from './http/errors';
import { answerHeaders } from './http/answer-headers';
import { requireToken } from './http/auth';
import { rateLimitBy, RequestBudget, type RateLimitOptions, type RateLimitStore } from './http/rate-limit';
import { clientAddress } from './http/client-address';
import { lookupRoutes } from './routes/lookups';
import { assistantRoutes } from './routes/assistants';
import { toolRoutes } from './routes/tools';
import { leadAliasRoutes, leadRoutes } from './routes/leads';
import { campaignRoutes } from './routes/campaigns';
import { callRoutes } from './routes/calls';
import { simulateInboundRoutes } from './routes/simulate-inbound';
import { recordingRoutes } from './routes/recordings';
import { metaRoutes } from './routes/meta';
import { accountRoutes } from './routes/account';
import { phoneNumberRoutes } from './routes/phone-numbers';
import { sipTrunkRoutes } from './routes/sip-trunks';
import { openApiRoutes } from './openapi/document';
import { docsPageRoutes } from './openapi/docs-page';
import { eventRoutes } from './routes/events';
import { overviewRoutes } from './routes/overview';
import { campaignProgressRoutes } from './routes/campaign-progress';
import { webhookRoutes } from './routes/webhooks';
import { conversationRoutes } from './routes/conversations';
import { suiteRoutes } from './routes/suites';
import { replayRoutes } from './routes/replays';
import { speechRoutes } from './routes/speech';
import { webCallRoutes } from './routes/web-call';
import { folderRoutes } from './routes/folders';
import { knowledgebaseRoutes } from './routes/knowledgebases';
import { voiceRoutes } from './routes/voice';
import { twilioWebhookRoutes } from './telephony/twilio/routes';

export interface ApiOptions extends Deps {
  /** Per user (per client address without a valid token), on every authenticated path. */
  rateLimit: RateLimitOptions;
  /** Per client address, on the public recordings. */
  recordingRateLimit: RateLimitOptions;
  /** Per user on POST /ai/generate-reply, besides the API's budget (the hosted documentation: 5 a minute). */
  generateReplyRateLimit: RateLimitOptions;
  rateLimitStore: RateLimitStore;
  /** Reverse proxies in front whose X-Forwarded-For is believed (TRUST_PROXY); 0 = the socket's address. */
  trustedProxies: number;
  /** Logs one line per request; off in tests. Never logs the Authorization header. */
  log?: (line: string) => void;
}

/** The service API, to be mounted under /api. */
export function createApi(options: ApiOptions): Hono<AppEnv> {
  const deps: Deps = { db: options.db, now: options.now, model: options.model ?? null, allowPrivateUrls: options.allowPrivateUrls ?? false, speech: options.speech ?? null, voice: options.voice ?? null };
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

  // As the hosted service's framework answers by default: any origin may call, with a bearer token and
  // never cookies, so a preflight needs no token (it is answered here, before the token check).
  const exposeHeaders = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After', 'Content-Range', 'Accept-Ranges'];
  const preflight = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Range', 'If-Range', 'If-None-Match'],
    exposeHeaders,
    maxAge: 86_400,
  });
  // Other requests get cors()'s two headers, offered to the answer (http/answer-headers.ts): cors() sets them
  // on `c.res` before the handler, and a response touched before the handler makes Hono copy the handler's
  // answer into a new one, its JSON re-read as a stream (bench:api: ~0.1 ms of CPU a request).
  const corsHeaders = answerHeaders({ 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': exposeHeaders.join(',') });
  api.use('*', (c, next) => (c.req.method === 'OPTIONS' ? preflight(c, next) : corsHeaders(c, next)));

  const addressOf = (c: Context) => clientAddress(c, options.trustedProxies);
  // Seeking in an <audio> element asks for a new byte range each time, so this budget is per address
  // and larger than the API's (ApiOptions.recordingRateLimit).
  api.use('/recordings/*', rateLimitBy(new RequestBudget('recordings', options.recordingRateLimit, options.rateLimitStore), (c) => addressOf(c)));
  // Public: recordings are fetched by an <audio> element, which cannot send a bearer token;
  // their unguessable keys stand in for it (as a hosted service's signed storage URLs do).
  api.route('/', recordingRoutes(deps));
  api.route('/', metaRoutes(deps));
  // Public and outside the per-user budget, like /local/info: a client generator has no token, nor does
  // a person reading the reference page (its "Test Request" sends the token they type).
  api.route('/', openApiRoutes());
  api.route('/', docsPageRoutes());
  // Public: Twilio sends no token; each webhook is checked against its number's auth token instead.
  api.route('/', twilioWebhookRoutes(deps.voice ?? null));

  // One limiter and one token check for every authenticated path, so /leads/* shares the per-token budget.
  const authenticate = requireToken(deps.db, {
    budget: new RequestBudget('api', options.rateLimit, options.rateLimitStore),
    addressOf,
  });
  for (const path of ['/user/*', '/leads/*', '/conversations/*', '/automate/*', '/ai/*', '/speech', '/voice/*']) api.use(path, authenticate);
  // Documented as 5 requests a minute per token; counted per user here, like the API's own budget (all of a user's tokens).
  api.use('/ai/generate-reply', rateLimitBy(new RequestBudget('generate-reply', options.generateReplyRateLimit, options.rateLimitStore), (c) => String(c.var.user.id)));
  api.route('/user', lookupRoutes(deps));
  api.route('/user', assistantRoutes(deps));
  api.route('/user', toolRoutes(deps));
  api.route('/user', leadRoutes(deps));
  api.route('/user', campaignRoutes(deps));
  api.route('/user', callRoutes(deps));
  api.route('/user', simulateInboundRoutes(deps));
  api.route('/user', accountRoutes(deps));
  api.route('/user', phoneNumberRoutes(deps));
  api.route('/user', sipTrunkRoutes(deps));
  api.route('/user', eventRoutes(deps));
  api.route('/user', overviewRoutes(deps));
  api.route('/user', campaignProgressRoutes(deps));
  api.route('/user', webhookRoutes(deps));
  api.route('/user', suiteRoutes(deps));
  api.route('/user', replayRoutes(deps));
  api.route('/user', folderRoutes(deps));
  api.route('/user', knowledgebaseRoutes(deps));
  api.route('/', leadAliasRoutes(deps));
  api.route('/', conversationRoutes(deps));
  api.route('/', webCallRoutes(deps));
  api.route('/', speechRoutes(deps));
  api.route('/', voiceRoutes(deps));
  // Hono consults only the top-level app's notFound, and this app is mounted under /api: without this
  // catch-all (kept last) an unknown /api route would get Hono's plain-text 404, or the console's page.
  api.all('*', routeNotFound);
  return api;
}
