import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE_S } from '../../contract/webhooks';
import { busOf, type ServiceEvent } from '../events/bus';
import { TestClock } from '../engine/clock';
import { insertCampaign } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { deliverWebhooks } from './dispatcher';
import { webhookSecretOf } from './secret';
import { startReceiver, type TestReceiver } from '../test/stand-ins/webhook-receiver';
import { callAt, deliveriesOf, webhookAssistant } from './test-support';

/*
 * Deliveries over real HTTP to a receiver that verifies every signature with the standardwebhooks library.
 * Calls are written straight into the database and enqueued as the engine's finalising transaction does;
 * the dispatcher is driven by hand on a TestClock.
 */

let svc: TestService;
let user: TestUser;
let clock: TestClock;
const receivers: TestReceiver[] = [];
const allow = { allowPrivate: true };

beforeAll(async () => {
  clock = new TestClock('2026-03-02T10:00:00Z');
  svc = await startTestService({ clock });
  user = await svc.user();
});
afterAll(async () => {
  await svc.close();
});
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
  // Each test starts on a day of its own, past every retry an earlier test left due.
  clock.set(Math.ceil((clock.now().getTime() + 2 * 86_400_000) / 86_400_000) * 86_400_000 + 36_000_000);
});

/** The clock's time in the payload's form (ISO, seconds) and in the API's (Y-m-d H:i:s), `plusS` seconds on. */
const isoAt = (plusS = 0) => new Date(clock.now().getTime() + plusS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const apiAt = (plusS = 0) => isoAt(plusS).replace('T', ' ').replace('Z', '');

async function receiver(behaviour?: Parameters<typeof startReceiver>[0]): Promise<TestReceiver> {
  const r = await startReceiver(behaviour);
  r.secret = await webhookSecretOf(svc.handle.db, user.id);
  receivers.push(r);
  return r;
}

const db = () => svc.handle.db;
const deliver = (extra: Partial<Parameters<typeof deliverWebhooks>[2]> = {}) => deliverWebhooks(db(), clock.now(), { ...allow, ...extra });

async function callRecord(id: number) {
  const res = await user.req('GET', `/user/calls/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('post-call webhook', () => {
  it('is delivered signed, with the documented fields, and recorded on the call', async () => {
    const r = await receiver();
    const assistant = await webhookAssistant(db(), user.id, {
      is_webhook_active: true,
      webhook_url: r.url,
      post_call_schema: JSON.stringify([{ name: 'interested', type: 'bool', description: 'd' }]),
    });
    const campaign = await insertCampaign(db(), user.id, { assistant_id: assistant, name: 'Spring', status: 'running' });
    const lead = await db()
      .insertInto('leads')
      .values({ user_id: user.id, campaign_id: campaign.id, phone_number: '+12025550100', variables: JSON.stringify({ name: 'Ada' }), status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const events: ServiceEvent[] = [];
    const off = busOf(db()).subscribe(user.id, (e) => events.push(e));
    const callId = await callAt(db(), clock, user.id, assistant, {
      status: 'completed',
      variables: JSON.stringify({ interested: true, name: 'Ada' }),
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      lead_id: lead.id,
    });
    const pending = await callRecord(callId);
    expect(pending.webhook_response).toMatchObject({ status: 'pending', delivered: false, attempts: 0, event: 'call.ended' });

    expect(await deliver()).toBe(1);
    off();
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.verifyError).toBeNull();
    expect(got.webhookId).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(got.headers['webhook-signature']).toMatch(/^v1,/);
    const p = got.payload!;
    expect(p).toEqual({
      event: 'call.ended',
      id: callId,
      assistant_id: assistant,
      customer_phone: '+12025550100',
      assistant_phone: '+4930555000',
      duration: 42,
      status: 'completed',
      extracted_variables: { interested: true },
      input_variables: { name: 'Ada' },
      transcript: 'AI: Hello Ada!\nUser: Hi.',
      created_at: isoAt(),
      finished_at: isoAt(),
      lead: {
        id: lead.id,
        phone_number: '+12025550100',
        variables: { name: 'Ada' },
        status: 'completed',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
      campaign: expect.objectContaining({ id: campaign.id, name: 'Spring', status: 'running', max_retries: 3, allowed_days: expect.any(Array) }),
    });
    // Without include_recording_in_webhook the key is absent.
    expect('recording_url' in p).toBe(false);

    const done = await callRecord(callId);
    expect(done.webhook_response).toMatchObject({
      status: 'delivered',
      delivered: true,
      status_code: 200,
      body: 'ok',
      error: null,
      attempts: 1,
      webhook_id: got.webhookId,
      url: r.url,
      next_attempt_at: null,
      delivered_at: apiAt(),
    });
    expect(events.map((e) => `${e.type}:${e.status ?? ''}`)).toEqual(expect.arrayContaining(['delivery:delivered', 'call:completed']));
  });

  it('500 then 200: exactly one retry after 5 s, same webhook-id, attempts 2', async () => {
    const r = await receiver((n) => (n === 0 ? 500 : 200));
    const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: true, webhook_url: r.url });
    const callId = await callAt(db(), clock, user.id, assistant);
    expect(await deliver()).toBe(1);
    const due = apiAt(5);
    const first = (await callRecord(callId)).webhook_response;
    expect(first).toMatchObject({ status: 'pending', delivered: false, status_code: 500, body: 'nope 500', error: 'HTTP 500', attempts: 1 });
    expect(first.next_attempt_at).toBe(due);
    // Not due before its time.
    clock.advance(4_000);
    expect(await deliver()).toBe(0);
    clock.advance(1_000);
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    expect(r.received).toHaveLength(2);
    expect(r.received.every((x) => x.verified)).toBe(true);
    expect(r.received[1]!.webhookId).toBe(r.received[0]!.webhookId);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    const last = (await callRecord(callId)).webhook_response;
    expect(last).toMatchObject({ status: 'delivered', delivered: true, status_code: 200, attempts: 2 });
    clock.advance(3_600_000);
    expect(await deliver()).toBe(0);
  });

  it('a receiver that is down: six attempts on the schedule, then failed, recorded on the call', async () => {
    const r = await receiver();
    const url = r.url;
    await r.close();
    receivers.splice(receivers.indexOf(r), 1);
    const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: true, webhook_url: url });
    const callId = await callAt(db(), clock, user.id, assistant);
    expect(await deliver()).toBe(1);
    for (const [i, wait] of WEBHOOK_RETRY_SCHEDULE_S.entries()) {
      const [row] = await deliveriesOf(db(), callId);
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1 });
      clock.advance(wait * 1000 - 1000);
      expect(await deliver()).toBe(0);
      clock.advance(1000);
      expect(await deliver()).toBe(1);
    }
    const [row] = await deliveriesOf(db(), callId);
    expect(row).toMatchObject({ status: 'failed', attempts: 6, next_attempt_at: null, last_status_code: null });
    expect(row!.last_error).toMatch(/ECONNREFUSED/);
    clock.advance(86_400_000);
    expect(await deliver()).toBe(0);
    const outcome = (await callRecord(callId)).webhook_response;
    expect(outcome).toMatchObject({ status: 'failed', delivered: false, attempts: 6, status_code: null, next_attempt_at: null, delivered_at: null });
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });

  it('a receiver that never answers times out and is retried', async () => {
    const r = await receiver((n) => (n === 0 ? 'hang' : 204));
    const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: true, webhook_url: r.url });
    const callId = await callAt(db(), clock, user.id, assistant);
    const t0 = Date.now();
    expect(await deliver({ timeoutMs: 300 })).toBe(1);
    expect(Date.now() - t0).toBeLessThan(5_000);
    const [row] = await deliveriesOf(db(), callId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(row!.last_error).toMatch(/^timeout/);
    clock.advance(5_000);
    expect(await deliver({ timeoutMs: 300 })).toBe(1);
    expect((await callRecord(callId)).webhook_response).toMatchObject({ status: 'delivered', status_code: 204, attempts: 2 });
    expect(r.received.map((x) => x.webhookId)).toEqual([row!.webhook_id, row!.webhook_id]);
  });

  it('send_webhook_only_on_completed: other outcomes send nothing', async () => {
    const r = await receiver();
    const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: true, webhook_url: r.url, send_webhook_only_on_completed: true });
    const busy = await callAt(db(), clock, user.id, assistant, { status: 'busy', duration: 0 });
    const done = await callAt(db(), clock, user.id, assistant, { status: 'completed' });
    expect(await deliveriesOf(db(), busy)).toHaveLength(0);
    expect((await callRecord(busy)).webhook_response).toBeNull();
    expect(await deliver()).toBe(1);
    expect(r.received.map((x) => x.payload?.id)).toEqual([done]);

    // Switched off: every outcome is sent.
    await db().updateTable('assistants').set({ send_webhook_only_on_completed: false }).where('id', '=', assistant).execute();
    const failed = await callAt(db(), clock, user.id, assistant, { status: 'no-answer', duration: 0 });
    expect(await deliver()).toBe(1);
    expect(r.received[1]!.payload).toMatchObject({ id: failed, status: 'no-answer', duration: 0 });
  });

  it('an inactive post-call webhook sends nothing', async () => {
    const r = await receiver();
    const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: false, webhook_url: r.url });
    const callId = await callAt(db(), clock, user.id, assistant);
    expect(await deliveriesOf(db(), callId)).toHaveLength(0);
    expect(await deliver()).toBe(0);
  });

  it('include_recording_in_webhook: an absolute recording_url on PUBLIC_URL, null without a recording', async () => {
    const r = await receiver();
    const before = process.env.PUBLIC_URL;
    process.env.PUBLIC_URL = 'https://voice.example.com/';
    try {
      const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: true, webhook_url: r.url, include_recording_in_webhook: true });
      const withRec = await callAt(db(), clock, user.id, assistant, { recording_key: '0b0e2b1c-7a43-4c1e-9a51-2f6f1a3c9d10' });
      const without = await callAt(db(), clock, user.id, assistant, { recording_key: null });
      expect(await deliver()).toBe(2);
      const byId = new Map(r.received.map((x) => [x.payload?.id, x.payload]));
      expect(byId.get(withRec)?.recording_url).toBe('https://voice.example.com/api/recordings/0b0e2b1c-7a43-4c1e-9a51-2f6f1a3c9d10.wav');
      expect(byId.get(without)).toHaveProperty('recording_url', null);
    } finally {
      if (before === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = before;
    }
  });
});

describe('inbound webhook', () => {
  it('started on answer and ended with the data while it is on; nothing when off or for outbound calls', async () => {
    const inbound = await receiver();
    const post = await receiver();
    const assistant = await webhookAssistant(db(), user.id, { inbound_webhook_url: inbound.url, is_webhook_active: true, webhook_url: post.url }, 'inbound');
    const callId = await callAt(db(), clock, user.id, assistant, { type: 'inbound', status: 'completed', answered_at: apiAt(2) }, ['started', 'ended']);
    const rows = await deliveriesOf(db(), callId);
    expect(rows.map((d) => `${d.kind}/${d.event}`)).toEqual(['inbound/inbound_call.started', 'post_call/call.ended', 'inbound/inbound_call.ended']);
    expect(await deliver()).toBe(3);
    expect(inbound.received.map((x) => x.payload?.event)).toEqual(['inbound_call.started', 'inbound_call.ended']);
    expect(inbound.received.every((x) => x.verified)).toBe(true);
    expect(inbound.received[0]!.payload).toEqual({
      event: 'inbound_call.started',
      id: callId,
      assistant_id: assistant,
      customer_phone: '+12025550100',
      assistant_phone: '+4930555000',
      status: 'completed',
      created_at: isoAt(),
      answered_at: isoAt(2),
    });
    expect(inbound.received[1]!.payload).toMatchObject({ id: callId, status: 'completed', transcript: 'AI: Hello Ada!\nUser: Hi.', lead: null, campaign: null });
    expect(post.received.map((x) => x.payload?.event)).toEqual(['call.ended']);
    // The call shows its post-call delivery's outcome.
    expect((await callRecord(callId)).webhook_response).toMatchObject({ event: 'call.ended', delivered: true });

    // Without a post-call webhook the inbound_call.ended delivery is the call's outcome.
    await db().updateTable('assistants').set({ is_webhook_active: false }).where('id', '=', assistant).execute();
    const second = await callAt(db(), clock, user.id, assistant, { type: 'inbound' }, ['started', 'ended']);
    expect(await deliver()).toBe(2);
    expect((await callRecord(second)).webhook_response).toMatchObject({ event: 'inbound_call.ended', delivered: true, attempts: 1 });

    // Outbound calls of the same assistant send no inbound updates.
    const outbound = await callAt(db(), clock, user.id, assistant, { type: 'outbound' }, ['started', 'ended']);
    expect(await deliveriesOf(db(), outbound)).toHaveLength(0);

    // Switched off (disable-inbound-webhook clears the URL): nothing more.
    const off = await user.req('POST', '/user/assistants/disable-inbound-webhook', { assistant_id: assistant });
    expect(off.status).toBe(200);
    const third = await callAt(db(), clock, user.id, assistant, { type: 'inbound' }, ['started', 'ended']);
    expect(await deliveriesOf(db(), third)).toHaveLength(0);
    expect(inbound.received).toHaveLength(4);
  });
});

describe('address guard', () => {
  it('refuses loopback, private and link-local receivers when private addresses are not allowed', async () => {
    const r = await receiver();
    const urls = [
      `http://127.0.0.1:${r.port}/hook`,
      `http://localhost:${r.port}/hook`,
      `http://[::1]:${r.port}/hook`,
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://192.168.0.10/hook',
      `http://[::ffff:127.0.0.1]:${r.port}/hook`,
    ];
    const calls: number[] = [];
    for (const url of urls) {
      const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: true, webhook_url: url });
      calls.push(await callAt(db(), clock, user.id, assistant));
    }
    expect(await deliver({ allowPrivate: false, timeoutMs: 2_000 })).toBe(urls.length);
    for (const callId of calls) {
      const [row] = await deliveriesOf(db(), callId);
      expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: 'refused: private address', next_attempt_at: null });
      expect((await callRecord(callId)).webhook_response).toMatchObject({ status: 'failed', error: 'refused: private address', attempts: 1 });
    }
    expect(r.received).toHaveLength(0);
    // Never retried.
    clock.advance(86_400_000);
    expect(await deliver({ allowPrivate: false })).toBe(0);
  });

  it('the same receiver is reached when private addresses are allowed (ALLOW_PRIVATE_WEBHOOKS=1)', async () => {
    const r = await receiver();
    const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: true, webhook_url: `http://localhost:${r.port}/hook` });
    await callAt(db(), clock, user.id, assistant);
    expect(await deliver({ allowPrivate: true })).toBe(1);
    expect(r.received).toHaveLength(1);
  });
});

describe('signing secret', () => {
  it('rotating it changes the key the next attempt is signed with', async () => {
    const r = await receiver((n) => (n === 0 ? 503 : 200));
    const before = await user.req('GET', '/user/webhook-secret');
    expect(before.status).toBe(200);
    const old = before.body.data.secret as string;
    expect(old).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect((await user.req('GET', '/user/webhook-secret')).body.data.secret).toBe(old);
    const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: true, webhook_url: r.url });
    await callAt(db(), clock, user.id, assistant);
    await deliver();
    const rotated = await user.req('POST', '/user/webhook-secret/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.message).toBe('Signing secret rotated');
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(old);
    expect((await user.req('GET', '/user/webhook-secret')).body.data.secret).toBe(fresh);
    clock.advance(5_000);
    await deliver();
    const [first, second] = r.received;
    expect(() => new Webhook(old).verify(first!.body, first!.headers)).not.toThrow();
    expect(() => new Webhook(fresh).verify(second!.body, second!.headers)).not.toThrow();
    expect(() => new Webhook(old).verify(second!.body, second!.headers)).toThrow();
    r.secret = fresh;
  });
});

describe('two dispatchers at once', () => {
  it('never send one delivery twice', async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 20 }));
    const assistant = await webhookAssistant(db(), user.id, { is_webhook_active: true, webhook_url: r.url });
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await callAt(db(), clock, user.id, assistant));
    const [a, b] = await Promise.all([deliver({ concurrency: 4 }), deliver({ concurrency: 4 })]);
    expect(a + b).toBe(40);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const seen = r.received.map((x) => x.webhookId);
    expect(new Set(seen).size).toBe(40);
    expect(seen).toHaveLength(40);
    expect(r.received.every((x) => x.verified)).toBe(true);
  });
});
