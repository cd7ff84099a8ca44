import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertAssistant, insertCall, insertCampaign, insertPhoneNumber } from '../test/fixtures';
import { TestClock } from '../engine/clock';
import type { CallLogFilter } from '../../contract';
import { callsCountQuery, callsPageQuery } from '../calls/log';

let svc: TestService;
const clock = new TestClock();
let alice: TestUser;
let bob: TestUser;
let a1: number;
let a2: number;
let camp: number;
let bobAssistant: number;
let bobCampaign: number;
const ids = { march1: 0, march10late: 0, march11: 0, march11b: 0, bob: 0 };

const LARAVEL_TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

useService(async (s) => {
  ({ svc, alice, bob } = s);
  const db = svc.handle.db;
  a1 = (await insertAssistant(db, alice.id, { name: 'Sales' })).id;
  a2 = (await insertAssistant(db, alice.id, { name: 'Support', type: 'inbound' })).id;
  camp = (await insertCampaign(db, alice.id, { name: 'Spring', assistant_id: a1 })).id;
  bobAssistant = (await insertAssistant(db, bob.id, { name: 'Bob sales' })).id;
  bobCampaign = (await insertCampaign(db, bob.id, { name: 'Bob spring', assistant_id: bobAssistant })).id;

  ids.march1 = await insertCall(db, alice.id, {
    at: '2026-03-01 08:00:00',
    assistant_id: a1,
    assistant_name: 'Sales',
    campaign_id: camp,
    campaign_name: 'Spring',
    type: 'outbound',
    status: 'completed',
    client_phone_number: '+49301234567',
    assistant_phone_number: '+49309999999',
    duration: 95,
    transcript: JSON.stringify([
      { sender: 'assistant', text: 'Hello, this is Sales.', timestamp: '2026-03-01T08:00:01Z' },
      { sender: 'user', text: 'Hi!', timestamp: '2026-03-01T08:00:03Z' },
    ]),
    variables: JSON.stringify({ customer_name: 'Jane' }),
    evaluation: JSON.stringify({ interested: true }),
    webhook_response: JSON.stringify({ status: 200 }),
    carrier_cost: '0.0140',
    total_cost: '0.1425',
    answered_by: 'human',
    recording_key: '0b7c3f2e-9a51-4c1d-8e6f-2a3b4c5d6e7f',
  });
  ids.march10late = await insertCall(db, alice.id, {
    at: '2026-03-10 23:59:59.5',
    assistant_id: a2,
    assistant_name: 'Support',
    type: 'inbound',
    status: 'no-answer',
    client_phone_number: '+14155552671',
    transcript: JSON.stringify('AI: Hello?\nUser: Wrong number.'),
    answered_by: 'machine',
  });
  ids.march11 = await insertCall(db, alice.id, {
    at: '2026-03-11 00:00:00',
    assistant_id: a1,
    assistant_name: 'Sales',
    type: 'web',
    status: 'failed',
    client_phone_number: '+49301234567',
  });
  // Same created_at as march11: the higher id comes first.
  ids.march11b = await insertCall(db, alice.id, {
    at: '2026-03-11 00:00:00',
    assistant_id: a1,
    assistant_name: 'Sales',
    campaign_id: camp,
    campaign_name: 'Spring',
    type: 'outbound',
    status: 'busy',
    client_phone_number: '+442079460958',
  });
  ids.bob = await insertCall(db, bob.id, {
    at: '2026-03-05 12:00:00',
    assistant_id: bobAssistant,
    assistant_name: 'Bob sales',
    campaign_id: bobCampaign,
    campaign_name: 'Bob spring',
    client_phone_number: '+49301234567',
  });
}, { clock });

async function listIds(user: TestUser, query: string): Promise<number[]> {
  const res = await user.req('GET', `/user/calls${query}`);
  expect(res.status, `${query}: ${res.text}`).toBe(200);
  return res.body.data.map((c: { id: number }) => c.id);
}

describe('GET /user/calls', () => {
  it('lists the caller’s calls newest first (ties by id) in the paginated envelope', async () => {
    const res = await alice.req('GET', '/user/calls');
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([ids.march11b, ids.march11, ids.march10late, ids.march1]);
    expect(res.body).toMatchObject({ current_page: 1, per_page: 15, total: 4, from: 1, to: 4, last_page: 1 });
  });

  it('shows the Call record: Laravel timestamps, transcript as one string, numeric costs, optional fields', async () => {
    const res = await alice.req('GET', '/user/calls');
    const byId = new Map<number, Record<string, unknown>>(res.body.data.map((c: { id: number }) => [c.id, c]));
    const full = byId.get(ids.march1);
    expect(full).toEqual({
      id: ids.march1,
      assistant_id: a1,
      assistant_name: 'Sales',
      campaign_id: camp,
      campaign_name: 'Spring',
      type: 'outbound',
      duration: 95,
      assistant_phone_number: '+49309999999',
      client_phone_number: '+49301234567',
      status: 'completed',
      transcript: 'AI: Hello, this is Sales.\nUser: Hi!',
      variables: { customer_name: 'Jane' },
      evaluation: { interested: true },
      webhook_response: { status: 200 },
      carrier_cost: 0.014,
      total_cost: 0.1425,
      answered_by: 'human',
      recording_url: `${new URL(svc.api).origin}/api/recordings/0b7c3f2e-9a51-4c1d-8e6f-2a3b4c5d6e7f.wav`,
      created_at: '2026-03-01 08:00:00',
      updated_at: '2026-03-01 08:00:00',
    });
    const bare = byId.get(ids.march10late);
    expect(bare).not.toHaveProperty('campaign_name');
    expect(bare).not.toHaveProperty('recording_url');
    expect(bare?.campaign_id).toBeNull();
    expect(bare?.webhook_response).toBeNull();
    expect(bare?.transcript).toBe('AI: Hello?\nUser: Wrong number.');
    expect(bare?.created_at).toBe('2026-03-10 23:59:59');
    expect(typeof bare?.carrier_cost).toBe('number');
    expect(typeof bare?.total_cost).toBe('number');
    for (const call of res.body.data) {
      expect(call.created_at).toMatch(LARAVEL_TS);
      expect(call.updated_at).toMatch(LARAVEL_TS);
      expect(typeof call.transcript).toBe('string');
    }
  });

  it('narrows by every filter', async () => {
    expect(await listIds(alice, '?status=failed')).toEqual([ids.march11]);
    expect(await listIds(alice, '?status=busy')).toEqual([ids.march11b]);
    expect(await listIds(alice, '?type=inbound')).toEqual([ids.march10late]);
    expect(await listIds(alice, '?type=web')).toEqual([ids.march11]);
    expect(await listIds(alice, '?phone_number=%2B49301234567')).toEqual([ids.march11, ids.march1]);
    expect(await listIds(alice, `?assistant_id=${a2}`)).toEqual([ids.march10late]);
    expect(await listIds(alice, `?campaign_id=${camp}`)).toEqual([ids.march11b, ids.march1]);
    expect(await listIds(alice, '?date_from=2026-03-02')).toEqual([ids.march11b, ids.march11, ids.march10late]);
    expect(await listIds(alice, '?date_from=2026-03-11')).toEqual([ids.march11b, ids.march11]);
    expect(await listIds(alice, '?date_to=2026-03-01')).toEqual([ids.march1]);
    expect(await listIds(alice, `?type=outbound&campaign_id=${camp}&status=completed`)).toEqual([ids.march1]);
    expect(await listIds(alice, '?status=ringing')).toEqual([]);
  });

  it('includes the whole last day of date_to, down to its last second, and nothing after', async () => {
    expect(await listIds(alice, '?date_from=2026-03-10&date_to=2026-03-10')).toEqual([ids.march10late]);
    expect(await listIds(alice, '?date_to=2026-03-10')).toEqual([ids.march10late, ids.march1]);
    expect(await listIds(alice, '?date_from=2026-03-01&date_to=2026-03-01')).toEqual([ids.march1]);
  });

  it('normalises the phone filter to E.164, also when a raw + arrived as a space', async () => {
    expect(await listIds(alice, `?phone_number=${encodeURIComponent('+49 30 1234567')}`)).toEqual([ids.march11, ids.march1]);
    expect(await listIds(alice, '?phone_number=+4930%201234567')).toEqual([ids.march11, ids.march1]);
    expect(await listIds(alice, `?phone_number=${encodeURIComponent('+1 (415) 555-2671')}`)).toEqual([ids.march10late]);
  });

  it('answers 422 with the field for each invalid value', async () => {
    const cases: [string, string][] = [
      ['status=bogus', 'status'],
      ['type=x', 'type'],
      ['assistant_id=abc', 'assistant_id'],
      ['assistant_id=0', 'assistant_id'],
      ['campaign_id=1.5', 'campaign_id'],
      ['date_from=2026-13-01', 'date_from'],
      ['date_from=2026-02-30', 'date_from'],
      ['date_to=yesterday', 'date_to'],
      ['date_from=2026-03-10&date_to=2026-03-09', 'date_to'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['per_page=ten', 'per_page'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['phone_number=garbage', 'phone_number'],
      ['phone_number=4930123456', 'phone_number'],
    ];
    for (const [query, key] of cases) {
      const res = await alice.req('GET', `/user/calls?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toEqual([key]);
      expect(typeof res.body.message).toBe('string');
    }
    const phone = await alice.req('GET', '/user/calls?phone_number=garbage');
    expect(phone.body.errors.phone_number).toEqual(['The phone number field must be a valid phone number.']);
    // Edges that are fine; unknown parameters are ignored.
    for (const q of ['per_page=1', 'per_page=100', 'page=1', 'foo=bar', 'status=']) {
      expect((await alice.req('GET', `/user/calls?${q}`)).status, q).toBe(200);
    }
  });

  it('paginates with absolute URLs that keep the filters; a page past the end is empty', async () => {
    const origin = new URL(svc.api).origin;
    const p1 = await alice.req('GET', '/user/calls?date_from=2026-03-01&per_page=3');
    expect(p1.body).toMatchObject({ current_page: 1, per_page: 3, total: 4, last_page: 2, from: 1, to: 3, prev_page_url: null });
    expect(p1.body.path).toBe(`${origin}/api/user/calls`);
    const next = new URL(p1.body.next_page_url);
    expect(`${next.origin}${next.pathname}`).toBe(`${origin}/api/user/calls`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ date_from: '2026-03-01', per_page: '3', page: '2' });
    expect(new URL(p1.body.first_page_url).searchParams.get('page')).toBe('1');
    expect(new URL(p1.body.last_page_url).searchParams.get('page')).toBe('2');
    expect(p1.body.links.map((l: { label: string }) => l.label)).toEqual(['&laquo; Previous', '1', '2', 'Next &raquo;']);
    expect(p1.body.links.map((l: { active: boolean }) => l.active)).toEqual([false, true, false, false]);

    const p2 = await alice.req('GET', p1.body.next_page_url.replace(svc.api, ''));
    expect(p2.body.data.map((c: { id: number }) => c.id)).toEqual([ids.march1]);
    expect(p2.body).toMatchObject({ current_page: 2, from: 4, to: 4, next_page_url: null });
    expect(new URL(p2.body.prev_page_url).searchParams.get('page')).toBe('1');

    const past = await alice.req('GET', '/user/calls?per_page=3&page=9');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ current_page: 9, data: [], from: null, to: null, total: 4, last_page: 2, next_page_url: null });

    const none = await alice.req('GET', '/user/calls?status=ringing');
    expect(none.body).toMatchObject({ data: [], from: null, to: null, total: 0, last_page: 1 });
  });

  it('never shows another user’s calls, even filtered by their ids', async () => {
    expect(await listIds(bob, '')).toEqual([ids.bob]);
    expect(await listIds(bob, `?assistant_id=${a1}`)).toEqual([]);
    expect(await listIds(bob, `?campaign_id=${camp}`)).toEqual([]);
    expect(await listIds(alice, `?assistant_id=${bobAssistant}`)).toEqual([]);
    expect(await listIds(alice, `?campaign_id=${bobCampaign}`)).toEqual([]);
  });
  it('writes the JSON columns as stored: a model call’s transcript keeps its entries, a stored string stays a string, the body stays JSON', async () => {
    const carol = await svc.user();
    const db = svc.handle.db;
    const entries = [
      { sender: 'bot', text: 'Grüße – "quoted" \\ back\nslash', timestamp: '2026-03-02T10:00:01Z', latency_ms: 420 },
      { sender: 'human', text: 'Montag', timestamp: '2026-03-02T10:00:03Z' },
    ];
    const model = await insertCall(db, carol.id, {
      at: '2026-03-02 10:00:00',
      conversation_mode: 'model',
      latency_p50_ms: 300,
      latency_p95_ms: 420,
      latency_turns: 1,
      transcript: JSON.stringify(entries),
      // A number past double precision, a null member, an escaped character: each as stored.
      variables: JSON.stringify({ name: 'Zoë', nested: { a: [1, { b: null }] } }),
      evaluation: '{"score": 12345678901234567890, "note": null, "list": [1, 2.5, "\u00e9"]}',
      webhook_response: 'null',
    });
    const scripted = await insertCall(db, carol.id, {
      at: '2026-03-01 10:00:00',
      conversation_mode: 'scripted',
      transcript: JSON.stringify([{ sender: 'Assistant ', text: 'Hi' }, { sender: 'human', text: 'Yo' }, { sender: 'x', text: '  ' }]),
    });
    const none = await insertCall(db, carol.id, { at: '2026-02-28 10:00:00', transcript: null });
    const odd = await insertCall(db, carol.id, { at: '2026-02-27 10:00:00', transcript: JSON.stringify({ not: 'a list' }) });
    const said = 'AI: "Hallo" \\ Tschüß\tja\nUser: \u0001ok';
    const imported = await insertCall(db, carol.id, { at: '2026-02-26 10:00:00', conversation_mode: 'model', transcript: JSON.stringify(said) });

    const res = await carol.req('GET', '/user/calls');
    expect(res.status).toBe(200);
    const byId = new Map<number, Record<string, unknown>>(res.body.data.map((c: { id: number }) => [c.id, c]));
    expect(byId.get(model)).toMatchObject({
      transcript: entries,
      variables: { name: 'Zoë', nested: { a: [1, { b: null }] } },
      evaluation: { score: Number('12345678901234567890'), note: null, list: [1, 2.5, 'é'] },
      webhook_response: null,
      conversation_mode: 'model',
      latency: { p50_ms: 300, p95_ms: 420, turns: 1 },
    });
    expect(byId.get(scripted)).toMatchObject({ transcript: 'AI: Hi\nUser: Yo', conversation_mode: 'scripted', latency: null });
    expect(byId.get(none)?.transcript).toBe('');
    expect(byId.get(odd)?.transcript).toBe('');
    expect(byId.get(imported)?.transcript).toBe(said);
    expect(byId.get(none)).not.toHaveProperty('conversation_mode');
    // The record answers the same alone as in the list.
    for (const id of [model, scripted, none, odd, imported]) expect((await carol.req('GET', `/user/calls/${id}`)).body).toEqual(byId.get(id));
    // The raw body: strict JSON with the exact digits the column holds.
    const raw = await fetch(`${svc.api}/user/calls/${model}`, { headers: { Authorization: `Bearer ${carol.token}` } });
    expect(raw.headers.get('content-type')).toBe('application/json');
    const text = await raw.text();
    expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect(text).toContain('12345678901234567890');
  });
});

describe('GET and DELETE /user/calls/{id}', () => {
  it('gets one call; another user’s is missing; deletes', async () => {
    const res = await alice.req('GET', `/user/calls/${ids.march1}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.march1, campaign_name: 'Spring', transcript: 'AI: Hello, this is Sales.\nUser: Hi!' });

    for (const [user, id] of [
      [bob, ids.march1],
      [alice, ids.bob],
      [alice, 999_999],
    ] as const) {
      const get = await user.req('GET', `/user/calls/${id}`);
      expect(get.status).toBe(404);
      expect(get.body).toEqual({ message: 'Call not found' });
      const del = await user.req('DELETE', `/user/calls/${id}`);
      expect(del.status).toBe(404);
      expect(del.body).toEqual({ message: 'Call not found' });
    }
    expect((await alice.req('GET', '/user/calls/abc')).status).toBe(404);

    const extra = await insertCall(svc.handle.db, alice.id, { at: '2025-01-01 00:00:00' });
    const del = await alice.req('DELETE', `/user/calls/${extra}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Call deleted successfully' });
    expect((await alice.req('GET', `/user/calls/${extra}`)).status).toBe(404);
    expect((await alice.req('GET', `/user/calls/${ids.bob}`)).status).toBe(404);
    expect((await bob.req('GET', `/user/calls/${ids.bob}`)).status).toBe(200);
  });
});

describe('POST /user/make_call and the call engine', () => {
  /** Moves the service's clock and runs one tick of its background work. */
  const tick = async (seconds: number) => {
    clock.advance(seconds * 1000);
    await svc.work.runOnce();
  };

  it('records an initiated outbound call that the engine carries to its outcome', async () => {
    const db = svc.handle.db;
    const carol = await svc.user();
    const number = await insertPhoneNumber(db, carol.id, '+493055555555');
    const assistant = await insertAssistant(db, carol.id, { name: 'Caller', phone_number_id: number.id });
    await db.updateTable('assistants').set({ initial_message: 'Hello {{customer_name}}! This is Caller.' }).where('id', '=', assistant.id).execute();
    const historic = await insertCall(db, carol.id, { at: '2026-01-01 10:00:00', status: 'initiated', assistant_id: assistant.id });

    // +1 … 555-0100: a test number, always completed, on a fixed schedule.
    const res = await carol.req('POST', '/user/make_call', {
      phone_number: '+1 202 555 0100',
      assistant_id: assistant.id,
      variables: { customer_name: 'Jane' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Call initiated successfully', call_id: expect.any(Number), status: 'initiated' });
    const id = res.body.call_id as number;

    const initiated = await carol.req('GET', `/user/calls/${id}`);
    expect(initiated.body).toMatchObject({
      id,
      type: 'outbound',
      status: 'initiated',
      assistant_id: assistant.id,
      assistant_name: 'Caller',
      assistant_phone_number: '+493055555555',
      client_phone_number: '+12025550100',
      variables: { customer_name: 'Jane' },
      duration: 0,
      transcript: '',
    });
    expect(initiated.body).not.toHaveProperty('recording_url');
    expect(initiated.body).not.toHaveProperty('campaign_name');

    const statusAfter = async (seconds: number) => {
      await tick(seconds);
      return (await carol.req('GET', `/user/calls/${id}`)).body;
    };
    expect((await statusAfter(0.5)).status).toBe('initiated');
    expect((await statusAfter(1)).status).toBe('ringing');
    expect((await statusAfter(2)).status).toBe('in-progress');
    const done = await statusAfter(60);
    expect(done).toMatchObject({ status: 'completed', answered_by: 'human', duration: 6 });
    expect(done.transcript).toMatch(/^AI: Hello Jane! This is Caller\./);
    expect(done.transcript.split('\n').length).toBeGreaterThanOrEqual(4);
    expect(done.total_cost).toBeGreaterThan(0);
    expect(typeof done.carrier_cost).toBe('number');
    expect(done.recording_url).toMatch(/\/api\/recordings\/[0-9a-f-]{36}\.wav$/);
    expect(done.updated_at).toMatch(LARAVEL_TS);

    // Further ticks change nothing, and the seeded call stays as it was.
    await tick(600);
    expect((await carol.req('GET', `/user/calls/${id}`)).body).toEqual(done);
    expect((await carol.req('GET', `/user/calls/${historic}`)).body.status).toBe('initiated');

    // The recording is served, as long as the call lasted.
    const wav = await fetch(done.recording_url);
    expect(wav.status).toBe(200);
    expect(Number(wav.headers.get('content-length'))).toBe(44 + done.duration * 8000 * 2);
  });

  it('jumps straight to the outcome when the service missed the steps', async () => {
    const db = svc.handle.db;
    const dave = await svc.user();
    const assistant = await insertAssistant(db, dave.id, { record: false });
    const res = await dave.req('POST', '/user/make_call', { phone_number: '+14155550105', assistant_id: assistant.id });
    expect(res.status).toBe(200);
    await tick(3600);
    const call = (await dave.req('GET', `/user/calls/${res.body.call_id}`)).body;
    expect(call.status).toBe('ended_by_customer');
    expect(call.assistant_phone_number).toBeNull();
    expect(call.variables).toEqual({});
    // An assistant that does not record leaves no recording.
    expect(call).not.toHaveProperty('recording_url');
  });

  it('refuses bad numbers and assistants that are inbound, deleted or someone else’s', async () => {
    const db = svc.handle.db;
    const deleted = await insertAssistant(db, alice.id, { deleted: true });
    const bad = await alice.req('POST', '/user/make_call', { phone_number: 'garbage', assistant_id: a1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ phone_number: ['The phone number field must be a valid phone number.'] });
    for (const [user, assistant_id] of [
      [alice, a2],
      [alice, deleted.id],
      [alice, bobAssistant],
      [bob, a1],
      [alice, 999_999],
    ] as const) {
      const res = await user.req('POST', '/user/make_call', { phone_number: '+49 30 1234567', assistant_id });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ assistant_id: ['The selected assistant id is invalid.'] });
    }
    const missing = await alice.req('POST', '/user/make_call', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['assistant_id', 'phone_number']);
    const vars = await alice.req('POST', '/user/make_call', { phone_number: '+49 30 1234567', assistant_id: a1, variables: 'x' });
    expect(vars.status).toBe(422);
    expect(Object.keys(vars.body.errors)).toEqual(['variables']);
  });
});

describe('the call log at 100,000 calls', () => {
  const filters: [string, CallLogFilter, string][] = [
    ['none', {}, 'calls_user_created'],
    ['status', { status: 'failed' }, 'calls_user_status'],
    ['type', { type: 'web' }, 'calls_user_type'],
    ['status and type', { status: 'failed', type: 'web' }, 'calls_user_status_type'],
    ['phone', { phone_number: '+493000000042' }, 'calls_user_client'],
    ['assistant', { assistant_id: -1 }, 'calls_user_assistant'],
    ['campaign', { campaign_id: -1 }, 'calls_user_campaign'],
    ['dates', { date_from: '2026-02-01', date_to: '2026-02-03' }, 'calls_user_created'],
  ];
  let bulk: TestUser;
  let assistantIds: number[];
  let campaignId: number;

  beforeAll(async () => {
    const db = svc.handle.db;
    bulk = await svc.user();
    assistantIds = [];
    for (let i = 0; i < 5; i++) assistantIds.push((await insertAssistant(db, bulk.id, { name: `Bulk ${i}` })).id);
    campaignId = (await insertCampaign(db, bulk.id, { name: 'Bulk campaign' })).id;
    // Some other users' calls around them, as on a shared database.
    for (const other of [alice, bob]) {
      await sql`INSERT INTO calls (user_id, type, status, client_phone_number, created_at, updated_at)
        SELECT ${other.id}, 'outbound', 'completed', '+4930' || lpad((i % 900)::text, 7, '0'),
               timestamp '2026-01-01' + i * interval '1 minute', timestamp '2026-01-01' + i * interval '1 minute'
        FROM generate_series(1, 2000) AS i`.execute(db);
    }
    await sql`INSERT INTO calls (user_id, assistant_id, campaign_id, assistant_name, campaign_name, type, status, duration,
        client_phone_number, carrier_cost, total_cost, created_at, updated_at)
      SELECT ${bulk.id},
             (${sql.val(assistantIds)}::int[])[1 + i % 5],
             CASE WHEN i % 20 = 0 THEN ${campaignId}::int END,
             'Bulk', CASE WHEN i % 20 = 0 THEN 'Bulk campaign' END,
             (ARRAY['inbound','outbound','web'])[1 + (i / 7) % 3],
             (ARRAY['initiated','ringing','busy','in-progress','ended','completed','ended_by_customer','ended_by_assistant','no-answer','failed'])[1 + (i / 3) % 10],
             i % 600,
             '+4930' || lpad((i % 5000)::text, 7, '0'),
             0.0140, 0.0900,
             timestamp '2026-01-01' + i * interval '52 seconds',
             timestamp '2026-01-01' + i * interval '52 seconds'
      FROM generate_series(1, 100000) AS i`.execute(db);
    await sql`ANALYZE calls`.execute(db);
  }, 120_000);

  function resolve(f: CallLogFilter): CallLogFilter {
    return {
      ...f,
      ...(f.assistant_id === -1 && { assistant_id: assistantIds[2] }),
      ...(f.campaign_id === -1 && { campaign_id: campaignId }),
    };
  }

  async function plan(q: { explain: () => Promise<Record<string, unknown>[]> }): Promise<string> {
    const rows = await q.explain();
    return rows.map((r) => String(Object.values(r)[0])).join('\n');
  }

  it('serves every filter’s page from the user’s indexes, and each selective filter’s count too', async () => {
    const db = svc.handle.db;
    for (const [name, f, index] of filters) {
      const resolved = resolve(f);
      const page = await plan(callsPageQuery(db, bulk.id, resolved, 3, 15));
      expect(page, `${name} page:\n${page}`).toContain(index);
      expect(page, `${name} page:\n${page}`).not.toMatch(/Seq Scan on calls/);
      // Counting a third of the user's calls (type) or all of them (none), a sequential scan is the
      // planner's right choice on a freshly analysed table; every narrower filter counts from an index.
      if (name === 'none' || name === 'type') continue;
      const count = await plan(callsCountQuery(db, bulk.id, resolved));
      expect(count, `${name} count:\n${count}`).toMatch(/Index|Bitmap/);
      expect(count, `${name} count:\n${count}`).not.toMatch(/Seq Scan on calls/);
    }
  });

  it('answers quickly over HTTP with three filters', async () => {
    const q = `/user/calls?status=completed&type=outbound&assistant_id=${assistantIds[1]}&per_page=50&page=3`;
    // Warm-up; the long synchronous insert above can leave the client a kept-alive socket the server just dropped.
    await bulk.req('GET', q).catch(() => undefined);
    const t0 = performance.now();
    const res = await bulk.req('GET', q);
    const ms = performance.now() - t0;
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(50);
    for (const c of res.body.data) expect(c).toMatchObject({ status: 'completed', type: 'outbound', assistant_id: assistantIds[1] });
    expect(ms).toBeLessThan(1500);
    const deep = await bulk.req('GET', '/user/calls?per_page=100&page=1000');
    expect(deep.body).toMatchObject({ from: 99_901, to: 100_000, total: 100_000, last_page: 1000 });
  });
  it('gives a page of the back half, read from the end, the same calls a plain OFFSET gives', async () => {
    const db = svc.handle.db;
    const f = resolve({ status: 'failed' });
    const total = Number((await callsCountQuery(db, bulk.id, f).executeTakeFirstOrThrow()).total);
    const lastPage = Math.ceil(total / 15);
    for (const page of [1, Math.ceil(lastPage / 2), Math.ceil(lastPage / 2) + 1, lastPage - 1, lastPage]) {
      const plain = await svc.handle.db
        .selectFrom('calls')
        .select('id')
        .where('user_id', '=', bulk.id)
        .where('status', '=', 'failed')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(15)
        .offset((page - 1) * 15)
        .execute();
      const paged = await callsPageQuery(db, bulk.id, f, page, 15, total).execute();
      expect(paged.map((r) => r.id), `page ${page} of ${lastPage}`).toEqual(plain.map((r) => r.id));
    }
  });
});
