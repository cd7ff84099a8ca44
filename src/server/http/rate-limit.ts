import type { Context, MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './errors';

export interface RateLimitOptions {
  /** Requests a window per key; the hosted service allows 100 a minute per token. */
  limit: number;
  windowMs: number;
}

/**
 * Where the counters live: in this process (embedded PGlite is one process anyway), or in the
 * `rate_limits` table (migration 0008) so every service process on one PostgreSQL shares each budget.
 */
export type RateLimitStore = { kind: 'memory' } | { kind: 'postgres'; pool: pg.Pool };

/** One budget of `limit` requests per fixed window and key, as Laravel's `throttle:100,1` counts. */
export class RequestBudget {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    name: string,
    readonly options: RateLimitOptions,
    store: RateLimitStore,
  ) {
    const base = { keyPrefix: name, points: options.limit, duration: Math.max(1, Math.ceil(options.windowMs / 1000)) };
    this.limiter =
      store.kind === 'postgres'
        ? new RateLimiterPostgres({
            ...base,
            storeClient: store.pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            // Made by our migrations, so it exists (in the right schema) before the first request.
            tableCreated: true,
            // A database hiccup should not turn every request into a 500: count in memory meanwhile.
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base);
  }

  /**
   * Counts one request against `key`. Returns the headers the answer carries; past the limit, throws
   * the 429 (`Too Many Attempts.` with `Retry-After`), which the API's error handler turns into
   * `{message, retry_after}`.
   */
  async spend(key: string): Promise<Record<string, string>> {
    const limit = String(this.options.limit);
    try {
      const res = await this.limiter.consume(key);
      return { 'X-RateLimit-Limit': limit, 'X-RateLimit-Remaining': String(res.remainingPoints) };
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      const retryAfter = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw new HttpError(429, 'Too Many Attempts.', undefined, {
        'X-RateLimit-Limit': limit,
        'X-RateLimit-Remaining': '0',
        'Retry-After': String(retryAfter),
        'X-RateLimit-Reset': String(Math.ceil((Date.now() + e.msBeforeNext) / 1000)),
      });
    }
  }
}

/** Limits every request of a route by a key taken from it (the client address, for public routes). */
export function rateLimitBy(budget: RequestBudget, keyOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const headers = await budget.spend(keyOf(c));
    await next();
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  };
}
