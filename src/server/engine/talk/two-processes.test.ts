import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../auth/tokens';
import { openDatabase, type DatabaseHandle } from '../../db/connect';
import { insertAssistant, insertPhoneNumber } from '../../test/fixtures';
import { request } from '../../test/harness';
import { startServiceProcess, urlWithSchema } from '../../test/service-process';
import { startStandInModel, type StandInModel } from '../../test/stand-ins/model';
import { CUSTOMER_MARKER } from '../../test/stand-ins/roles';

/*
 * Two service processes (`npm start`'s entry point) with one stand-in model, on one PostgreSQL schema and
 * the real clock, sharing a campaign whose calls the model holds: every call is held and completed, and
 * every turn is taken once: the customer's model requests are exactly the customer's lines in the
 * transcripts, and no transcript holds a line twice (the pattern of ../two-processes.test.ts).
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
let handle: DatabaseHandle | undefined;
let stand: StandInModel | undefined;
let schema: string | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await stand?.close();
  if (handle && schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
  await handle?.close();
});

async function startService(databaseUrl: string, modelUrl: string): Promise<string> {
  const service = await startServiceProcess({
    DATABASE_URL: databaseUrl,
    ENGINE_TICK_MS: '50',
    LLM_BASE_URL: modelUrl,
    LLM_MODEL: 'stand-in-small',
    ALLOW_PRIVATE_URLS: '1',
    RATE_LIMIT_PER_MINUTE: '100000',
    DATABASE_POOL_SIZE: '5',
  });
  children.push(service.child);
  return service.api;
}

const AREAS = [201, 202, 203, 205, 206, 207, 208, 209, 210, 212, 213, 214];

describe('two service processes holding model calls', () => {
  it.skipIf(!pgUrl)(pgUrl ? 'share a campaign: every turn taken once' : 'skipped: needs TEST_DATABASE_URL', async () => {
    const url = pgUrl ?? '';
    schema = `t2m_${randomBytes(5).toString('hex')}`;
    handle = await openDatabase({ databaseUrl: url, schema });
    const db = handle.db;
    stand = await startStandInModel({ fallback: { text: 'Of course, I can help with that.', delayMs: 100 }, roleDelayMs: 100 });
    const { token, userId } = await issueToken(db, 'two-processes-model@example.com');
    const number = await insertPhoneNumber(db, userId, '+4930999111');
    const assistant = await insertAssistant(db, userId, { name: 'Shared talker', phone_number_id: number.id });
    await db.updateTable('assistants').set({ initial_message: 'Hello {{customer_name}}!' }).where('id', '=', assistant.id).execute();
    const [a, b] = await Promise.all([startService(urlWithSchema(url, schema), stand.baseUrl), startService(urlWithSchema(url, schema), stand.baseUrl)]);
    const auth = { Authorization: `Bearer ${token}` };
    const created = await request(a, 'POST', '/user/campaigns', { name: 'Shared talk', assistant_id: assistant.id, max_calls_in_parallel: 6, max_retries: 1, retry_interval: 10 }, auth);
    const campaignId = created.body.data.id as number;
    await sql`UPDATE campaigns SET allowed_days = ${JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])}::jsonb,
      allowed_hours_start_time = '00:00', allowed_hours_end_time = '24:00', timezone = 'UTC' WHERE id = ${campaignId}`.execute(db);
    for (const [i, area] of AREAS.entries()) {
      const res = await request(i % 2 ? a : b, 'POST', '/user/lead', { campaign_id: campaignId, phone_number: `+1${area}5550100`, variables: { customer_name: `Lead ${i}` } }, auth);
      expect(res.status).toBe(200);
    }
    expect((await request(b, 'POST', '/user/campaigns/update-status', { campaign_id: campaignId, action: 'start' }, auth)).status).toBe(200);
    const end = Date.now() + 180_000;
    while (Date.now() < end) {
      const row = await db.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow();
      if (row.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const calls = await db.selectFrom('calls').selectAll().where('campaign_id', '=', campaignId).execute();
    expect(calls).toHaveLength(AREAS.length);
    let customerLines = 0;
    for (const c of calls) {
      expect(c).toMatchObject({ conversation_mode: 'model', status: 'completed' });
      const entries = c.transcript as { sender: string; timestamp: string; text: string }[];
      expect(new Set(entries.map((e) => `${e.sender}|${e.timestamp}`)).size).toBe(entries.length);
      customerLines += entries.filter((e) => e.sender === 'human').length;
    }
    const customerRequests = stand.requests.filter((r) => CUSTOMER_MARKER.test(String(r.body.messages[0]?.content ?? ''))).length;
    expect(customerRequests).toBe(customerLines);
  }, 300_000);
});
