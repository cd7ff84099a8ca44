import type { Context, MiddlewareHandler } from 'hono';
import { userForToken } from '../auth/tokens';
import type { Db } from '../db/connect';
import type { AppEnv } from './context';
import { offerHeaders, settleHeaders } from './answer-headers';
import { HttpError } from './errors';
import type { RequestBudget } from './rate-limit';

/**
 * The token of an `Authorization: Bearer <token>` header. The scheme is case-insensitive and the
 * whitespace around and between the parts is not part of the token (RFC 9110 §11.1), so
 * `bearer T`, `BEARER T` and `Bearer  T ` all name token `T`.
 */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

export interface TokenCheckOptions {
  /** Every request counts against it, answered or refused: a user's by user id, others by address. */
  budget: RequestBudget;
  addressOf: (c: Context) => string;
}

/**
 * Finds the user of the request's bearer token, spends one request of the budget, then refuses the
 * request (401) when there is no such user.
 *
 * The budget is keyed by the user rather than by the token (let alone the header's spelling), as
 * Laravel's `throttle:api` does: a user's tokens share 100 a minute, so minting tokens buys no more.
 * Requests without a valid token are counted by client address, so guessing tokens is limited too;
 * the limit is checked after the token lookup because which key to charge depends on its outcome.
 *
 * A GET or HEAD changes nothing, so its handler runs while the budget is being spent (on PostgreSQL a
 * round trip to `rate_limits`) instead of after it: the answer waits for the slower of the two, not for
 * both. Past the limit the handler's answer is dropped (its stream cancelled) and the 429 goes out as
 * before. Other methods spend first, so a refused request never acts.
 */
export function requireToken(db: Db, { budget, addressOf }: TokenCheckOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const user = token ? await userForToken(db, token) : undefined;
    const spending = budget.spend(user ? `user:${user.id}` : `address:${addressOf(c)}`);
    if (!user) {
      const headers = await spending;
      throw new HttpError(401, 'Unauthenticated.', undefined, headers);
    }
    c.set('user', user);
    let headers: Record<string, string>;
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      // Settled before anything awaits it, so a 429 met while the handler runs is no unhandled rejection.
      // A lease in memory settles it long before the handler has its rows: its headers are then offered to
      // the answer as it is built (http/answer-headers.ts), else set on it below.
      spending.then(
        (h) => offerHeaders(c, h),
        () => undefined,
      );
      await next();
      try {
        headers = await spending;
      } catch (e) {
        await c.res.body?.cancel().catch(() => undefined);
        throw e;
      }
    } else {
      headers = await spending;
      offerHeaders(c, headers);
      await next();
    }
    settleHeaders(c, headers);
  };
}
