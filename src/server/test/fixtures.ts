import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect';
import type { NewCall } from '../db/schema';
import { toDbTimestamp } from '../db/time';

/*
 * Rows inserted straight into the database, for tests that need assistants, numbers, campaigns or a
 * call log without going through (or depending on) the endpoints that make them; and a few rows read
 * straight back (seeded ids, calls in flight).
 */

const voiceFor = new WeakMap<Db, number>();

export async function ensureVoice(db: Db): Promise<number> {
  const known = voiceFor.get(db);
  if (known !== undefined) return known;
  const row = await db.insertInto('voices').values({ user_id: null, name: 'Fixture voice', mode: 'pipeline' }).returning('id').executeTakeFirstOrThrow();
  voiceFor.set(db, row.id);
  return row.id;
}

export async function insertPhoneNumber(
  db: Db,
  userId: number,
  phone = `+4930${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`,
  typeLabel = 'Normal',
  countryCode = 'DE',
): Promise<{ id: number; phone_number: string }> {
  return db
    .insertInto('phone_numbers')
    .values({ user_id: userId, phone_number: phone, country_code: countryCode, type_label: typeLabel })
    .returning(['id', 'phone_number'])
    .executeTakeFirstOrThrow();
}

/**
 * The seeded rows of a lookup table by name: the public voices, the language models or the languages.
 * `const voice = await seededIds(db, 'voices'); voice('Rachel')` is the id of the public voice Rachel.
 */
export async function seededIds(db: Db, table: 'voices' | 'llm_models' | 'languages'): Promise<(name: string) => number> {
  const rows =
    table === 'voices'
      ? await db.selectFrom('voices').select(['id', 'name']).where('user_id', 'is', null).execute()
      : await db.selectFrom(table).select(['id', 'name']).execute();
  return (name) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`No seeded row named ${name} in ${table}`);
    return row.id;
  };
}

export interface AssistantFixture {
  name?: string;
  type?: 'inbound' | 'outbound';
  timezone?: string;
  phone_number_id?: number | null;
  deleted?: boolean;
  record?: boolean;
}

export async function insertAssistant(db: Db, userId: number, a: AssistantFixture = {}): Promise<{ id: number; name: string }> {
  const voice = await ensureVoice(db);
  return db
    .insertInto('assistants')
    .values({
      user_id: userId,
      uuid: randomUUID(),
      name: a.name ?? 'Fixture assistant',
      type: a.type ?? 'outbound',
      mode: 'pipeline',
      voice_id: voice,
      timezone: a.timezone ?? 'Europe/Berlin',
      phone_number_id: a.phone_number_id ?? null,
      language_id: null,
      language: 'English',
      llm_model_id: null,
      ...(a.record !== undefined && { record: a.record }),
      ...(a.deleted && { deleted_at: toDbTimestamp(new Date()) }),
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function insertCampaign(
  db: Db,
  userId: number,
  c: { name?: string; assistant_id?: number | null; status?: string } = {},
): Promise<{ id: number; name: string }> {
  return db
    .insertInto('campaigns')
    .values({
      user_id: userId,
      name: c.name ?? 'Fixture campaign',
      assistant_id: c.assistant_id ?? null,
      status: c.status ?? 'draft',
      allowed_days: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** A lead of the campaign; with `parent_lead_id`, a secondary contact. `updated_at` in the database's text form. */
export async function insertLead(
  db: Db,
  userId: number,
  campaignId: number,
  l: { status: string; parent_lead_id?: number | null; updated_at?: string },
): Promise<number> {
  const row = await db
    .insertInto('leads')
    .values({
      user_id: userId,
      campaign_id: campaignId,
      parent_lead_id: l.parent_lead_id ?? null,
      phone_number: '+12025550100',
      variables: '{}',
      status: l.status,
      ...(l.updated_at !== undefined && { updated_at: l.updated_at }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The lines a campaign has in use: its calls the engine is still playing (engine_next_at is cleared at the
 * outcome). Counted here by the tests themselves, apart from the dialler's own count, which they check.
 */
export async function callsInFlight(db: Db, campaignId: number): Promise<number> {
  const rows = await db.selectFrom('calls').select('id').where('campaign_id', '=', campaignId).where('engine_next_at', 'is not', null).execute();
  return rows.length;
}

export type CallFixture = Partial<Omit<NewCall, 'user_id'>> & { at?: Date | string };

/** A call of the user; `at` sets created_at (a Date, or the database's text "2026-03-01 12:00:00"). */
export async function insertCall(db: Db, userId: number, call: CallFixture = {}): Promise<number> {
  const { at, ...rest } = call;
  const ts = at === undefined ? toDbTimestamp(new Date()) : typeof at === 'string' ? at : toDbTimestamp(at);
  const row = await db
    .insertInto('calls')
    .values({
      user_id: userId,
      type: 'outbound',
      status: 'completed',
      client_phone_number: '+4930123456',
      assistant_name: 'Fixture assistant',
      variables: '{}',
      evaluation: '{}',
      created_at: ts,
      updated_at: ts,
      ...rest,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
