import type { Db } from '../db/connect';
import { isoMicros } from '../db/time';

export const PHONE_NUMBER_NOT_FOUND = 'Phone number not found.';

const TYPES: Record<string, string> = { Normal: 'normal', SIP: 'sip', 'Caller ID': 'caller_id' };
const typeOf = (label: string) => TYPES[label] ?? label.toLowerCase().replace(/\s+/g, '_');

export interface Serving {
  id: number;
  name: string;
  type: string;
}

/**
 * The numbers of `userId` (all, or those in `ids`) as GET /user/phone-numbers/all prints them, each with
 * the assistant it serves: the live inbound assistant holding it, else the first live outbound one.
 */
export async function ownedNumbers(db: Db, userId: number, ids?: number[]) {
  let q = db
    .selectFrom('phone_numbers as p')
    .leftJoin('phone_number_inventory as i', 'i.phone_number_id', 'p.id')
    .select(['p.id', 'p.phone_number', 'p.country_code', 'p.type_label', 'p.nickname', 'p.monthly_price', 'p.created_at', 'p.provider', 'i.sms_capable'])
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
      has_active_subscription: type === 'normal' && row.provider === null,
      monthly_price: row.monthly_price === null ? null : Number(row.monthly_price),
      assistant: serving.get(row.id) ?? null,
      // Our extension: 'twilio' for a number imported from the user's Twilio account; null for this service's own.
      provider: row.provider,
      created_at: isoMicros(row.created_at),
    };
  });
}
