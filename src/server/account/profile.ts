import type { Db } from '../db/connect';
import { notFound } from '../http/errors';

/** The account behind a user id: name, email and balance (numeric, as text). */
export async function accountOf(db: Db, userId: number) {
  const user = await db.selectFrom('users').select(['name', 'email', 'balance']).where('id', '=', userId).executeTakeFirst();
  // The token resolved a moment ago; a user removed since then is simply gone.
  if (!user) throw notFound('User not found');
  return user;
}
