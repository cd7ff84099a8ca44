import { sql } from 'kysely';
import type { Db } from '../db/connect';

/** The webhook deliveries waiting to be sent, and how long the oldest has waited (the database's clock). */
export async function webhookBacklog(db: Db): Promise<{ pending: number; oldestAgeS: number }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select([
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string | null>`extract(epoch from (now() - min(created_at)))`.as('oldest'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.n), oldestAgeS: Math.max(0, Number(row.oldest ?? 0)) };
}
