import type { MiddlewareHandler } from 'hono';
import { userForToken } from '../auth/tokens';
import type { Db } from '../db/connect';
import type { AppEnv } from './context';
import { HttpError } from './errors';

export function requireToken(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const user = m?.[1] ? await userForToken(db, m[1]) : undefined;
    if (!user) throw new HttpError(401, 'Unauthenticated.');
    c.set('user', user);
    await next();
  };
}
