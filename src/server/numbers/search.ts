import type { z } from 'zod';
import type { phoneNumberSearchQuery } from '../../contract';
import { formatInternational } from '../../contract/phone';
import type { Db } from '../db/connect';

/** How many offers a search gives at most, as a carrier's search page would. */
export const SEARCH_LIMIT = 20;

/** The numbers for sale in a country (those containing some digits, when asked), by inventory order. */
export async function searchNumbers(db: Db, { country_code, contains }: z.output<typeof phoneNumberSearchQuery>) {
  let q = db
    .selectFrom('phone_number_inventory as i')
    .select(['i.phone_number', 'i.country_code', 'i.monthly_price', 'i.sms_capable', 'i.address_requirements'])
    .where('i.country_code', '=', country_code)
    .where('i.phone_number_id', 'is', null)
    // A number someone holds by other means (seeded, SIP) is not for sale either.
    .where((eb) => eb.not(eb.exists(eb.selectFrom('phone_numbers as p').select('p.id').whereRef('p.phone_number', '=', 'i.phone_number'))));
  if (contains !== undefined) q = q.where('i.phone_number', 'like', `%${contains}%`);
  const rows = await q.orderBy('i.id').limit(SEARCH_LIMIT).execute();
  return rows.map((row) => ({
    phone_number: row.phone_number,
    phone_number_formatted: formatInternational(row.phone_number),
    country_code: row.country_code.trim(),
    price: Number(row.monthly_price),
    // Billing runs through the balance here, not through a payment provider.
    stripe_price_id: null,
    address_requirements: row.address_requirements,
    sms_capable: row.sms_capable,
  }));
}
