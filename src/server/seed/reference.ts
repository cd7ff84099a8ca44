import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import type { Rng } from '../engine/random';

/*
 * What every part of the demo seed shares: the public voices, models and languages it refers to (looked up
 * by name and mode, and only made when a database lacks them), the seeded user, and the seed's dates.
 */

export type Ref = { id: number; name: string };

export interface ReferenceData {
  pipelineVoices: Ref[];
  multimodalVoices: Ref[];
  textModels: Ref[];
  realtimeModels: Ref[];
  english: Ref;
  german: Ref;
}

/** The public voices, models and languages the seed refers to; what a database lacks is added. */
export async function referenceData(db: Db): Promise<ReferenceData> {
  const voices = async (mode: 'pipeline' | 'multimodal', fallback: string[]) => {
    const find = () =>
      db.selectFrom('voices').select(['id', 'name']).where('user_id', 'is', null).where('mode', '=', mode).orderBy('id').execute();
    let rows = await find();
    if (rows.length === 0) {
      await db.insertInto('voices').values(fallback.map((name) => ({ user_id: null, name, mode }))).execute();
      rows = await find();
    }
    return rows;
  };
  const models = async (multimodal: boolean, fallback: string[]) => {
    const find = () =>
      db.selectFrom('llm_models').select(['id', 'name']).where('multimodal', '=', multimodal).orderBy('id').execute();
    let rows = await find();
    if (rows.length === 0) {
      const existing = new Set((await db.selectFrom('llm_models').select('name').execute()).map((r) => r.name));
      const missing = fallback.filter((name) => !existing.has(name));
      if (missing.length > 0) await db.insertInto('llm_models').values(missing.map((name) => ({ name, multimodal }))).execute();
      rows = await find();
    }
    return rows;
  };
  const language = async (name: string, iso2: string) => {
    const row = await db.selectFrom('languages').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
    return row ?? db.insertInto('languages').values({ name, iso_2: iso2 }).returning(['id', 'name']).executeTakeFirstOrThrow();
  };
  return {
    pipelineVoices: await voices('pipeline', ['Rachel', 'Adam', 'Bella']),
    multimodalVoices: await voices('multimodal', ['Alloy', 'Shimmer']),
    textModels: await models(false, ['gpt-4o', 'gpt-4o-mini']),
    realtimeModels: await models(true, ['gpt-4o-realtime']),
    english: await language('English', 'en'),
    german: await language('German', 'de'),
  };
}


export const at = (i: number, list: Ref[]): Ref => list[i % list.length] as Ref;
/** A moment `days` before `now`, at a random second of that day. */
export const daysAgo = (now: Date, days: number, rng: Rng) => toDbTimestamp(new Date(now.getTime() - days * 86_400_000 - rng.int(0, 86_399) * 1000));

export interface SeededUser {
  id: number;
  numbers: Map<string, number>;
}


export async function providerId(db: Db, code: string): Promise<number | null> {
  const row = await db.selectFrom('synthesizer_providers').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id ?? null;
}

export async function insertUser(db: Db, email: string, name: string, createdAt: string): Promise<number> {
  const row = await db.insertInto('users').values({ email, name, created_at: createdAt }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
