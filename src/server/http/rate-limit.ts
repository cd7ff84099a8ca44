import type { MiddlewareHandler } from 'hono';
import { hashToken } from '../auth/tokens';
import { HttpError } from './errors';

export interface RateLimitOptions {
  /** Requests a window per token; the hosted service allows 100 a minute. */
  limit: number;
  windowMs: number;
}

/** A fixed window per token (per address without one), as Laravel's `throttle:100,1` does. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = Date.now();
  return async (c, next) => {
    const now = Date.now();
    if (now - lastSweep > options.windowMs) {
      for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
      lastSweep = now;
    }
    const auth = c.req.header('authorization') ?? '';
    const key = auth ? `t:${hashToken(auth)}` : `a:${c.req.header('x-forwarded-for') ?? 'local'}`;
    let w = windows.get(key);
    if (!w || now - w.start >= options.windowMs) {
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    w.count += 1;
    const remaining = Math.max(0, options.limit - w.count);
    const headers = {
      'X-RateLimit-Limit': String(options.limit),
      'X-RateLimit-Remaining': String(remaining),
    };
    if (w.count > options.limit) {
      const retryAfter = Math.max(1, Math.ceil((w.start + options.windowMs - now) / 1000));
      const err = new HttpError(429, 'Too Many Attempts.', undefined, {
        ...headers,
        'Retry-After': String(retryAfter),
        'X-RateLimit-Reset': String(Math.ceil((w.start + options.windowMs) / 1000)),
      });
      (err as HttpError & { retryAfter?: number }).retryAfter = retryAfter;
      throw err;
    }
    await next();
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  };
}
