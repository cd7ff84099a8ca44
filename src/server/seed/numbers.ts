import type { Db } from '../db/connect';
import type { Rng } from '../engine/random';
import { randomPhone, type Country } from './calls';

/* The demo account's phone numbers: every label, in three countries. */

export interface NumberSpec {
  key: string;
  country: Country;
  label: 'Normal' | 'SIP' | 'Caller ID';
  shape: (rng: Rng) => string;
}

export const DEMO_NUMBERS: NumberSpec[] = [
  { key: 'us_sf', country: 'US', label: 'Normal', shape: (r) => `+1415${r.int(2, 9)}${r.digits(6)}` },
  { key: 'us_nyc', country: 'US', label: 'Normal', shape: (r) => `+1646${r.int(2, 9)}${r.digits(6)}` },
  { key: 'us_sip', country: 'US', label: 'SIP', shape: (r) => `+1212${r.int(2, 9)}${r.digits(6)}` },
  { key: 'us_cid', country: 'US', label: 'Caller ID', shape: (r) => `+1628${r.int(2, 9)}${r.digits(6)}` },
  { key: 'gb_london', country: 'GB', label: 'Normal', shape: (r) => `+44207${r.digits(7)}` },
  { key: 'gb_cid', country: 'GB', label: 'Caller ID', shape: (r) => `+44161${r.int(2, 9)}${r.digits(6)}` },
  { key: 'de_berlin', country: 'DE', label: 'Normal', shape: (r) => `+4930${r.int(2, 9)}${r.digits(7)}` },
  { key: 'de_sip', country: 'DE', label: 'SIP', shape: (r) => `+4989${r.int(2, 9)}${r.digits(7)}` },
];

export async function insertNumbers(db: Db, userId: number, specs: NumberSpec[], rng: Rng, createdAt: string): Promise<Map<string, number>> {
  const rows = specs.map((s) => ({
    user_id: userId,
    phone_number: randomPhone(rng, s.country, s.shape),
    country_code: s.country,
    type_label: s.label,
    created_at: createdAt,
  }));
  const inserted = await db.insertInto('phone_numbers').values(rows).returning('id').execute();
  return new Map(specs.map((s, i) => [s.key, (inserted[i] as { id: number }).id]));
}
