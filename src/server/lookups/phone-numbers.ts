import type { ExpressionBuilder } from 'kysely';
import type { z } from 'zod';
import type { phoneNumbersQuerySchema } from '../../contract';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';

type WithNumber = Database & { p: Database['phone_numbers'] };

/** Whether a live inbound assistant holds the number `p`. */
const heldByInboundAssistant = (eb: ExpressionBuilder<WithNumber, 'p'>) =>
  eb.exists(
    eb
      .selectFrom('assistants as a')
      .select('a.id')
      .whereRef('a.phone_number_id', '=', 'p.id')
      .where('a.type', '=', 'inbound')
      .where('a.deleted_at', 'is', null),
  );

/**
 * The caller's phone numbers an assistant may use, by id, each saying whether it is free. For an inbound
 * assistant only a number to receive calls on: no Caller ID numbers, none an inbound assistant already holds.
 */
export async function assistantPhoneNumbers(db: Db, userId: number, { type }: z.output<typeof phoneNumbersQuerySchema>) {
  let q = db
    .selectFrom('phone_numbers as p')
    .select((eb) => [
      'p.id',
      'p.phone_number',
      'p.country_code',
      'p.type_label',
      // Computed, never stored: free unless a live inbound assistant holds the number.
      eb.not(heldByInboundAssistant(eb)).as('is_available'),
    ])
    .where('p.user_id', '=', userId);
  if (type === 'inbound') {
    q = q.where('p.type_label', '<>', 'Caller ID').where((eb) => eb.not(heldByInboundAssistant(eb)));
  }
  const rows = await q.orderBy('p.id').execute();
  return rows.map((row) => ({
    id: row.id,
    phone_number: row.phone_number,
    country_code: row.country_code,
    type_label: row.type_label,
    is_available: Boolean(row.is_available),
  }));
}
