import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  isIpAddress,
  sipTrunkCrossFieldErrors,
  type createSipTrunkRequest,
  type SipCallingFormat,
  type SipInboundAuthorizationType,
  type SipTrunkType,
  type updateSipTrunkRequest,
} from '../../contract';
import type { Db } from '../db/connect';
import type { PhoneNumbersTable } from '../db/schema';
import { isoMicros, isoMicrosOrNull, toDbTimestamp } from '../db/time';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { isPrivateAddress } from '../outgoing/address-guard';
import { encryptSecret } from '../telephony/secrets';
import type { Selectable, Updateable } from 'kysely';

/*
 * SIP trunks (issue 40): a trunk is one of the user's phone numbers with provider 'sip' and type label "SIP"
 * (migration 0022), so it is listed, looked up, assigned and released as any number is. Its password is kept
 * encrypted as an imported number's credential is (telephony/secrets.ts), never returned and never logged.
 * The SIP side (Kamailio's configuration, the service's SIP endpoint) reads these rows.
 */

export const SIP_TRUNK_NOT_FOUND = 'SIP trunk not found.';
export const SIP_TRUNK_CREATED = 'SIP trunk created successfully.';
export const SIP_TRUNK_UPDATED = 'SIP trunk updated successfully.';
export const SIP_USERNAME_TAKEN = 'The sip username has already been taken.';
export const SIP_NUMBER_HELD = 'You already have this number.';
export const SIP_ADDRESS_PRIVATE = 'The sip address field must be a public host: this service does not send calls to private or loopback addresses.';
export const NO_SECRET_KEY_SIP = 'SIP trunks need SECRET_KEY: the service stores the trunk password encrypted with it.';

/** What the trunk routes need beside the database. */
export interface TrunkDeps {
  db: Db;
  now: () => Date;
  /** The AES-256 key of stored credentials (telephony/secrets.ts); null: a password cannot be stored (503). */
  secretKey: Buffer | null;
  /** ALLOW_PRIVATE_URLS: a trunk may send calls to loopback and private addresses (tests, a PBX on the LAN). */
  allowPrivateUrls: boolean;
}

type Row = Selectable<PhoneNumbersTable>;

const TRUNK_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id in the hosted service's form ("ST_" and 12 letters or digits), for debugging. */
export function newTrunkId(): string {
  const bytes = randomBytes(12);
  let out = 'ST_';
  for (const b of bytes) out += TRUNK_ID_ALPHABET[b % TRUNK_ID_ALPHABET.length];
  return out;
}

/** The trunk record as the list prints it; `withIds` adds the trunk ids (the single trunk, creates, updates). */
export function trunkRecord(row: Row, withIds: boolean) {
  const record = {
    id: row.id,
    phone_number: row.phone_number,
    sip_trunk_type: row.sip_trunk_type,
    sip_username: row.sip_username,
    sip_address: row.sip_address,
    sip_calling_format: row.sip_calling_format ?? '',
    inbound_authorization_type: row.inbound_authorization_type ?? '',
    allowed_inbound_ips: row.allowed_inbound_ips,
    outbound_proxy: row.outbound_proxy,
    country_code: row.country_code.trim(),
    created_at: isoMicros(row.created_at),
    updated_at: isoMicrosOrNull(row.updated_at) ?? isoMicros(row.created_at),
  };
  return withIds ? { ...record, inbound_trunk_id: row.inbound_trunk_id, outbound_trunk_id: row.outbound_trunk_id } : record;
}

const trunks = (db: Db, userId: number) => db.selectFrom('phone_numbers').selectAll().where('user_id', '=', userId).where('provider', '=', 'sip');

export async function listSipTrunks(db: Db, userId: number) {
  const rows = await trunks(db, userId).orderBy('id').execute();
  return rows.map((r) => trunkRecord(r, false));
}

export async function getSipTrunk(db: Db, userId: number, id: number) {
  const row = await trunks(db, userId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SIP_TRUNK_NOT_FOUND);
  return trunkRecord(row, true);
}

/** A literal private or loopback address (or "localhost") where calls would go; names are judged by the SIP side when it sends. */
function privateHost(host: string, allowPrivate: boolean): boolean {
  if (allowPrivate) return false;
  const bare = host.replace(/^\[|\]$/g, '');
  if (/^localhost\.?$/i.test(bare) || /\.localhost\.?$/i.test(bare)) return true;
  return isIpAddress(bare) && isPrivateAddress(bare);
}

/** PostgreSQL's unique_violation: two requests raced past the username check, the index refused the second. */
function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/** The rules that need the database: the username is free among all trunks, the number among the user's own. */
async function storedConflicts(db: Db, userId: number, t: { sip_username?: string; phone_number?: string }, self: number | null) {
  const errors: Record<string, string[]> = {};
  if (t.sip_username !== undefined) {
    let q = db.selectFrom('phone_numbers').select('id').where('provider', '=', 'sip').where('sip_username', '=', t.sip_username);
    if (self !== null) q = q.where('id', '<>', self);
    if (await q.executeTakeFirst()) errors.sip_username = [SIP_USERNAME_TAKEN];
  }
  if (t.phone_number !== undefined) {
    let q = db.selectFrom('phone_numbers').select('id').where('user_id', '=', userId).where('phone_number', '=', t.phone_number);
    if (self !== null) q = q.where('id', '<>', self);
    if (await q.executeTakeFirst()) errors.phone_number = [SIP_NUMBER_HELD];
  }
  return errors;
}

function sealPassword(deps: TrunkDeps, password: string): string {
  if (!deps.secretKey) throw new HttpError(503, NO_SECRET_KEY_SIP);
  return encryptSecret(deps.secretKey, password);
}

async function uniqueUsername<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new ValidationError({ sip_username: [SIP_USERNAME_TAKEN] });
    throw e;
  }
}

export async function createSipTrunk(deps: TrunkDeps, userId: number, input: z.output<typeof createSipTrunkRequest>) {
  const { db } = deps;
  const errors = await storedConflicts(db, userId, input, null);
  if (privateHost(input.sip_address, deps.allowPrivateUrls)) errors.sip_address = [SIP_ADDRESS_PRIVATE];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const secret = sealPassword(deps, input.sip_password);
  const ts = toDbTimestamp(deps.now());
  const ip = input.inbound_authorization_type === 'ip';
  const row = await uniqueUsername(() =>
    db
      .insertInto('phone_numbers')
      .values({
        user_id: userId,
        phone_number: input.phone_number,
        country_code: input.country_code,
        type_label: 'SIP',
        nickname: null,
        monthly_price: null,
        provider: 'sip',
        provider_secret: secret,
        sip_trunk_type: input.sip_trunk_type,
        sip_username: input.sip_username,
        sip_address: input.sip_address,
        sip_calling_format: input.sip_calling_format,
        inbound_authorization_type: input.inbound_authorization_type,
        // Only an IP-authorised trunk keeps a list; an auth trunk has none.
        allowed_inbound_ips: ip ? JSON.stringify(input.allowed_inbound_ips ?? []) : null,
        outbound_proxy: input.outbound_proxy ?? false,
        inbound_trunk_id: newTrunkId(),
        outbound_trunk_id: newTrunkId(),
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return trunkRecord(row, true);
}

/**
 * A partial update: only the fields sent change. The rules tying fields together run on the trunk as it
 * will be. Switching to `ip` needs a list (sent now, or kept from before); switching to `auth` clears it.
 * As the hosted service rebuilds its trunks: a new username, password or number makes both trunk ids new;
 * the address or the proxy flag the outbound one; the authorization the inbound one.
 */
export async function updateSipTrunk(deps: TrunkDeps, userId: number, id: number, input: z.output<typeof updateSipTrunkRequest>) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trunks(trx, userId).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(SIP_TRUNK_NOT_FOUND);
    const type = (input.sip_trunk_type ?? row.sip_trunk_type ?? 'number') as SipTrunkType;
    const auth = (input.inbound_authorization_type ?? row.inbound_authorization_type ?? 'auth') as SipInboundAuthorizationType;
    const ips = auth === 'auth' ? null : input.allowed_inbound_ips !== undefined ? input.allowed_inbound_ips : row.allowed_inbound_ips;
    const phone = input.phone_number ?? row.phone_number;
    const errors = sipTrunkCrossFieldErrors({ sip_trunk_type: type, phone_number: phone, inbound_authorization_type: auth, allowed_inbound_ips: ips });
    const changed = <K extends keyof Row>(key: K, value: Row[K] | undefined) => value !== undefined && value !== row[key];
    const conflicts = await storedConflicts(
      trx,
      userId,
      {
        ...(changed('sip_username', input.sip_username) && { sip_username: input.sip_username }),
        ...(changed('phone_number', input.phone_number) && { phone_number: input.phone_number }),
      },
      id,
    );
    Object.assign(errors, conflicts);
    if (input.sip_address !== undefined && privateHost(input.sip_address, deps.allowPrivateUrls)) errors.sip_address = [SIP_ADDRESS_PRIVATE];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    const sameIps = JSON.stringify(ips ?? null) === JSON.stringify(row.allowed_inbound_ips ?? null);
    const both = changed('sip_username', input.sip_username) || input.sip_password !== undefined || changed('phone_number', input.phone_number);
    const outbound = both || changed('sip_address', input.sip_address) || changed('outbound_proxy', input.outbound_proxy);
    const inbound = both || changed('inbound_authorization_type', input.inbound_authorization_type) || !sameIps;
    const set: Updateable<PhoneNumbersTable> = {};
    if (input.sip_trunk_type !== undefined) set.sip_trunk_type = input.sip_trunk_type;
    if (input.phone_number !== undefined) set.phone_number = input.phone_number;
    if (input.sip_username !== undefined) set.sip_username = input.sip_username;
    if (input.sip_password !== undefined) set.provider_secret = sealPassword(deps, input.sip_password);
    if (input.sip_address !== undefined) set.sip_address = input.sip_address;
    if (input.sip_calling_format !== undefined) set.sip_calling_format = input.sip_calling_format satisfies SipCallingFormat;
    if (input.inbound_authorization_type !== undefined) set.inbound_authorization_type = input.inbound_authorization_type;
    if (!sameIps) set.allowed_inbound_ips = ips === null ? null : JSON.stringify(ips);
    if (input.country_code !== undefined) set.country_code = input.country_code;
    if (input.outbound_proxy !== undefined) set.outbound_proxy = input.outbound_proxy;
    if (inbound) set.inbound_trunk_id = newTrunkId();
    if (outbound) set.outbound_trunk_id = newTrunkId();
    set.updated_at = toDbTimestamp(deps.now());
    const updated = await uniqueUsername(() =>
      trx
        .updateTable('phone_numbers')
        .set(set)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return trunkRecord(updated, true);
  });
}
