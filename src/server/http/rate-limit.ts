import type { Context, MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { offerHeaders, settleHeaders } from './answer-headers';
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

/** Points a process takes from the shared counter at once: a twentieth of the limit (5 of 100), at least 1. */
export function leaseSize(limit: number): number {
  return Math.max(1, Math.floor(limit / 20));
}

/** Points this process holds for a key until the window ends: taken from the shared table, spent in memory. */
interface Lease {
  /** Points still to hand out here. */
  left: number;
  /** What the shared counter had left after this lease was taken. */
  remaining: number;
  /** Epoch ms when the window (and the lease) ends. */
  resetsAt: number;
}

/** Leases kept before expired ones are swept: one per active user or address of a window. */
const MAX_LEASES = 10_000;

/**
 * One budget of `limit` requests per fixed window and key, as Laravel's `throttle:100,1` counts.
 *
 * With the shared store, a request does not go to the database: the process takes a lease of a few points
 * at once (one upsert of `rate_limits` for `leaseSize` requests), spends them in memory, and takes the next
 * lease when they run out. Leased points are counted in the shared table when taken, so several processes
 * together never let more than `limit` through a window; a process whose lease is unused when the window
 * ends only refused nobody. A lease asks for no more than the shared counter had left at the last one, so one
 * process alone counts exactly to the limit; under contention at the very end of a window a lease refused
 * may leave up to `leaseSize - 1` points unused. Once the shared counter says nothing is left, this process
 * answers 429 until the window ends without asking again.
 */
export class RequestBudget {
  private readonly limiter: RateLimiterAbstract;
  private readonly leased: boolean;
  private readonly leases = new Map<string, Lease>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    name: string,
    readonly options: RateLimitOptions,
    store: RateLimitStore,
  ) {
    const base = { keyPrefix: name, points: options.limit, duration: Math.max(1, Math.ceil(options.windowMs / 1000)) };
    this.leased = store.kind === 'postgres';
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
    if (!this.leased) {
      try {
        const res = await this.limiter.consume(key);
        return this.headers(res.remainingPoints);
      } catch (e) {
        throw this.refusal(e);
      }
    }
    // A second pass only when another request of this key took the lease's last point meanwhile.
    for (;;) {
      const now = Date.now();
      const lease = this.leases.get(key);
      if (lease && lease.resetsAt > now) {
        if (lease.left > 0) {
          lease.left -= 1;
          return this.headers(lease.remaining + lease.left);
        }
        if (lease.remaining <= 0) throw this.tooMany(lease.resetsAt - now);
      }
      let taking = this.pending.get(key);
      if (!taking) {
        taking = this.takeLease(key, lease && lease.resetsAt > now ? lease.remaining : undefined).finally(() => this.pending.delete(key));
        this.pending.set(key, taking);
      }
      await taking;
    }
  }

  private async takeLease(key: string, knownRemaining: number | undefined): Promise<void> {
    const want = Math.max(1, Math.min(leaseSize(this.options.limit), knownRemaining ?? Infinity));
    const now = Date.now();
    if (this.leases.size >= MAX_LEASES) for (const [k, l] of this.leases) if (l.resetsAt <= now) this.leases.delete(k);
    try {
      const res = await this.limiter.consume(key, want);
      this.leases.set(key, { left: want, remaining: res.remainingPoints, resetsAt: now + res.msBeforeNext });
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      // Nothing (or too little) left this window: every request of the key here is refused until it ends.
      this.leases.set(key, { left: 0, remaining: 0, resetsAt: now + e.msBeforeNext });
    }
  }

  private headers(remaining: number): Record<string, string> {
    return { 'X-RateLimit-Limit': String(this.options.limit), 'X-RateLimit-Remaining': String(remaining) };
  }

  private refusal(e: unknown): unknown {
    return e instanceof RateLimiterRes ? this.tooMany(e.msBeforeNext) : e;
  }

  private tooMany(msBeforeNext: number): HttpError {
    const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return new HttpError(429, 'Too Many Attempts.', undefined, {
      'X-RateLimit-Limit': String(this.options.limit),
      'X-RateLimit-Remaining': '0',
      'Retry-After': String(retryAfter),
      'X-RateLimit-Reset': String(Math.ceil((Date.now() + msBeforeNext) / 1000)),
    });
  }
}

/** Limits every request of a route by a key taken from it (the client address, for public routes). */
export function rateLimitBy(budget: RequestBudget, keyOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const headers = await budget.spend(keyOf(c));
    offerHeaders(c, headers);
    await next();
    settleHeaders(c, headers);
  };
}
