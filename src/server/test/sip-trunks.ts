import { createSocket } from 'node:dgram';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { encryptSecret } from '../telephony/secrets';

/*
 * SIP trunks for the SIP tests and the benchmark, written straight to phone_numbers (the trunk routes are
 * tested on their own), with the password encrypted as the routes store it.
 */

export interface TrunkFixture {
  phoneNumber: string;
  username: string;
  password: string;
  sipAddress: string;
  type?: 'extension' | 'number';
  callingFormat?: '+e164' | 'e164' | 'national';
  countryCode?: string;
  allowedIps?: string[] | null;
  outboundProxy?: boolean;
}

export async function insertTrunk(db: Db, secretKey: Buffer, userId: number, t: TrunkFixture): Promise<number> {
  const row = await db
    .insertInto('phone_numbers')
    .values({
      user_id: userId,
      phone_number: t.phoneNumber,
      country_code: t.countryCode ?? 'DE',
      type_label: 'SIP',
      nickname: null,
      monthly_price: null,
      provider: 'sip',
      provider_secret: encryptSecret(secretKey, t.password),
      sip_trunk_type: t.type ?? (t.phoneNumber.startsWith('+') ? 'number' : 'extension'),
      sip_username: t.username,
      sip_address: t.sipAddress,
      sip_calling_format: t.callingFormat ?? '+e164',
      inbound_authorization_type: t.allowedIps ? 'ip' : 'auth',
      allowed_inbound_ips: t.allowedIps ? JSON.stringify(t.allowedIps) : null,
      outbound_proxy: t.outboundProxy ?? false,
      created_at: toDbTimestamp(new Date()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A UDP port free on `host` now (SIP ports must be fixed before Kamailio's configuration is written). */
export async function freeUdpPort(host = '127.0.0.1'): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, host, () => r()));
  const { port } = socket.address();
  await new Promise<void>((r) => socket.close(() => r()));
  return port;
}
