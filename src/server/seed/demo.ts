import type { Transaction } from 'kysely';
import { issueToken } from '../auth/tokens';
import type { Database } from '../db/schema';
import type { Db } from '../db/connect';
import { Rng } from '../engine/random';
import { insertAssistants, DEMO_ASSISTANTS } from './assistants';
import { generateCalls } from './calls';
import { DEMO_CAMPAIGNS, insertCampaigns } from './campaigns';
import { seedConversations } from './conversations';
import { seedFolders } from './folders';
import { seedKnowledge } from './knowledge';
import { DEMO_NUMBERS, insertNumbers } from './numbers';
import { at, daysAgo, insertUser, providerId, referenceData, type ReferenceData, type SeededUser } from './reference';
import { seedSmallAccount } from './small-account';
import { seedSuites } from './suites';
import { DEMO_TOOLS, insertTools } from './tools';

/*
 * The demo data of a fresh database: demo@example.com with a realistic account (numbers, own voices,
 * assistants of both directions and modes with tools, campaigns with leads, 2,000 calls over 60 days, a
 * knowledge base, folders and labels, text conversations, a test suite with two runs) and
 * second@example.com with a little of each. One file per domain seeded; this one orders them.
 * Deterministic for a seed and a `now` (the random ids, uuids and tokens aside).
 */

export const DEMO_EMAIL = 'demo@example.com';
export const SECOND_EMAIL = 'second@example.com';
export const DEMO_CALLS = 2000;
export const SECOND_CALLS = 20;
/** Dollars left on the demo account (new users get the column default, 25.00). */
export const DEMO_BALANCE = '50.00';

export interface SeedOptions {
  now?: Date;
  /** Calls of the demo user (default 2,000). */
  calls?: number;
  seed?: number;
}


async function seedDemoAccount(db: Db, refs: ReferenceData, rng: Rng, now: Date, calls: number, seed: number): Promise<{ id: number; assistants: Map<string, number> }> {
  const id = await insertUser(db, DEMO_EMAIL, 'Demo User', daysAgo(now, 95, rng));
  await db.updateTable('users').set({ balance: DEMO_BALANCE }).where('id', '=', id).execute();
  const numbers = await insertNumbers(db, id, DEMO_NUMBERS, rng, daysAgo(now, 94, rng));
  const user: SeededUser = { id, numbers };
  const ownVoices = await db
    .insertInto('voices')
    .values([
      {
        user_id: id,
        name: 'Emma – cloned receptionist',
        mode: 'pipeline',
        language_id: refs.english.id,
        gender: 'female',
        accent: 'American',
        age: 'Middle aged',
        synthesizer_provider_id: await providerId(db, 'elevenlabs'),
      },
      {
        user_id: id,
        name: 'Jordan – realtime custom',
        mode: 'multimodal',
        language_id: refs.german.id,
        gender: 'male',
        accent: null,
        age: 'Young',
      },
    ])
    .returning(['id', 'mode'])
    .execute();
  const own = {
    pipeline: ownVoices.find((v) => v.mode === 'pipeline')?.id ?? at(0, refs.pipelineVoices).id,
    multimodal: ownVoices.find((v) => v.mode === 'multimodal')?.id ?? at(0, refs.multimodalVoices).id,
  };
  const tools = await insertTools(db, id, DEMO_TOOLS, daysAgo(now, 90, rng));
  const assistants = await insertAssistants(db, user, DEMO_ASSISTANTS, refs, own, tools, rng, now);
  await insertCampaigns(db, user, DEMO_CAMPAIGNS, assistants, rng, now);
  await generateCalls(db, id, calls, { now, seed });
  return { id, assistants };
}

/**
 * The newer domains, seeded after everything else so the rows above keep their ids: none of them draws
 * from the seed's random numbers.
 */
async function seedDemoDomains(trx: Transaction<Database>, userId: number, assistants: Map<string, number>, now: Date): Promise<void> {
  await seedFolders(trx, userId, assistants, now);
  const orderSupport = assistants.get('order_support');
  if (orderSupport !== undefined) await seedKnowledge(trx, userId, orderSupport, now);
  await seedConversations(trx, userId, assistants, now);
  await seedSuites(trx, userId, assistants, now);
}

/** Seeds the demo data into an empty database, in one transaction. Returns a new token for each seeded user. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<{ email: string; token: string }[]> {
  const now = options.now ?? new Date();
  const seed = options.seed ?? 20261122;
  return db.transaction().execute(async (trx) => {
    const rng = new Rng(seed);
    const refs = await referenceData(trx);
    const demo = await seedDemoAccount(trx, refs, rng, now, options.calls ?? DEMO_CALLS, seed);

    const secondId = await insertUser(trx, SECOND_EMAIL, 'Sam Second', daysAgo(now, 45, rng));
    await seedSmallAccount(trx, secondId, { now, seed: seed + 1 });
    await generateCalls(trx, secondId, SECOND_CALLS, { now, seed: seed + 2, days: 30 });
    await seedDemoDomains(trx, demo.id, demo.assistants, now);

    const demoToken = await issueToken(trx, DEMO_EMAIL);
    const secondToken = await issueToken(trx, SECOND_EMAIL);
    return [
      { email: DEMO_EMAIL, token: demoToken.token },
      { email: SECOND_EMAIL, token: secondToken.token },
    ];
  });
}
