import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connect';
import { TestClock } from '../engine/clock';
import { busOf, publish } from '../events/bus';
import { installEventBridge } from '../events/pg-bridge';
import { eventually, openEventStream, type OpenStream } from '../test/event-stream';
import { insertAssistant, insertPhoneNumber } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { eventRoutes, EVENT_STREAM_RETRY_MS, TOO_MANY_STREAMS, type EventStreamOptions } from './events';

/*
 * GET /user/events over real HTTP, read as the console reads it (fetch + eventsource-parser).
 */

const clock = new TestClock('2026-03-02T10:00:00Z');
let svc: TestService;
let alice: TestUser;
let bob: TestUser;
const streams: OpenStream[] = [];

const open = async (user: TestUser) => {
  const s = await openEventStream(`${svc.api}/user/events`, user.token);
  streams.push(s);
  return s;
};
const listeners = () => busOf(svc.handle.db).listenerCount();

useService((s) => ({ svc, alice, bob } = s), { clock });
// Runs before the service's own afterAll (the later hook first), as the streams were closed before it.
afterAll(() => {
  for (const s of streams) s.close();
});

describe('GET /user/events', () => {
  it('opens as an event stream that says how soon to reconnect', async () => {
    const s = await open(alice);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-cache');
    await eventually(() => s.retry !== undefined, 5000, 'the retry field');
    expect(s.retry).toBe(EVENT_STREAM_RETRY_MS);
    s.close();
  });

  it("streams the caller's events as `event: <type>` with the event as data, and never another user's", async () => {
    const a = await open(alice);
    const b = await open(bob);
    publish(svc.handle.db, { type: 'call', user_id: bob.id, id: 501, status: 'ringing' });
    publish(svc.handle.db, { type: 'campaign', user_id: alice.id, id: 7, status: 'running', campaign_id: 7 });
    publish(svc.handle.db, { type: 'delivery', user_id: alice.id, id: 9, status: 'failed', call_id: 501, assistant_id: 3 });
    const delivery = await a.next((m) => m.event === 'delivery');
    expect(JSON.parse(delivery.data)).toEqual({ type: 'delivery', id: 9, status: 'failed', call_id: 501, assistant_id: 3 });
    expect(a.messages.map((m) => m.event)).toEqual(['campaign', 'delivery']);
    expect(a.data()[0]).toEqual({ type: 'campaign', id: 7, status: 'running', campaign_id: 7 });
    const bobs = await b.next((m) => m.event === 'call');
    expect(JSON.parse(bobs.data)).toMatchObject({ id: 501, status: 'ringing' });
    // The data names no user: the stream is the caller's own.
    expect(a.messages.concat(b.messages).some((m) => m.data.includes('user_id'))).toBe(false);
    expect(b.messages.map((m) => m.event)).toEqual(['call']);
    a.close();
    b.close();
  });

  it("shows a call's steps as the engine plays it, and only to its owner", async () => {
    const phone = await insertPhoneNumber(svc.handle.db, alice.id);
    const assistant = await insertAssistant(svc.handle.db, alice.id, { phone_number_id: phone.id });
    const a = await open(alice);
    const b = await open(bob);
    const placed = await alice.req('POST', '/user/make_call', { phone_number: '+12025550100', assistant_id: assistant.id, variables: {} });
    expect(placed.status, placed.text).toBe(200);
    const id = Number(placed.body.call_id);
    // A test number plays out within 15 s of the clock.
    for (let i = 0; i < 15; i++) {
      clock.advance(1000);
      await svc.work.runOnce();
    }
    await a.next((m) => m.event === 'call' && JSON.parse(m.data).status === 'completed');
    const statuses = a
      .data()
      .filter((d) => d.type === 'call' && d.id === id)
      .map((d) => d.status);
    // Each step once at least, in the order they happened.
    const order = ['initiated', 'ringing', 'in-progress', 'completed'];
    const firstSeen = order.map((st) => statuses.indexOf(st));
    expect(firstSeen.every((i) => i >= 0), JSON.stringify(statuses)).toBe(true);
    expect([...firstSeen].sort((x, y) => x - y)).toEqual(firstSeen);
    expect(a.data().filter((d) => d.type === 'call')[0]).toMatchObject({ id, assistant_id: assistant.id });
    expect(b.messages.filter((m) => m.event === 'call')).toEqual([]);
    a.close();
    b.close();
  });

  it('ends cleanly when the client goes away: no listener is left behind', async () => {
    await eventually(() => listeners() === 0, 5000, 'earlier streams to end');
    const s = await open(alice);
    const t = await open(alice);
    expect(listeners()).toBe(2);
    s.close();
    await s.ended;
    await eventually(() => listeners() === 1, 5000, 'the closed stream to unsubscribe');
    // The other stream of the same user is unaffected.
    publish(svc.handle.db, { type: 'account', user_id: alice.id });
    await t.next((m) => m.event === 'account');
    t.close();
    await eventually(() => listeners() === 0, 5000, 'every listener to go');
  });

  it('counts one request against the rate limit however long it lasts', async () => {
    const before = Number((await alice.req('GET', '/user/me')).headers.get('X-RateLimit-Remaining'));
    const s = await open(alice);
    expect(Number(s.headers.get('X-RateLimit-Remaining'))).toBe(before - 1);
    for (let i = 0; i < 5; i++) publish(svc.handle.db, { type: 'lead', user_id: alice.id, id: i + 1, status: 'created' });
    await s.next((m) => m.event === 'lead' && JSON.parse(m.data).id === 5);
    const after = Number((await alice.req('GET', '/user/me')).headers.get('X-RateLimit-Remaining'));
    expect(after).toBe(before - 2);
    s.close();
  });

  it('refuses without a token, in JSON', async () => {
    const res = await fetch(`${svc.api}/user/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('holds at most 20 streams a user, and a closed one frees its place', async () => {
    await eventually(() => listeners() === 0, 5000, 'earlier streams to end');
    const many: OpenStream[] = [];
    for (let i = 0; i < 20; i++) many.push(await open(bob));
    expect(many.every((s) => s.status === 200)).toBe(true);
    const refused = await fetch(`${svc.api}/user/events`, { headers: { Authorization: `Bearer ${bob.token}` } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('5');
    expect(await refused.json()).toEqual({ message: TOO_MANY_STREAMS, retry_after: 5 });
    // Another user is not affected.
    const other = await open(alice);
    expect(other.status).toBe(200);
    other.close();
    many[0]!.close();
    await eventually(() => listeners() === 19, 5000, 'the closed stream to go');
    const again = await open(bob);
    expect(again.status).toBe(200);
    for (const s of [...many, again]) s.close();
    await eventually(() => listeners() === 0, 5000, 'every listener to go');
  });

  it('ends the streams when the service closes', async () => {
    const local = await startTestService();
    const u = await local.user();
    const s = await openEventStream(`${local.api}/user/events`, u.token);
    await eventually(() => s.retry !== undefined);
    await local.close();
    await s.ended;
    await eventually(() => busOf(local.handle.db).listenerCount() === 0, 5000, 'the stream to unsubscribe');
  });
});

/** The route alone on a port of its own, with the given options; the user is taken from the token as an id. */
async function serveRoute(options: EventStreamOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('user', { id: Number(c.req.header('authorization')?.replace(/^Bearer /, '')), email: 'x@example.com' });
    await next();
  });
  app.route('/', eventRoutes({ db: svc.handle.db, now: clock.now }, options));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({
        url: `http://127.0.0.1:${info.port}/events`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as unknown as { closeAllConnections: () => void }).closeAllConnections();
          }),
      }),
    );
  });
}

describe('GET /user/events keep-alive and back-pressure', () => {
  it('sends a comment every heartbeat while nothing happens', async () => {
    const route = await serveRoute({ heartbeatMs: 40 });
    try {
      const s = await openEventStream(route.url, String(alice.id));
      await eventually(() => s.comments.filter((c) => c.trim() === 'keep-alive').length >= 3, 5000, 'three keep-alive comments');
      expect(s.messages).toEqual([]);
      s.close();
      await eventually(() => listeners() === 0, 5000, 'the stream to go');
    } finally {
      await route.close();
    }
  });

  it('drops a stream that cannot take a burst (the client reconnects and refetches) rather than buffer without end', async () => {
    const route = await serveRoute({ maxBacklog: 10 });
    try {
      const s = await openEventStream(route.url, String(bob.id));
      await eventually(() => s.retry !== undefined);
      // Published in one go: nothing can be written in between, so the eleventh waiting message ends it.
      for (let i = 0; i < 50; i++) publish(svc.handle.db, { type: 'call', user_id: bob.id, id: i + 1, status: 'ringing' });
      await s.ended;
      expect(s.messages.length).toBeLessThanOrEqual(10);
      await eventually(() => listeners() === 0, 5000, 'the dropped stream to unsubscribe');
    } finally {
      await route.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('GET /user/events on PostgreSQL', () => {
  it('carries an event published through another database handle (another process) on the same schema, and none from another schema', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(svc.handle.db)).rows[0]!.s;
    const sameSchema = await openDatabase({ databaseUrl: url, schema });
    const otherSchemaName = `t_${randomBytes(6).toString('hex')}`;
    const otherSchema = await openDatabase({ databaseUrl: url, schema: otherSchemaName });
    const sameBridge = await installEventBridge(sameSchema.db);
    const otherBridge = await installEventBridge(otherSchema.db);
    try {
      const s = await open(alice);
      // Same user id in another schema (another service's data): must not arrive.
      publish(otherSchema.db, { type: 'call', user_id: alice.id, id: 1, status: 'other-schema' });
      publish(sameSchema.db, { type: 'call', user_id: alice.id, id: 2, status: 'ringing' });
      publish(sameSchema.db, { type: 'call', user_id: alice.id, id: 2, status: 'ringing' });
      publish(sameSchema.db, { type: 'call', user_id: bob.id, id: 3, status: 'not-alices' });
      publish(sameSchema.db, { type: 'call', user_id: alice.id, id: 2, status: 'completed' });
      await s.next((m) => m.event === 'call' && JSON.parse(m.data).status === 'completed');
      // In order, identical events both delivered, nothing else.
      expect(s.data().map((d) => d.status)).toEqual(['ringing', 'ringing', 'completed']);
      // And the other way: the service's own publishes reach a listener on the other handle, once.
      const seen: string[] = [];
      const off = busOf(sameSchema.db).subscribe(alice.id, (e) => seen.push(String(e.status)));
      publish(svc.handle.db, { type: 'lead', user_id: alice.id, id: 4, status: 'completed' });
      await eventually(() => seen.length > 0, 5000, 'the event on the other handle');
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual(['completed']);
      // The publishing process hears its own event once (at once, not again through NOTIFY).
      expect(s.messages.filter((m) => m.event === 'lead')).toHaveLength(1);
      off();
      s.close();
    } finally {
      await sameBridge.close();
      await otherBridge.close();
      await sameSchema.close();
      await sql.raw(`DROP SCHEMA IF EXISTS "${otherSchemaName}" CASCADE`).execute(otherSchema.db).catch(() => undefined);
      await otherSchema.close().catch(() => undefined);
    }
  }, 60_000);
});
