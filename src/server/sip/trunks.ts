import { createHash } from 'node:crypto';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Db } from '../db/connect';
import { decryptSecret } from '../telephony/secrets';
import type { TrunkEntry } from './kamailio-config';

/*
 * The trunks (phone_numbers with provider 'sip') as Kamailio's htable holds them, and their numbers as a
 * carrier wants them dialled. Keys (Kamailio's script, sip/kamailio-config.ts, reads them):
 *   n.<number without +> → the trunk's id (the lowest id when several users have the same number)
 *   num.<id> → its number without +;  u.<username> → id;  ha1.<id> → MD5(username:realm:password)
 *   user.<id>, pass.<id> → the credentials Kamailio answers the carrier's challenge with (plain: the carrier's
 *   realm is only known from its challenge)
 *   host.<id> → sip_address;  ip.<id> → the allow-list as subnets ("a/32,b/24") when it authorizes by address
 * A trunk whose password cannot be decrypted (another SECRET_KEY) is left out: its calls are refused.
 */

export interface TrunkRow {
  id: number;
  phone_number: string;
  sip_username: string | null;
  provider_secret: string | null;
  sip_address: string | null;
  inbound_authorization_type: string | null;
  allowed_inbound_ips: unknown;
}

export async function trunkRows(db: Db): Promise<TrunkRow[]> {
  return db
    .selectFrom('phone_numbers')
    .select(['id', 'phone_number', 'sip_username', 'provider_secret', 'sip_address', 'inbound_authorization_type', 'allowed_inbound_ips'])
    .where('provider', '=', 'sip')
    .orderBy('id')
    .execute();
}

const bare = (n: string) => n.trim().replace(/^\+/, '');

function subnet(address: string): string {
  const a = address.trim();
  if (a.includes('/')) return a;
  return a.includes(':') ? `${a}/128` : `${a}/32`;
}

export function trunkEntries(rows: TrunkRow[], secretKey: Buffer | null, realm: string, log: (m: string) => void = console.error): TrunkEntry[] {
  const out: TrunkEntry[] = [];
  const numbers = new Set<string>();
  for (const row of rows) {
    if (!row.sip_username || !row.provider_secret || !secretKey) continue;
    let password: string;
    try {
      password = decryptSecret(secretKey, row.provider_secret);
    } catch {
      log(`SIP trunk ${row.id}: its password cannot be decrypted with this SECRET_KEY; save it again.`);
      continue;
    }
    const id = String(row.id);
    const number = bare(row.phone_number);
    if (!numbers.has(number)) {
      numbers.add(number);
      out.push({ key: `n.${number}`, value: id });
    }
    out.push({ key: `num.${id}`, value: number });
    out.push({ key: `u.${row.sip_username}`, value: id });
    out.push({ key: `ha1.${id}`, value: createHash('md5').update(`${row.sip_username}:${realm}:${password}`).digest('hex') });
    out.push({ key: `user.${id}`, value: row.sip_username });
    out.push({ key: `pass.${id}`, value: password });
    if (row.sip_address) out.push({ key: `host.${id}`, value: row.sip_address });
    const ips = Array.isArray(row.allowed_inbound_ips) ? row.allowed_inbound_ips.filter((a): a is string => typeof a === 'string' && a.trim() !== '') : [];
    if (row.inbound_authorization_type === 'ip') out.push({ key: `ip.${id}`, value: ips.length > 0 ? ips.map(subnet).join(',') : '255.255.255.255/32' });
  }
  return out;
}

/**
 * A number as the trunk's carrier wants it (sip_calling_format): `+e164` "+4930123456", `e164` "4930123456",
 * `national` "030123456" (the national form's digits, in the trunk's country_code). A number that does not
 * parse (an extension, a short code) is dialled as given, spaces and dashes removed.
 */
export function dialledNumber(number: string, format: string | null, countryCode: string | null): string {
  const country = (countryCode?.toUpperCase() || undefined) as CountryCode | undefined;
  const parsed = parsePhoneNumberFromString(number, country);
  if (!parsed?.isValid()) return number.replace(/[\s\-().]/g, '');
  if (format === 'national') return parsed.formatNational().replace(/\D/g, '');
  if (format === 'e164') return parsed.number.replace(/^\+/, '');
  return parsed.number;
}
