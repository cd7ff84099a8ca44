import { Hono } from 'hono';
import {
  LEAD_INVALID_FIELDS_PREFIX,
  PHONE_NUMBER_UPDATABLE_FIELDS,
  phoneNumberSearchQuery,
  purchasePhoneNumberRequest,
  updatePhoneNumberRequest,
} from '../../contract';
import { formatInternational, toE164 } from '../../contract/phone';
import { INSUFFICIENT_BALANCE_NUMBER, spend } from '../account/balance';
import type { Db } from '../db/connect';
import { isoMicros, toDbTimestamp } from '../db/time';
import type { AppEnv, Deps } from '../http/context';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { idParam, parseBody, parseOr422, parseQuery, readJson } from '../http/validate';

/*
 * The caller's numbers and the numbers for sale, as the hosted API's phone-number endpoints give them:
 * list (`{data}`), search the inventory, purchase (charged to the balance), nickname, release.
 */

export const PHONE_NUMBER_NOT_FOUND = 'Phone number not found.';
export const PHONE_NUMBER_IN_USE = 'This phone number is already in use.';
export const PHONE_NUMBER_NOT_FOR_SALE = 'This phone number is not available for purchase. Please search for available numbers first.';
export const PHONE_NUMBER_UNPARSEABLE = 'Unable to parse phone number. Please provide a valid E.164 format number.';
/** How many offers a search gives at most, as a carrier's search page would. */
export const SEARCH_LIMIT = 20;

const TYPES: Record<string, string> = { Normal: 'normal', SIP: 'sip', 'Caller ID': 'caller_id' };
const typeOf = (label: string) => TYPES[label] ?? label.toLowerCase().replace(/\s+/g, '_');

interface Serving {
  id: number;
  name: string;
  type: string;
}

/**
 * The numbers of `userId` (all, or those in `ids`) as GET /user/phone-numbers/all prints them, each with
 * the assistant it serves: the live inbound assistant holding it, else the first live outbound one.
 */
async function ownedNumbers(db: Db, userId: number, ids?: number[]) {
  let q = db
    .selectFrom('phone_numbers as p')
    .leftJoin('phone_number_inventory as i', 'i.phone_number_id', 'p.id')
    .select(['p.id', 'p.phone_number', 'p.country_code', 'p.type_label', 'p.nickname', 'p.monthly_price', 'p.created_at', 'i.sms_capable'])
    .where('p.user_id', '=', userId);
  if (ids) q = q.where('p.id', 'in', ids);
  const rows = await q.orderBy('p.id').execute();
  if (rows.length === 0) return [];
  const assistants = await db
    .selectFrom('assistants')
    .select(['id', 'name', 'type', 'phone_number_id'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('phone_number_id', 'in', rows.map((r) => r.id))
    .orderBy('id')
    .execute();
  const serving = new Map<number, Serving>();
  for (const a of assistants) {
    if (a.phone_number_id === null) continue;
    const held = serving.get(a.phone_number_id);
    if (!held || (held.type !== 'inbound' && a.type === 'inbound')) serving.set(a.phone_number_id, { id: a.id, name: a.name, type: a.type });
  }
  return rows.map((row) => {
    const type = typeOf(row.type_label);
    return {
      id: row.id,
      phone_number: row.phone_number,
      country_code: row.country_code.trim(),
      type,
      type_label: row.type_label,
      nickname: row.nickname,
      sms_capable: row.sms_capable === true,
      region: 'local',
      // Bought and seeded dedicated numbers are paid by the month; SIP and Caller ID numbers are not.
      has_active_subscription: type === 'normal',
      monthly_price: row.monthly_price === null ? null : Number(row.monthly_price),
      assistant: serving.get(row.id) ?? null,
      created_at: isoMicros(row.created_at),
    };
  });
}

/** "assistant Reception (#4), campaign Spring (#2)": who holds a number, for the release refusal. */
async function holdersOf(db: Db, userId: number, phoneId: number): Promise<string[]> {
  const [assistants, campaigns] = await Promise.all([
    db
      .selectFrom('assistants')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('phone_number_id', '=', phoneId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('campaign_phone_numbers as cp')
      .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
      .select(['c.id', 'c.name'])
      .where('c.user_id', '=', userId)
      .where('cp.phone_number_id', '=', phoneId)
      .orderBy('c.id')
      .execute(),
  ]);
  return [
    ...assistants.map((a) => `assistant ${a.name} (#${a.id})`),
    ...campaigns.map((c) => `campaign ${c.name} (#${c.id})`),
  ];
}

export function phoneNumberRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/phone-numbers/all', async (c) => {
    return c.json({ data: await ownedNumbers(db, c.var.user.id) });
  });

  r.get('/phone-numbers/search', async (c) => {
    const { country_code, contains } = parseQuery(c, phoneNumberSearchQuery);
    let q = db
      .selectFrom('phone_number_inventory as i')
      .select(['i.phone_number', 'i.country_code', 'i.monthly_price', 'i.sms_capable', 'i.address_requirements'])
      .where('i.country_code', '=', country_code)
      .where('i.phone_number_id', 'is', null)
      // A number someone holds by other means (seeded, SIP) is not for sale either.
      .where((eb) => eb.not(eb.exists(eb.selectFrom('phone_numbers as p').select('p.id').whereRef('p.phone_number', '=', 'i.phone_number'))));
    if (contains !== undefined) q = q.where('i.phone_number', 'like', `%${contains}%`);
    const rows = await q.orderBy('i.id').limit(SEARCH_LIMIT).execute();
    return c.json({
      data: rows.map((row) => ({
        phone_number: row.phone_number,
        phone_number_formatted: formatInternational(row.phone_number),
        country_code: row.country_code.trim(),
        price: Number(row.monthly_price),
        // Billing runs through the balance here, not through a payment provider.
        stripe_price_id: null,
        address_requirements: row.address_requirements,
        sms_capable: row.sms_capable,
      })),
    });
  });

  r.post('/phone-numbers/purchase', async (c) => {
    const input = await parseBody(c, purchasePhoneNumberRequest);
    const e164 = toE164(input.phone_number);
    if (!e164) throw new ValidationError({ phone_number: [PHONE_NUMBER_UNPARSEABLE] });
    const userId = c.var.user.id;

    const bought = await db.transaction().execute(async (trx) => {
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
    return c.json(
      {
        message: 'Phone number purchased successfully.',
        data: {
          id: bought.id,
          phone_number: bought.phone_number,
          country_code: bought.country_code.trim(),
          type: 'normal',
          sms_capable: bought.sms_capable,
        },
      },
      201,
    );
  });

  r.put('/phone-numbers/:id', async (c) => {
    const id = idParam(c, 'id', PHONE_NUMBER_NOT_FOUND);
    const body = await readJson(c);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, 'The request body must be a JSON object.');
    }
    // As the lead update does: a field we would not store is refused by name, never dropped.
    const allowed: readonly string[] = PHONE_NUMBER_UPDATABLE_FIELDS;
    const invalid = Object.keys(body).filter((k) => !allowed.includes(k));
    if (invalid.length > 0) throw new HttpError(422, `${LEAD_INVALID_FIELDS_PREFIX} ${invalid.join(', ')}`);
    const input = parseOr422(updatePhoneNumberRequest, body);
    const userId = c.var.user.id;
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
    return c.json({ message: 'Phone number updated successfully.', data });
  });

  r.delete('/phone-numbers/:id', async (c) => {
    const id = idParam(c, 'id', PHONE_NUMBER_NOT_FOUND);
    const userId = c.var.user.id;
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('phone_numbers')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(PHONE_NUMBER_NOT_FOUND);
      const holders = await holdersOf(trx, userId, id);
      if (holders.length > 0) {
        throw new HttpError(422, `The phone number is used by ${holders.join(', ')}. Remove it there before releasing it.`);
      }
      // The inventory row, if it came from one, goes back on sale (phone_number_id ON DELETE SET NULL).
      await trx.deleteFrom('phone_numbers').where('id', '=', id).where('user_id', '=', userId).execute();
    });
    return c.json({ message: 'Phone number released successfully.' });
  });

  return r;
}
