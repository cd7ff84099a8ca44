import { sql } from 'kysely';
import type { Db } from '../db/connect';

/*
 * The account balance (users.balance, dollars). Every change is one UPDATE that reads and writes the
 * figure in the same statement, so two spends racing each see the other's result: a spend guarded by
 * `balance >= cost` can never take the balance below zero, however many run at once.
 */

/** The hosted service's words (POST /user/make_call, 422). */
export const INSUFFICIENT_BALANCE_CALL = 'Insufficient balance to make call. Please top up your account.';
/** The same sentence for a number (the hosted service's purchase answers a payment error instead). */
export const INSUFFICIENT_BALANCE_NUMBER = 'Insufficient balance to purchase this phone number. Please top up your account.';

/** Takes `amount` if the balance covers it; false (and nothing taken) otherwise. */
export async function spend(db: Db, userId: number, amount: number): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ balance: sql`balance - ${String(amount)}::numeric` })
    .where('id', '=', userId)
    .where('balance', '>=', sql<string>`${String(amount)}::numeric`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Takes `amount` whatever is left: what a call cost is owed once it has ended, so the last call of an
 * account may take it below zero (new calls then need a top-up, as on the hosted service).
 */
export async function charge(db: Db, userId: number, amount: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ balance: sql`balance - ${String(amount)}::numeric` })
    .where('id', '=', userId)
    .execute();
}

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirst();
  return row ? Number(row.balance) : 0;
}
