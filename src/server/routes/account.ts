import { Hono } from 'hono';
import { accountOf } from '../account/profile';
import type { AppEnv, Deps } from '../http/context';

/*
 * GET /user/me: the account behind the token, as the hosted service prints it (a bare object, the
 * balance a JSON number in dollars).
 */
export function accountRoutes({ db }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/me', async (c) => {
    const user = await accountOf(db, c.var.user.id);
    return c.json({ name: user.name, email: user.email, total_balance: Number(user.balance) });
  });

  return r;
}
