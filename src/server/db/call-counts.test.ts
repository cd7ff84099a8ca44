import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { issueToken } from '../auth/tokens';
import type { CallLogFilter } from '../../contract';
import { callsCountQuery, callsPageQuery } from '../calls/log';
import { insertAssistant, insertCampaign } from '../test/fixtures';
import { countedCalls, foldCallCounts } from './call-counts';
import type { DatabaseHandle } from './connect';
import { openTestPglite } from '../test/pglite-snapshot';

/*
 * The counts migration 0010's triggers keep against count(*) over the calls: after random inserts,
 * updates (one call or many), deletes, a campaign's deletion and foldings, every filter combination
 * sums to the exact count, and a page found by its day holds the calls OFFSET finds. Times sit on and around UTC midnight, where a day bucket could go wrong.
 */

const STATUSES = ['completed', 'failed', 'busy'] as const;
const TYPES = ['inbound', 'outbound', 'web'] as const;
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'] as const;
const TIMES = ['00:00:00', '00:00:00.000001', '12:30:00', '23:59:59.999999'] as const;

let handle: DatabaseHandle;
const users: number[] = [];
const assistants: number[] = [];

beforeAll(async () => {
  handle = await openTestPglite();
  for (const email of ['counts-a@example.com', 'counts-b@example.com']) users.push((await issueToken(handle.db, email)).userId);
  for (const user of users) for (const name of ['A1', 'A2']) assistants.push((await insertAssistant(handle.db, user, { name })).id);
});

afterAll(async () => {
  await handle.close();
});

const callArb = fc.record({
  user: fc.nat({ max: 1 }),
  status: fc.constantFrom(...STATUSES),
  type: fc.constantFrom(...TYPES),
  assistant: fc.option(fc.nat({ max: 3 })),
  campaign: fc.option(fc.nat({ max: 2 })),
  day: fc.constantFrom(...DAYS),
  time: fc.constantFrom(...TIMES),
});
type CallArb = typeof callArb extends fc.Arbitrary<infer T> ? T : never;

const opArb = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), calls: fc.array(callArb, { minLength: 1, maxLength: 6 }) }),
  fc.record({ op: fc.constant('update' as const), pick: fc.nat(), to: callArb }),
  fc.record({ op: fc.constant('update-many' as const), status: fc.constantFrom(...STATUSES), type: fc.constantFrom(...TYPES), to: fc.constantFrom(...STATUSES) }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('delete-campaign' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('fold' as const), user: fc.nat({ max: 1 }) }),
);

const filterArb = fc.record(
  {
    status: fc.constantFrom(...STATUSES),
    type: fc.constantFrom(...TYPES),
    assistant: fc.nat({ max: 3 }),
    campaign: fc.nat({ max: 2 }),
    date_from: fc.constantFrom(...DAYS),
    date_to: fc.constantFrom(...DAYS),
  },
  { requiredKeys: [] },
);

describe('call_counts', () => {
  it('sums to count(*) for every filter after random changes to the calls', async () => {
    const db = handle.db;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), fc.array(filterArb, { minLength: 4, maxLength: 8 }), async (ops, filters) => {
        await sql`DELETE FROM calls`.execute(db);
        const campaigns: number[] = [];
        const deleted = new Set<number>();
        for (const user of users) for (const name of ['C1', 'C2', 'C3']) campaigns.push((await insertCampaign(db, user, { name })).id);
        // Ids of the user's own assistants and campaigns (the log's filters are the caller's).
        const row = (c: CallArb) => ({
          user_id: users[c.user] as number,
          status: c.status,
          type: c.type,
          assistant_id: c.assistant === null ? null : (assistants[c.user * 2 + (c.assistant % 2)] as number),
          campaign_id: c.campaign === null || deleted.has(c.user * 3 + c.campaign) ? null : (campaigns[c.user * 3 + c.campaign] as number),
          client_phone_number: '+4930123456',
          created_at: `${c.day} ${c.time}`,
          updated_at: `${c.day} ${c.time}`,
        });
        const ids = async () => (await db.selectFrom('calls').select('id').orderBy('id').execute()).map((r) => r.id);
        for (const op of ops) {
          if (op.op === 'insert') await db.insertInto('calls').values(op.calls.map(row)).execute();
          else if (op.op === 'update' || op.op === 'delete') {
            const all = await ids();
            const id = all[op.pick % Math.max(1, all.length)];
            if (id === undefined) continue;
            if (op.op === 'delete') await db.deleteFrom('calls').where('id', '=', id).execute();
            else {
              const { user_id: _user, ...to } = row(op.to);
              const owner = await db.selectFrom('calls').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
              const sameUser = row({ ...op.to, user: users.indexOf(owner.user_id) });
              await db.updateTable('calls').set({ ...to, assistant_id: sameUser.assistant_id, campaign_id: sameUser.campaign_id }).where('id', '=', id).execute();
            }
          } else if (op.op === 'update-many') {
            await db.updateTable('calls').set({ status: op.to }).where('status', '=', op.status).where('type', '=', op.type).execute();
          } else if (op.op === 'delete-campaign') {
            // ON DELETE SET NULL: the calls move to "no campaign" by the foreign key's own update.
            const i = op.pick % campaigns.length;
            deleted.add(i);
            await db.deleteFrom('campaigns').where('id', '=', campaigns[i] as number).execute();
          } else await foldCallCounts(db, users[op.user] as number);
        }
        for (const [u, user] of users.entries()) {
          for (const raw of [{}, ...filters]) {
            const f: CallLogFilter = {
              status: raw.status,
              type: raw.type,
              assistant_id: raw.assistant === undefined ? undefined : assistants[u * 2 + (raw.assistant % 2)],
              campaign_id: raw.campaign === undefined ? undefined : campaigns[u * 3 + raw.campaign],
              date_from: raw.date_from,
              date_to: raw.date_to,
            };
            const counted = Number((await callsCountQuery(db, user, f).executeTakeFirstOrThrow()).total);
            const { total, days } = await countedCalls(db, user, f);
            expect(total, JSON.stringify(f)).toBe(counted);
            // A page that seeks its day holds the same calls as one read by OFFSET from the newest.
            for (let page = 1; (page - 1) * 4 < total; page++) {
              const sought = await callsPageQuery(db, user, f, page, 4, total, days).execute();
              const plain = await callsPageQuery(db, user, f, page, 4).execute();
              expect(sought.map((r) => r.id), `${JSON.stringify(f)} page ${page}`).toEqual(plain.map((r) => r.id));
            }
          }
          await foldCallCounts(db, user);
          expect((await countedCalls(db, user, {})).deltas).toBe(0);
          expect((await countedCalls(db, user, {})).total).toBe(Number((await callsCountQuery(db, user, {}).executeTakeFirstOrThrow()).total));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('empties with the calls on TRUNCATE', async () => {
    const db = handle.db;
    await db.insertInto('calls').values({ user_id: users[0] as number, type: 'web', status: 'completed', client_phone_number: '+4930123456' }).execute();
    await sql`TRUNCATE calls CASCADE`.execute(db);
    expect((await countedCalls(db, users[0] as number, {})).total).toBe(0);
  });
});
