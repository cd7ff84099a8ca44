import { sql, type Transaction } from 'kysely';
import { TOOL_LIMITS, TOOL_PLAN_LIMIT_MESSAGE } from '../../contract';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

/** The plan's cap on tools per user: a 422 when `userId` already has as many as the plan allows. */
export async function checkToolPlanLimit(trx: Transaction<Database>, userId: number): Promise<void> {
  // Serialise creates per user so two at once cannot both pass the plan check.
  await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
  const { count } = await trx
    .selectFrom('tools')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= TOOL_LIMITS.maxPerUser) throw new HttpError(422, TOOL_PLAN_LIMIT_MESSAGE);
}
