import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_STATUSES, CALL_TYPES, LEAD_STATUSES } from '../../contract';
import { toE164 } from '../../contract/phone';
import type { TranscriptLine } from '../db/schema';
import { request, startTestService, type TestService } from '../test/harness';
import { advanceCalls } from '../engine/calls';
import { readPlan, stepsOf } from '../engine/plan';
import { generateCalls } from './calls';
import { processKnowledgeDocuments } from '../knowledge/worker';
import { DEMO_EMAIL, SECOND_EMAIL, seedDemo } from './demo';
import { DEMO_KNOWLEDGEBASE } from './knowledge';

const NOW = new Date('2026-11-20T15:30:00Z');

let svc: TestService;
let tokens: { email: string; token: string }[];
let demoId: number;
let secondId: number;
let seedMs: number;

beforeAll(async () => {
  svc = await startTestService();
  const t0 = performance.now();
  tokens = await seedDemo(svc.handle.db, { now: NOW });
  seedMs = performance.now() - t0;
  const users = await svc.handle.db.selectFrom('users').select(['id', 'email']).execute();
  demoId = users.find((u) => u.email === DEMO_EMAIL)?.id ?? 0;
  secondId = users.find((u) => u.email === SECOND_EMAIL)?.id ?? 0;
}, 60_000);
afterAll(() => svc.close());

async function count(query: string): Promise<number> {
  const res = await sql.raw<{ n: number }>(`SELECT count(*)::int AS n FROM (${query}) AS q`).execute(svc.handle.db);
  return Number(res.rows[0]?.n ?? -1);
}

async function values(query: string): Promise<string[]> {
  const res = await sql.raw<{ v: string }>(query).execute(svc.handle.db);
  return res.rows.map((r) => String(r.v)).sort();
}

describe('demo seed', () => {
  it('makes the two users, returns a token each, quickly', () => {
    expect(tokens.map((t) => t.email)).toEqual([DEMO_EMAIL, SECOND_EMAIL]);
    for (const t of tokens) expect(t.token).toMatch(/^vc_[\w-]{20,}$/);
    expect(demoId).toBeGreaterThan(0);
    expect(secondId).toBeGreaterThan(0);
    expect(seedMs).toBeLessThan(15_000);
  });

  it('gives the demo user numbers of every label in several countries, two own voices, six assistants', async () => {
    expect(await count(`SELECT 1 FROM phone_numbers WHERE user_id = ${demoId}`)).toBe(8);
    expect(await values(`SELECT DISTINCT type_label AS v FROM phone_numbers WHERE user_id = ${demoId}`)).toEqual(['Caller ID', 'Normal', 'SIP']);
    expect(await values(`SELECT DISTINCT country_code AS v FROM phone_numbers WHERE user_id = ${demoId}`)).toEqual(['DE', 'GB', 'US']);
    expect(await values(`SELECT mode AS v FROM voices WHERE user_id = ${demoId}`)).toEqual(['multimodal', 'pipeline']);

    expect(await count(`SELECT 1 FROM assistants WHERE user_id = ${demoId}`)).toBe(6);
    expect(await values(`SELECT DISTINCT type AS v FROM assistants WHERE user_id = ${demoId}`)).toEqual(['inbound', 'outbound']);
    expect(await values(`SELECT DISTINCT mode AS v FROM assistants WHERE user_id = ${demoId}`)).toEqual(['multimodal', 'pipeline']);
    // Some numbers held by inbound assistants, none of them Caller ID; each assistant's voice matches its mode.
    expect(
      await count(
        `SELECT 1 FROM assistants a JOIN phone_numbers p ON p.id = a.phone_number_id WHERE a.user_id = ${demoId} AND a.type = 'inbound'`,
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await count(`SELECT 1 FROM assistants a JOIN phone_numbers p ON p.id = a.phone_number_id WHERE a.type = 'inbound' AND p.type_label = 'Caller ID'`),
    ).toBe(0);
    expect(await count(`SELECT 1 FROM assistants a JOIN voices v ON v.id = a.voice_id WHERE v.mode <> a.mode`)).toBe(0);
    expect(await count(`SELECT 1 FROM assistants a JOIN voices v ON v.id = a.voice_id WHERE a.user_id = ${demoId} AND v.user_id = ${demoId}`)).toBe(2);
    expect(await count(`SELECT 1 FROM assistants WHERE user_id = ${demoId} AND is_webhook_active AND webhook_url IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(`SELECT 1 FROM assistants WHERE language_id IS NULL OR llm_model_id IS NULL`)).toBe(0);
    // Providers as a create gives them: pipeline assistants have both, the voice's TTS provider; multimodal none.
    expect(
      await count(
        `SELECT 1 FROM assistants a JOIN voices v ON v.id = a.voice_id WHERE a.mode = 'pipeline'
           AND (a.transcriber_provider_id IS NULL OR a.synthesizer_provider_id IS DISTINCT FROM COALESCE(v.synthesizer_provider_id, a.synthesizer_provider_id) OR a.synthesizer_provider_id IS NULL)`,
      ),
    ).toBe(0);
    expect(await count(`SELECT 1 FROM assistants WHERE mode = 'pipeline'`)).toBeGreaterThan(0);
    expect(await count(`SELECT 1 FROM assistants WHERE mode = 'multimodal' AND (synthesizer_provider_id IS NOT NULL OR transcriber_provider_id IS NOT NULL)`)).toBe(0);
  });

  it('attaches the three tools and runs three campaigns with leads of every status', async () => {
    expect(await values(`SELECT name AS v FROM tools WHERE user_id = ${demoId}`)).toEqual(['book_appointment', 'check_availability', 'lookup_order']);
    expect(await count(`SELECT DISTINCT t.id FROM assistant_tools at JOIN tools t ON t.id = at.tool_id WHERE t.user_id = ${demoId}`)).toBe(3);
    expect(await count(`SELECT 1 FROM assistant_tools at JOIN assistants a ON a.id = at.assistant_id JOIN tools t ON t.id = at.tool_id WHERE a.user_id <> t.user_id`)).toBe(0);

    expect(await values(`SELECT status AS v FROM campaigns WHERE user_id = ${demoId}`)).toEqual(['draft', 'running', 'stopped']);
    expect(await count(`SELECT 1 FROM campaigns c JOIN assistants a ON a.id = c.assistant_id WHERE a.type <> 'outbound'`)).toBe(0);
    expect(await count(`SELECT DISTINCT campaign_id FROM campaign_phone_numbers cp JOIN campaigns c ON c.id = cp.campaign_id WHERE c.user_id = ${demoId}`)).toBe(3);

    const primary = await count(`SELECT 1 FROM leads WHERE user_id = ${demoId} AND parent_lead_id IS NULL`);
    expect(primary).toBeGreaterThanOrEqual(35);
    expect(primary).toBeLessThanOrEqual(45);
    expect(await count(`SELECT 1 FROM leads WHERE user_id = ${demoId} AND parent_lead_id IS NOT NULL`)).toBeGreaterThan(0);
    expect(await values(`SELECT DISTINCT status AS v FROM leads WHERE user_id = ${demoId}`)).toEqual([...LEAD_STATUSES].sort());
    expect(await count(`SELECT 1 FROM leads WHERE variables->>'customer_name' IS NULL OR variables->>'email' IS NULL`)).toBe(0);
    // A secondary contact sits in its primary's campaign; no duplicate primary numbers in a campaign.
    expect(await count(`SELECT 1 FROM leads s JOIN leads p ON p.id = s.parent_lead_id WHERE s.campaign_id <> p.campaign_id`)).toBe(0);
    expect(await count(`SELECT campaign_id, phone_number FROM leads WHERE parent_lead_id IS NULL GROUP BY 1, 2 HAVING count(*) > 1`)).toBe(0);
  });

  it('logs 2,000 calls of every status, type and answered_by over the last 60 days', async () => {
    expect(await count(`SELECT 1 FROM calls WHERE user_id = ${demoId}`)).toBe(2000);
    expect(await values(`SELECT DISTINCT status AS v FROM calls WHERE user_id = ${demoId}`)).toEqual([...CALL_STATUSES].sort());
    expect(await values(`SELECT DISTINCT type AS v FROM calls WHERE user_id = ${demoId}`)).toEqual([...CALL_TYPES].sort());
    expect(await values(`SELECT DISTINCT answered_by AS v FROM calls WHERE user_id = ${demoId} AND answered_by IS NOT NULL`)).toEqual(['human', 'machine', 'unknown']);
    // Mostly finished conversations.
    expect(await count(`SELECT 1 FROM calls WHERE user_id = ${demoId} AND status IN ('completed', 'ended', 'ended_by_customer', 'ended_by_assistant')`)).toBeGreaterThan(1400);
    const span = await sql<{ oldest: string; newest: string }>`SELECT min(created_at)::text AS oldest, max(created_at)::text AS newest FROM calls WHERE user_id = ${demoId}`.execute(svc.handle.db);
    const { oldest, newest } = span.rows[0] ?? { oldest: '', newest: '' };
    const ageDays = (t: string) => (NOW.getTime() - Date.parse(`${t.replace(' ', 'T')}Z`)) / 86_400_000;
    expect(ageDays(oldest)).toBeGreaterThan(50);
    expect(ageDays(oldest)).toBeLessThanOrEqual(61);
    expect(ageDays(newest)).toBeGreaterThanOrEqual(0);
    expect(await count(`SELECT 1 FROM calls WHERE campaign_id IS NOT NULL AND user_id = ${demoId}`)).toBeGreaterThan(100);
    expect(await count(`SELECT 1 FROM calls WHERE recording_key IS NOT NULL AND user_id = ${demoId}`)).toBeGreaterThan(500);
    expect(await count(`SELECT 1 FROM calls WHERE webhook_response IS NOT NULL AND user_id = ${demoId}`)).toBeGreaterThan(100);
    expect(await count(`SELECT 1 FROM calls WHERE evaluation <> '{}'::jsonb AND user_id = ${demoId}`)).toBeGreaterThan(500);
  });

  it('keeps the calls consistent: durations, transcripts, answers and costs fit the status', async () => {
    const talked = `status IN ('completed', 'ended', 'ended_by_customer', 'ended_by_assistant')`;
    const silent = `status IN ('no-answer', 'busy', 'failed', 'initiated', 'ringing')`;
    // No finished conversation without a duration, transcript or answer.
    expect(await count(`SELECT 1 FROM calls WHERE ${talked} AND (duration <= 0 OR transcript IS NULL OR jsonb_array_length(transcript) = 0 OR answered_by IS NULL)`)).toBe(0);
    // Nobody answered: no time, no words, no recording, no answer, no cost.
    expect(await count(`SELECT 1 FROM calls WHERE ${silent} AND (duration <> 0 OR transcript IS NOT NULL OR answered_by IS NOT NULL OR recording_key IS NOT NULL OR total_cost <> 0)`)).toBe(0);
    expect(await count(`SELECT 1 FROM calls WHERE status = 'in-progress' AND (duration <= 0 OR recording_key IS NOT NULL)`)).toBe(0);
    expect(await count(`SELECT 1 FROM calls WHERE total_cost < carrier_cost OR (duration > 0 AND total_cost <= 0)`)).toBe(0);
    expect(await count(`SELECT 1 FROM calls WHERE type = 'web' AND (carrier_cost <> 0 OR assistant_phone_number IS NOT NULL)`)).toBe(0);
    expect(await count(`SELECT 1 FROM calls WHERE updated_at < created_at`)).toBe(0);
    // Recordings only where the assistant records.
    expect(await count(`SELECT 1 FROM calls c JOIN assistants a ON a.id = c.assistant_id WHERE c.recording_key IS NOT NULL AND NOT a.record`)).toBe(0);
    // Names copied from what the call belongs to; campaign calls are outbound calls of the campaign's assistant to its leads.
    expect(await count(`SELECT 1 FROM calls c JOIN assistants a ON a.id = c.assistant_id WHERE c.assistant_name <> a.name OR c.user_id <> a.user_id`)).toBe(0);
    expect(await count(`SELECT 1 FROM calls WHERE assistant_id IS NULL`)).toBe(0);
    expect(
      await count(
        `SELECT 1 FROM calls c JOIN campaigns k ON k.id = c.campaign_id JOIN leads l ON l.id = c.lead_id
         WHERE c.campaign_name <> k.name OR c.type <> 'outbound' OR k.assistant_id <> c.assistant_id
            OR l.campaign_id <> k.id OR l.phone_number <> c.client_phone_number OR k.status = 'draft'`,
      ),
    ).toBe(0);
    expect(await count(`SELECT 1 FROM calls WHERE (campaign_id IS NULL) <> (campaign_name IS NULL) OR (campaign_id IS NULL) <> (lead_id IS NULL)`)).toBe(0);
    expect(await count(`SELECT 1 FROM calls WHERE answered_by = 'machine' AND type <> 'outbound'`)).toBe(0);
  });

  it('writes transcripts as {sender, text, timestamp} lines inside the call', async () => {
    const rows = await svc.handle.db
      .selectFrom('calls')
      .select(['transcript', 'created_at', 'updated_at', 'status', 'answered_by'])
      .where('transcript', 'is not', null)
      .orderBy('id')
      .execute();
    expect(rows.length).toBeGreaterThan(1500);
    const texts = new Set<string>();
    const bad: string[] = [];
    for (const row of rows) {
      const lines = row.transcript as TranscriptLine[];
      if (!Array.isArray(lines) || lines.length === 0) {
        bad.push(`not a list: ${JSON.stringify(lines)}`);
        continue;
      }
      const from = row.created_at.slice(0, 19);
      const to = row.updated_at.slice(0, 19);
      for (const line of lines) {
        if (line.sender !== 'assistant' && line.sender !== 'user') bad.push(`sender ${line.sender}`);
        if (typeof line.text !== 'string' || line.text.length === 0) bad.push('empty text');
        if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(line.timestamp)) bad.push(`timestamp ${line.timestamp}`);
        else if (line.timestamp < from || line.timestamp > to) bad.push(`${line.timestamp} outside ${from}..${to}`);
      }
      if (row.answered_by === 'machine' && !/message|tone/i.test(lines[0]?.text ?? '')) bad.push(`voicemail: ${lines[0]?.text}`);
      texts.add(lines.map((l) => l.text).join('|'));
    }
    expect(bad.slice(0, 5)).toEqual([]);
    // Realistic and varied: not a handful of canned calls.
    expect(texts.size).toBeGreaterThan(rows.length * 0.9);
    const all = rows.flatMap((r) => (r.transcript as TranscriptLine[]).map((l) => l.text)).join('\n');
    for (const phrase of [/book|appointment/i, /order/i, /solar/i, /router|internet/i, /Termin/, /leave a message|after the tone/i]) {
      expect(all).toMatch(phrase);
    }
  });

  it('stores only valid E.164 numbers', async () => {
    const db = svc.handle.db;
    const numbers = [
      ...(await db.selectFrom('phone_numbers').select('phone_number as n').execute()),
      ...(await db.selectFrom('leads').select('phone_number as n').execute()),
      ...(await db.selectFrom('calls').select('client_phone_number as n').distinct().execute()),
      ...(await db.selectFrom('calls').select('assistant_phone_number as n').where('assistant_phone_number', 'is not', null).distinct().execute()),
    ].map((r) => String(r.n));
    expect(numbers.length).toBeGreaterThan(100);
    const invalid = numbers.filter((n) => toE164(n) !== n);
    expect(invalid).toEqual([]);
  });

  it('gives the second user a little of each', async () => {
    for (const [table, n] of [
      ['phone_numbers', 1],
      ['assistants', 1],
      ['tools', 1],
      ['campaigns', 1],
      ['calls', 20],
    ] as const) {
      expect(await count(`SELECT 1 FROM ${table} WHERE user_id = ${secondId}`), table).toBe(n);
    }
    expect(await count(`SELECT 1 FROM leads WHERE user_id = ${secondId} AND parent_lead_id IS NULL`)).toBe(2);
    expect(await count(`SELECT 1 FROM assistant_tools at JOIN tools t ON t.id = at.tool_id WHERE t.user_id = ${secondId}`)).toBe(1);
    // Nothing of one user points at the other's rows.
    expect(await count(`SELECT 1 FROM calls c JOIN campaigns k ON k.id = c.campaign_id WHERE k.user_id <> c.user_id`)).toBe(0);
    expect(await count(`SELECT 1 FROM leads l JOIN campaigns k ON k.id = l.campaign_id WHERE k.user_id <> l.user_id`)).toBe(0);
    expect(await count(`SELECT 1 FROM assistants a JOIN phone_numbers p ON p.id = a.phone_number_id WHERE p.user_id <> a.user_id`)).toBe(0);
  });

  it('hands out tokens that authenticate over HTTP, each seeing only its own data', async () => {
    const [demo, second] = tokens;
    const asDemo = await request(svc.api, 'GET', '/user/tools', undefined, { Authorization: `Bearer ${demo?.token}` });
    expect(asDemo.status).toBe(200);
    expect(asDemo.body.map((t: { name: string }) => t.name).sort()).toEqual(['book_appointment', 'check_availability', 'lookup_order']);
    const asSecond = await request(svc.api, 'GET', '/user/tools', undefined, { Authorization: `Bearer ${second?.token}` });
    expect(asSecond.status).toBe(200);
    expect(asSecond.body.map((t: { name: string }) => t.name)).toEqual(['create_crm_note']);

    const assistants = await request(svc.api, 'GET', '/user/assistants/get', undefined, { Authorization: `Bearer ${demo?.token}` });
    expect(assistants.status).toBe(200);
    expect(assistants.body.total).toBe(6);
    const inbound = await request(svc.api, 'GET', '/user/assistants/phone-numbers?type=inbound', undefined, {
      Authorization: `Bearer ${demo?.token}`,
    });
    expect(inbound.status).toBe(200);
    // Eight numbers, two Caller ID, four held by inbound assistants: two free to receive calls.
    expect(inbound.body).toHaveLength(2);
  });
});

describe('demo seed: the newer domains', () => {
  const auth = () => ({ Authorization: `Bearer ${tokens.find((t) => t.email === DEMO_EMAIL)?.token}` });

  it('puts the assistants in two folders and gives them three labels, each in use', async () => {
    expect(await count(`SELECT 1 FROM folders WHERE user_id = ${demoId}`)).toBe(2);
    expect(await count(`SELECT 1 FROM labels WHERE user_id = ${demoId}`)).toBe(3);
    expect(await count(`SELECT 1 FROM folders f WHERE f.user_id = ${demoId} AND NOT EXISTS (SELECT 1 FROM assistants a WHERE a.folder_id = f.id)`)).toBe(0);
    expect(await count(`SELECT 1 FROM labels l WHERE l.user_id = ${demoId} AND NOT EXISTS (SELECT 1 FROM assistant_labels x WHERE x.label_id = l.id)`)).toBe(0);
    const folders = await request(svc.api, 'GET', '/user/folders', undefined, auth());
    expect(folders.status).toBe(200);
    expect(JSON.stringify(folders.body)).toContain('Customer service');
  });

  it('queues two uploaded documents of a knowledge base on an assistant, which search finds once the worker ran', async () => {
    const base = await svc.handle.db.selectFrom('knowledgebases').selectAll().where('user_id', '=', demoId).executeTakeFirstOrThrow();
    expect(base.name).toBe(DEMO_KNOWLEDGEBASE);
    expect(await count(`SELECT 1 FROM assistants WHERE knowledgebase_id = ${base.id} AND knowledgebase_mode <> 'none'`)).toBe(1);
    // As an upload leaves them: processing, with their bytes, no passages yet.
    expect(await values(`SELECT status AS v FROM knowledge_documents WHERE knowledgebase_id = ${base.id}`)).toEqual(['processing', 'processing']);
    expect(await count(`SELECT 1 FROM knowledge_documents WHERE knowledgebase_id = ${base.id} AND type = 'txt' AND content IS NOT NULL AND size_bytes > 0`)).toBe(2);
    expect(await count(`SELECT 1 FROM knowledge_passages WHERE knowledgebase_id = ${base.id}`)).toBe(0);

    expect(await processKnowledgeDocuments(svc.handle.db, { allowPrivate: false })).toBe(2);
    expect(await values(`SELECT status AS v FROM knowledge_documents WHERE knowledgebase_id = ${base.id}`)).toEqual(['active', 'active']);
    const search = await request(svc.api, 'POST', `/user/knowledgebases/${base.id}/search`, { query: 'How long do refunds take?', limit: 3 }, auth());
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).toContain('5 business days');
  });

  it('keeps a few conversations whose replies called a tool', async () => {
    expect(await count(`SELECT 1 FROM conversations WHERE user_id = ${demoId}`)).toBe(3);
    expect(await values(`SELECT DISTINCT type AS v FROM conversations WHERE user_id = ${demoId}`)).toEqual(['api', 'test', 'widget']);
    expect(
      await count(
        `SELECT 1 FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.user_id = ${demoId} AND jsonb_array_length(m.function_calls) > 0`,
      ),
    ).toBeGreaterThanOrEqual(3);
    // The counters agree with the messages kept; nothing was charged.
    expect(await count(`SELECT 1 FROM conversations c WHERE c.user_id = ${demoId} AND c.message_count <> (SELECT count(*) FROM conversation_messages m WHERE m.conversation_id = c.id)`)).toBe(0);
    expect(await count(`SELECT 1 FROM conversations WHERE user_id = ${demoId} AND total_cost <> 0`)).toBe(0);
    const list = await request(svc.api, 'GET', '/user/conversations', undefined, auth());
    expect(list.status).toBe(200);
    expect((list.body as { data: unknown[] }).data).toHaveLength(3);
  });

  it('gives one assistant three scenarios and two finished runs with results, evidence and pass rates', async () => {
    const scenarios = await svc.handle.db.selectFrom('suite_scenarios').select(['assistant_id']).where('user_id', '=', demoId).execute();
    expect(scenarios).toHaveLength(3);
    const assistantId = scenarios[0]!.assistant_id;
    expect(new Set(scenarios.map((s) => s.assistant_id)).size).toBe(1);
    const runs = await request(svc.api, 'GET', `/user/assistant/${assistantId}/suite-runs`, undefined, auth());
    expect(runs.status).toBe(200);
    const data = (runs.body as { data: { id: number; status: string; items_total: number; items_done: number; pass_rate: number; config_changes: string[]; summary: { evaluated: number }[] }[] }).data;
    expect(data).toHaveLength(2);
    for (const run of data) {
      expect(run.status).toBe('finished');
      expect(run.items_total).toBe(6);
      expect(run.items_done).toBe(6);
      expect(run.pass_rate).toBeGreaterThan(0);
      expect(run.summary).toHaveLength(6);
      for (const s of run.summary) expect(s.evaluated).toBe(2);
    }
    // The later run was made after the prompt's edit: the history says what changed.
    expect(data.map((r) => r.config_changes)).toContainEqual(['system_prompt']);
    const one = await request(svc.api, 'GET', `/user/suite-runs/${data[0]!.id}`, undefined, auth());
    const items = (one.body as { data: { items: { call_id: number; results: { evidence: { detail: string } }[] }[] } }).data.items;
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(item.call_id).toBeGreaterThan(0);
      expect(item.results).toHaveLength(2);
      for (const r of item.results) expect(r.evidence.detail).not.toBe('');
    }
    // History without calls of its own: the demo user's call log keeps its 2,000.
    expect(await count(`SELECT 1 FROM calls WHERE user_id = ${demoId}`)).toBe(2000);
  });
});

describe('call generator', () => {
  it('is deterministic for a seed and clock (all but the random recording keys)', async () => {
    const db = svc.handle.db;
    const run = async () => {
      const { max } = await db.selectFrom('calls').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
      await generateCalls(db, demoId, 300, { now: NOW, seed: 4242 });
      const rows = await db
        .selectFrom('calls')
        .select(['status', 'type', 'duration', 'client_phone_number', 'transcript', 'total_cost', 'created_at', 'variables', 'evaluation'])
        .where('id', '>', Number(max))
        .orderBy('id')
        .execute();
      await db.deleteFrom('calls').where('id', '>', Number(max)).execute();
      return JSON.stringify(rows);
    };
    const [a, b] = [await run(), await run()];
    expect(a.length).toBeGreaterThan(10_000);
    expect(a).toBe(b);
  });

  it('adds calls to an existing user in batches, reporting progress', async () => {
    const before = await count(`SELECT 1 FROM calls WHERE user_id = ${secondId}`);
    const progress: number[] = [];
    const n = await generateCalls(svc.handle.db, secondId, 1234, { now: NOW, batchSize: 500, onProgress: (done) => progress.push(done) });
    expect(n).toBe(1234);
    expect(progress).toEqual([500, 1000, 1234]);
    expect(await count(`SELECT 1 FROM calls WHERE user_id = ${secondId}`)).toBe(before + 1234);
    // Only the second user's own assistants, campaign and leads.
    expect(await count(`SELECT 1 FROM calls c JOIN assistants a ON a.id = c.assistant_id WHERE c.user_id = ${secondId} AND a.user_id <> ${secondId}`)).toBe(0);
  });
  // Runs last: it plays the seeded live calls out.
  it('plans every seeded live call like a placed one, so each ends within its plan', async () => {
    const db = svc.handle.db;
    const live = await db
      .selectFrom('calls')
      .select(['id', 'status', 'created_at', 'engine_plan', 'engine_next_at'])
      .where('status', 'in', ['initiated', 'ringing', 'in-progress'])
      .where('created_at', '<=', '2026-11-20 15:30:00')
      .execute();
    expect(live.length).toBeGreaterThanOrEqual(5);
    const created = (ts: string) => Date.parse(`${ts.replace(' ', 'T')}Z`);
    let latestEnd = 0;
    for (const call of live) {
      const plan = readPlan(call.engine_plan);
      expect(plan, `call ${call.id} has a plan`).not.toBeNull();
      expect(call.engine_next_at).not.toBeNull();
      const steps = stepsOf(plan!);
      // A call already talking has a person on the line and is not over yet.
      if (call.status === 'in-progress') {
        expect(plan!.answered_by).toBe('human');
        const end = created(call.created_at) + (plan!.dial_s + plan!.ring_s + plan!.talk_s) * 1000;
        expect(end).toBeGreaterThan(NOW.getTime());
      }
      latestEnd = Math.max(latestEnd, created(call.created_at) + (steps.at(-1)?.at_s ?? 0) * 1000);
    }
    // The engine's ticks, a second apart, until the last plan's end: then nothing seeded is live.
    const ids = live.map((c) => c.id);
    for (let t = NOW.getTime(); t <= latestEnd + 1000; t += 1000) await advanceCalls(db, new Date(t));
    const still = await db.selectFrom('calls').select(['id', 'status']).where('id', 'in', ids).where('status', 'in', ['initiated', 'ringing', 'in-progress', 'ended']).execute();
    expect(still).toEqual([]);
    expect(latestEnd - NOW.getTime()).toBeLessThan(11 * 60_000);
  }, 120_000);
});
