import type { z } from 'zod';
import type { updatePhoneNumberRequest } from '../../contract';
import type { Db } from '../db/connect';
import { notFound } from '../http/errors';
import { ownedNumbers, PHONE_NUMBER_NOT_FOUND } from './owned';

/** Sets the nickname of one of the caller's numbers ('' clears it) and gives the number back; a 404 when it is not theirs. */
export async function updateNumber(db: Db, userId: number, id: number, input: z.output<typeof updatePhoneNumberRequest>) {
  if (input.nickname !== undefined) {
    await db
      .updateTable('phone_numbers')
      .set({ nickname: input.nickname === '' ? null : input.nickname })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }
  const [data] = await ownedNumbers(db, userId, [id]);
  if (!data) throw notFound(PHONE_NUMBER_NOT_FOUND);
  return data;
}
