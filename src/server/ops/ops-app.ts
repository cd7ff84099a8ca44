import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { healthAnswer, type Health } from './health';
import type { Metrics } from './metrics';

/*
 * GET /healthz and GET /metrics, beside the API and the console (cli/start.ts answers them before either, so
 * the health check answers while the database opens). /metrics answers only a loopback peer that no proxy
 * forwarded (a load balancer on the same machine is loopback too: its requests carry X-Forwarded-For), or
 * a request with `Authorization: Bearer METRICS_TOKEN`.
 */

export const OPS_PATHS = new Set(['/healthz', '/metrics']);

export interface OpsOptions {
  health: Health;
  /** METRICS_TOKEN; unset, /metrics answers loopback only. */
  metricsToken: string | undefined;
  /** The metrics once loaded (null until then: /metrics answers 503). */
  metrics: () => Metrics | null;
}

function isLoopback(address: string | undefined): boolean {
  if (!address || !isIP(address)) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function opsApp(options: OpsOptions): Hono {
  const app = new Hono();
  app.get('/healthz', (c) => {
    const { status, body } = healthAnswer(options.health);
    c.header('Cache-Control', 'no-store');
    return c.json(body, status === 200 ? 200 : 503);
  });
  app.get('/metrics', async (c) => {
    const token = options.metricsToken;
    const local = isLoopback(peerAddress(c)) && !c.req.header('x-forwarded-for') && !c.req.header('forwarded');
    if (!(token && tokenMatches(c.req.header('authorization'), token)) && !local) {
      return c.json({ message: token ? 'Metrics need `Authorization: Bearer METRICS_TOKEN`.' : 'Metrics are answered to loopback addresses only (or set METRICS_TOKEN).' }, token ? 401 : 403);
    }
    const metrics = options.metrics();
    if (!metrics) return c.json({ message: 'Metrics are not loaded yet: the service is starting.' }, 503);
    return c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
  });
  return app;
}
