import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '../../contract';
import { balanceOf, charge, INSUFFICIENT_BALANCE_CALL, spend } from '../account/balance';
import { TestClock } from '../engine/clock';
import { MIN_BALANCE_FOR_CALL } from '../engine/place-call';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { insertAssistant, insertPhoneNumber } from '../test/fixtures';

let svc: TestService;
const clock = new TestClock();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  svc = await startTestService({ clock });
  alice = await svc.user('alice@example.com');
  bob = await svc.user('bob@example.com');
});
afterAll(() => svc.close());

const setBalance = (userId: number, balance: string) =>
  svc.handle.db.updateTable('users').set({ balance }).where('id', '=', userId).execute();

describe('GET /user/me', () => {
  it('answers the caller’s name, email and balance as a bare object', async () => {
    const res = await alice.req('GET', '/user/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'alice', email: 'alice@example.com', total_balance: 25 });
    expect(accountSchema.parse(res.body).total_balance).toBe(25);
  });

  it('gives each user their own balance, with the fraction as a JSON number', async () => {
    await setBalance(bob.id, '100.6745');
    expect((await bob.req('GET', '/user/me')).body).toEqual({ name: 'bob', email: 'bob@example.com', total_balance: 100.6745 });
    expect((await alice.req('GET', '/user/me')).body.total_balance).toBe(25);
  });

  it('needs a token', async () => {
    const res = await fetch(`${svc.api}/user/me`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('spending the balance', () => {
  it('spend takes the amount only when it is covered, charge takes it regardless', async () => {
    const carol = await svc.user();
    const db = svc.handle.db;
    await setBalance(carol.id, '1.00');
    expect(await spend(db, carol.id, 0.6)).toBe(true);
    expect(await balanceOf(db, carol.id)).toBeCloseTo(0.4, 4);
    expect(await spend(db, carol.id, 0.41)).toBe(false);
    expect(await balanceOf(db, carol.id)).toBeCloseTo(0.4, 4);
    expect(await spend(db, carol.id, 0.4)).toBe(true);
    expect(await balanceOf(db, carol.id)).toBe(0);
    await charge(db, carol.id, 0.03);
    expect(await balanceOf(db, carol.id)).toBeCloseTo(-0.03, 4);
  });

  it('lets only as many racing spends pass as the balance covers', async () => {
    const dave = await svc.user();
    const db = svc.handle.db;
    await setBalance(dave.id, '10.00');
    const results = await Promise.all(Array.from({ length: 8 }, () => spend(db, dave.id, 3)));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await balanceOf(db, dave.id)).toBeCloseTo(1, 4);
  });
});

describe('calls spend the balance', () => {
  it('takes a call’s total_cost once, when it ends, however many ticks run', async () => {
    const db = svc.handle.db;
    const erin = await svc.user();
    const number = await insertPhoneNumber(db, erin.id);
    const assistant = await insertAssistant(db, erin.id, { phone_number_id: number.id });
    // A test number: answered at 3 s, 6 s of talk, completed at 11 s.
    const made = await erin.req('POST', '/user/make_call', { phone_number: '+12025550100', assistant_id: assistant.id });
    expect(made.status).toBe(200);
    const id = made.body.call_id as number;

    clock.advance(9_000);
    await svc.work.runOnce();
    expect((await erin.req('GET', `/user/calls/${id}`)).body.status).toBe('ended');
    expect((await erin.req('GET', '/user/me')).body.total_balance).toBe(25);
    clock.advance(60_000);
    // Two ticks racing: only the one that claims the call charges it.
    await Promise.all([svc.work.runOnce(), svc.work.runOnce()]);
    const call = (await erin.req('GET', `/user/calls/${id}`)).body;
    expect(call.status).toBe('completed');
    expect(call.total_cost).toBeGreaterThan(0);
    const after = (await erin.req('GET', '/user/me')).body.total_balance as number;
    expect(after).toBeCloseTo(25 - (call.total_cost as number), 4);
    // A later tick finds nothing to do and charges nothing more.
    clock.advance(600_000);
    await svc.work.runOnce();
    expect((await erin.req('GET', '/user/me')).body.total_balance).toBe(after);
    // Nobody else paid for it.
    expect((await alice.req('GET', '/user/me')).body.total_balance).toBe(25);
  });

  it('refuses a call the balance cannot cover with the hosted service’s 422', async () => {
    const db = svc.handle.db;
    const frank = await svc.user();
    const assistant = await insertAssistant(db, frank.id);
    await setBalance(frank.id, String(MIN_BALANCE_FOR_CALL - 0.0001));
    const res = await frank.req('POST', '/user/make_call', { phone_number: '+4930123456', assistant_id: assistant.id });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: INSUFFICIENT_BALANCE_CALL });
    expect(await db.selectFrom('calls').select('id').where('user_id', '=', frank.id).execute()).toEqual([]);

    await setBalance(frank.id, String(MIN_BALANCE_FOR_CALL));
    expect((await frank.req('POST', '/user/make_call', { phone_number: '+4930123456', assistant_id: assistant.id })).status).toBe(200);
  });

  it('checks the request before the balance', async () => {
    const grace = await svc.user();
    await setBalance(grace.id, '0');
    const res = await grace.req('POST', '/user/make_call', { phone_number: 'nope', assistant_id: 1 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toBeDefined();
  });
});

describe('the demo seed', () => {
  it('starts the demo user with a realistic balance and voices with their attributes', async () => {
    const { seedDemo, DEMO_BALANCE, DEMO_EMAIL } = await import('../seed/demo');
    const tokens = await seedDemo(svc.handle.db, { calls: 5 });
    const demo = tokens.find((t) => t.email === DEMO_EMAIL);
    if (!demo) throw new Error('no demo token');
    const auth = { Authorization: `Bearer ${demo.token}` };
    const me = await fetch(`${svc.api}/user/me`, { headers: auth }).then((r) => r.json());
    expect(me).toEqual({ name: 'Demo User', email: DEMO_EMAIL, total_balance: Number(DEMO_BALANCE) });
    const voices = (await fetch(`${svc.api}/user/assistants/voices`, { headers: auth }).then((r) => r.json())) as Record<string, unknown>[];
    // (The fixture voice the tests above made has no attributes.)
    for (const voice of voices.filter((v) => v.name !== 'Fixture voice')) {
      expect(voice).toHaveProperty('mode');
      expect(voice.language_id).toEqual(expect.any(Number));
      expect(['male', 'female']).toContain(voice.gender);
    }
  });
});
