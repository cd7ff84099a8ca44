import { toE164 } from '../../contract/phone';
import { INSUFFICIENT_BALANCE_NUMBER, spend } from '../account/balance';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { HttpError, ValidationError } from '../http/errors';

export const PHONE_NUMBER_IN_USE = 'This phone number is already in use.';
export const PHONE_NUMBER_NOT_FOR_SALE = 'This phone number is not available for purchase. Please search for available numbers first.';
export const PHONE_NUMBER_UNPARSEABLE = 'Unable to parse phone number. Please provide a valid E.164 format number.';

/**
 * Buys a number from the inventory for `userId`, charged to the balance: a 422 when it does not parse, is
 * held already, is not on sale, or costs more than the balance holds.
 */
export async function purchaseNumber(db: Db, now: () => Date, userId: number, phoneNumber: string) {
  const e164 = toE164(phoneNumber);
  if (!e164) throw new ValidationError({ phone_number: [PHONE_NUMBER_UNPARSEABLE] });
  return db.transaction().execute(async (trx) => {
    // The row lock makes a second purchase of the same number wait, then see it taken.
    const offer = await trx
      .selectFrom('phone_number_inventory')
      .selectAll()
      .where('phone_number', '=', e164)
      .forUpdate()
      .executeTakeFirst();
    const held = await trx.selectFrom('phone_numbers').select('id').where('phone_number', '=', e164).executeTakeFirst();
    if (held || (offer && offer.phone_number_id !== null)) throw new HttpError(422, PHONE_NUMBER_IN_USE);
    if (!offer) throw new HttpError(422, PHONE_NUMBER_NOT_FOR_SALE);
    const price = Number(offer.monthly_price);
    if (!(await spend(trx, userId, price))) throw new HttpError(422, INSUFFICIENT_BALANCE_NUMBER);
    const row = await trx
      .insertInto('phone_numbers')
      .values({
        user_id: userId,
        phone_number: e164,
        country_code: offer.country_code.trim(),
        type_label: 'Normal',
        monthly_price: offer.monthly_price,
        created_at: toDbTimestamp(now()),
      })
      .returning(['id', 'phone_number', 'country_code'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('phone_number_inventory').set({ phone_number_id: row.id }).where('id', '=', offer.id).execute();
    return { ...row, sms_capable: offer.sms_capable };
  });
}
