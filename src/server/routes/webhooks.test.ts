import { afterAll, describe, expect, it } from 'vitest';
import { webhookDeliveriesPageSchema, webhookDeliveryAnswerSchema, webhookSecretAnswerSchema } from '../../contract';
import { TestClock } from '../engine/clock';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { deliverWebhooks } from '../webhooks/dispatcher';
import { webhookSecretOf } from '../webhooks/secret';
import { startReceiver, type TestReceiver } from '../test/stand-ins/webhook-receiver';
import { callAt, webhookAssistant } from '../webhooks/test-support';

/*
 * GET /user/webhook-deliveries, GET /user/webhook-deliveries/{id}, POST …/{id}/resend, GET /user/webhook-secret,
 * POST /user/webhook-secret/rotate, across two users.
 */

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
const clock = new TestClock('2026-04-01T08:00:00Z');
let receiver: TestReceiver;
let assistantA: number;
let assistantB: number;
const calls: number[] = [];
let bobDelivery = 0;

useService(async (s) => {
  ({ svc, alice, bob } = s);
  receiver = await startReceiver((n) => (n === 0 ? 500 : 200));
  receiver.secret = await webhookSecretOf(svc.handle.db, alice.id);
  const db = svc.handle.db;
  assistantA = await webhookAssistant(db, alice.id, { is_webhook_active: true, webhook_url: receiver.url });
  assistantB = await webhookAssistant(db, alice.id, { is_webhook_active: true, webhook_url: receiver.url });
  for (let i = 0; i < 3; i++) calls.push(await callAt(db, clock, alice.id, assistantA));
  calls.push(await callAt(db, clock, alice.id, assistantB));
  const bobAssistant = await webhookAssistant(db, bob.id, { is_webhook_active: true, webhook_url: 'http://127.0.0.1:9/none' });
  const bobCall = await callAt(db, clock, bob.id, bobAssistant);
  const row = await db.selectFrom('webhook_deliveries').select('id').where('call_id', '=', bobCall).executeTakeFirstOrThrow();
  bobDelivery = row.id;
  // Alice's first delivery gets the 500; Bob's goes to a closed port.
  await deliverWebhooks(db, clock.now(), { allowPrivate: true, concurrency: 1 });
}, { clock });
// Runs before the service's own afterAll (the later hook first), as the receiver was closed before it.
afterAll(() => receiver.close());

describe('GET /user/webhook-deliveries', () => {
  it("lists the caller's deliveries newest first, without payload, as a paginator", async () => {
    const res = await alice.req('GET', '/user/webhook-deliveries?per_page=2');
    expect(res.status).toBe(200);
    expect(webhookDeliveriesPageSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ total: 4, per_page: 2, current_page: 1, last_page: 2 });
    const ids = res.body.data.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(res.body.data[0]).not.toHaveProperty('payload');
    expect(res.body.data[0]).toMatchObject({ kind: 'post_call', event: 'call.ended', url: receiver.url, webhook_id: expect.stringMatching(/^msg_/) });
    const page2 = await alice.req('GET', '/user/webhook-deliveries?per_page=2&page=2');
    expect(page2.body.data).toHaveLength(2);
    const all = [...ids, ...page2.body.data.map((d: { id: number }) => d.id)];
    expect(all).not.toContain(bobDelivery);
  });

  it('filters by assistant, call and status', async () => {
    const byAssistant = await alice.req('GET', `/user/webhook-deliveries?assistant_id=${assistantB}`);
    expect(byAssistant.body.data.map((d: { call_id: number }) => d.call_id)).toEqual([calls[3]]);
    const byCall = await alice.req('GET', `/user/webhook-deliveries?call_id=${calls[1]}`);
    expect(byCall.body.total).toBe(1);
    const pending = await alice.req('GET', '/user/webhook-deliveries?status=pending');
    expect(pending.body.data).toHaveLength(1);
    expect(pending.body.data[0]).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'HTTP 500' });
    const delivered = await alice.req('GET', '/user/webhook-deliveries?status=delivered');
    expect(delivered.body.total).toBe(3);
    const bobs = await bob.req('GET', '/user/webhook-deliveries');
    expect(bobs.body.data.map((d: { id: number }) => d.id)).toEqual([bobDelivery]);
  });

  it('422 for a bad filter, never a 500', async () => {
    const res = await alice.req('GET', '/user/webhook-deliveries?status=lost&per_page=500');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['per_page', 'status']);
  });
});

describe('GET /user/webhook-deliveries/{id}', () => {
  it('gives the delivery with its payload; another user\'s is a 404', async () => {
    const list = await alice.req('GET', `/user/webhook-deliveries?call_id=${calls[0]}`);
    const id = list.body.data[0].id as number;
    const res = await alice.req('GET', `/user/webhook-deliveries/${id}`);
    expect(res.status).toBe(200);
    expect(webhookDeliveryAnswerSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.data).toMatchObject({ id, call_id: calls[0], payload: { event: 'call.ended', id: calls[0] } });
    for (const path of [`/user/webhook-deliveries/${bobDelivery}`, '/user/webhook-deliveries/999999', '/user/webhook-deliveries/abc']) {
      const miss = await alice.req('GET', path);
      expect(miss.status).toBe(404);
      expect(miss.body).toEqual({ message: 'Delivery not found' });
    }
  });
});

describe('POST /user/webhook-deliveries/{id}/resend', () => {
  it('puts the same row and webhook-id back, due now; the receiver gets it again', async () => {
    const list = await alice.req('GET', `/user/webhook-deliveries?call_id=${calls[2]}`);
    const before = list.body.data[0];
    expect(before.status).toBe('delivered');
    const sentBefore = receiver.received.filter((r) => r.webhookId === before.webhook_id).length;
    const res = await alice.req('POST', `/user/webhook-deliveries/${before.id}/resend`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Delivery queued', data: { id: before.id, webhook_id: before.webhook_id, status: 'pending', attempts: 0, delivered_at: null } });
    const call = await alice.req('GET', `/user/calls/${calls[2]}`);
    expect(call.body.webhook_response).toMatchObject({ status: 'pending', delivered: false });
    expect(await deliverWebhooks(svc.handle.db, clock.now(), { allowPrivate: true })).toBe(1);
    expect(receiver.received.filter((r) => r.webhookId === before.webhook_id)).toHaveLength(sentBefore + 1);
    expect(receiver.received.at(-1)!.verified).toBe(true);
    const after = await alice.req('GET', `/user/webhook-deliveries/${before.id}`);
    expect(after.body.data).toMatchObject({ status: 'delivered', attempts: 1 });
    expect((await alice.req('GET', `/user/calls/${calls[2]}`)).body.webhook_response).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it("404 for another user's delivery, and it stays as it was", async () => {
    const res = await alice.req('POST', `/user/webhook-deliveries/${bobDelivery}/resend`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Delivery not found' });
    const row = await svc.handle.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', bobDelivery).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
  });
});

describe('the signing secret', () => {
  it('is made on first read, kept, and each user has their own', async () => {
    const a = await alice.req('GET', '/user/webhook-secret');
    const b = await bob.req('GET', '/user/webhook-secret');
    expect(webhookSecretAnswerSchema.safeParse(a.body).success).toBe(true);
    expect(a.body.data.secret).toBe(receiver.secret);
    expect(b.body.data.secret).toMatch(/^whsec_/);
    expect(b.body.data.secret).not.toBe(a.body.data.secret);
    const rotated = await bob.req('POST', '/user/webhook-secret/rotate');
    expect(rotated.body).toEqual({ message: 'Signing secret rotated', data: { secret: expect.stringMatching(/^whsec_/) } });
    expect((await alice.req('GET', '/user/webhook-secret')).body.data.secret).toBe(a.body.data.secret);
  });

  it('needs a token', async () => {
    const res = await fetch(`${svc.api}/user/webhook-secret`);
    expect(res.status).toBe(401);
  });
});
