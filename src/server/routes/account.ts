import { Hono } from 'hono';
import type { AppEnv, Deps } from '../http/context';
import { notFound } from '../http/errors';

/*
 * GET /user/me: the account behind the token, as the hosted service prints it (a bare object, the
 * balance a JSON number in dollars).
 */
export function accountRoutes({ db }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/me', async (c) => {
    const user = await db
      .selectFrom('users')
      .select(['name', 'email', 'balance'])
      .where('id', '=', c.var.user.id)
      .executeTakeFirst();
    // The token resolved a moment ago; a user removed since then is simply gone.
    if (!user) throw notFound('User not found');
    return c.json({ name: user.name, email: user.email, total_balance: Number(user.balance) });
  });

  return r;
}
