import type { Db } from '../db/connect';

/** Whether this database holds the demo data (its user demo@example.com). */
export async function hasDemoUser(db: Db): Promise<boolean> {
  const demo = await db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirst();
  return Boolean(demo);
}
