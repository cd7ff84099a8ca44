import { describe, expect, it } from 'vitest';
import { overviewAnswerSchema } from '../../contract';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { TestClock } from '../engine/clock';
import { insertCall, insertCampaign, insertLead } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';

/*
 * GET /user/overview: exact figures from calls, leads and deliveries inserted directly, around a midnight
 * in New York on the day its clocks spring forward (so "today" there is 23 hours long).
 */

// 2026-03-08 is the day New York moves to summer time: it starts at 05:00 UTC (EST) and ends at 04:00 UTC the
// next day (EDT). The clock stands at 23:30 local time on that day.
const NOW = '2026-03-09T03:30:00Z';
const clock = new TestClock(NOW);
let svc: TestService;
let alice: TestUser;
let bob: TestUser;

async function insertDelivery(db: Db, userId: number, status: string, n: number): Promise<number> {
  const row = await db
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: `msg_${userId}_${n}_${Math.random().toString(36).slice(2)}`,
      user_id: userId,
      kind: 'post_call',
      event: 'call.ended',
      url: 'https://hooks.example.com/x',
      payload: JSON.stringify({ secret: 'not listed' }),
      status,
      attempts: 6,
      last_status_code: 500,
      last_error: 'HTTP 500',
      last_attempt_at: '2026-03-09 03:00:00',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

useService((s) => ({ svc, alice, bob } = s), { clock });

describe('GET /user/overview', () => {
  it("compares today and yesterday in the caller's time zone, to the second around midnight", async () => {
    const db = svc.handle.db;
    const call = (at: string, extra: Parameters<typeof insertCall>[2] = {}) => insertCall(db, alice.id, { at: new Date(at), ...extra });
    // Today in New York (2026-03-08): its first second, its last second, and one in between.
    await call('2026-03-08T05:00:00Z', { answered_by: 'human', duration: 90, total_cost: '0.1500' });
    await call('2026-03-09T03:59:59Z', { status: 'busy', duration: 0, total_cost: 0 });
    await call('2026-03-08T12:00:00Z', { status: 'completed', answered_by: 'machine', duration: 30, total_cost: '0.0525' });
    // Yesterday (2026-03-07): its last second and its first.
    await call('2026-03-08T04:59:59Z', { answered_by: 'human', duration: 120, total_cost: '0.2000' });
    await call('2026-03-07T05:00:00Z', { status: 'no-answer', duration: 0, total_cost: 0 });
    // Neither: the second before yesterday began, and the first second of tomorrow (04:00 UTC, summer time).
    await call('2026-03-07T04:59:59Z', { answered_by: 'human', duration: 600, total_cost: 1 });
    await call('2026-03-09T04:00:00Z', { answered_by: 'human', duration: 600, total_cost: 1 });
    // Another user's call today counts for nobody else.
    await insertCall(db, bob.id, { at: new Date('2026-03-08T15:00:00Z'), answered_by: 'human', duration: 60, total_cost: 5 });

    const res = await alice.req('GET', '/user/overview?timezone=America/New_York');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.timezone).toBe('America/New_York');
    expect(res.body.data.today).toEqual({ date: '2026-03-08', calls: 3, answered: 2, answer_rate: 0.6667, minutes: 2, cost: 0.2025 });
    expect(res.body.data.yesterday).toEqual({ date: '2026-03-07', calls: 2, answered: 1, answer_rate: 0.5, minutes: 2, cost: 0.2 });
    // The console's schema reads it.
    expect(overviewAnswerSchema.safeParse(res.body).success).toBe(true);

    // UTC by default: at 03:30 UTC on the 9th, today holds the two calls after midnight UTC.
    const utc = await alice.req('GET', '/user/overview');
    expect(utc.body.data.timezone).toBe('UTC');
    expect(utc.body.data.today).toEqual({ date: '2026-03-09', calls: 2, answered: 1, answer_rate: 0.5, minutes: 10, cost: 1 });
    expect(utc.body.data.yesterday).toMatchObject({ date: '2026-03-08', calls: 3, answered: 3, minutes: 4 });

    // East of UTC it is already the 9th everywhere: 04:30 in Berlin.
    const berlin = await alice.req('GET', '/user/overview?timezone=europe/berlin');
    expect(berlin.body.data.timezone).toBe('Europe/Berlin');
    expect(berlin.body.data.today.date).toBe('2026-03-09');
  });

  it('says null for the answer rate of a day without calls', async () => {
    const carol = await svc.user();
    const res = await carol.req('GET', '/user/overview?timezone=Asia/Tokyo');
    expect(res.body.data).toMatchObject({
      today: { date: '2026-03-09', calls: 0, answered: 0, answer_rate: null, minutes: 0, cost: 0 },
      yesterday: { date: '2026-03-08', calls: 0, answer_rate: null },
      live_calls: [],
      running_campaigns: [],
      failed_deliveries: [],
    });
  });

  it('refuses a time zone nobody knows with a 422 on the field', async () => {
    for (const tz of ['Mars/Olympus', '', 'x'.repeat(65)]) {
      const res = await alice.req('GET', `/user/overview?timezone=${encodeURIComponent(tz)}`);
      if (tz === '') {
        // An empty parameter counts as absent, as everywhere.
        expect(res.status).toBe(200);
        continue;
      }
      expect(res.status, tz).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['timezone']);
    }
  });

  it("lists the caller's calls in flight, running campaigns with their counts, and recent failed deliveries", async () => {
    const db = svc.handle.db;
    const flying = await insertCall(db, alice.id, {
      at: new Date('2026-03-09T03:29:50Z'),
      status: 'ringing',
      engine_next_at: toDbTimestamp(new Date('2026-03-09T03:30:05Z')),
      client_phone_number: '+12025550101',
    });
    const answered = await insertCall(db, alice.id, {
      at: new Date('2026-03-09T03:29:00Z'),
      status: 'in-progress',
      engine_next_at: toDbTimestamp(new Date('2026-03-09T03:31:00Z')),
      answered_at: '2026-03-09 03:29:03',
    });
    // A seeded call "in progress" that the engine does not move is not live.
    await insertCall(db, alice.id, { status: 'in-progress' });
    await insertCall(db, bob.id, { status: 'ringing', engine_next_at: toDbTimestamp(new Date(NOW)) });

    const running = await insertCampaign(db, alice.id, { name: 'Spring', status: 'running' });
    await insertCampaign(db, alice.id, { name: 'Draft', status: 'draft' });
    await insertCampaign(db, bob.id, { name: "Bob's", status: 'running' });
    const primary = await insertLead(db, alice.id, running.id, { status: 'created' });
    await insertLead(db, alice.id, running.id, { status: 'created', parent_lead_id: primary });
    await insertLead(db, alice.id, running.id, { status: 'completed' });
    await insertLead(db, alice.id, running.id, { status: 'completed' });
    await insertLead(db, alice.id, running.id, { status: 'reached-max-retries' });
    await insertCall(db, alice.id, { campaign_id: running.id, status: 'busy' });
    await insertCall(db, alice.id, { campaign_id: running.id, status: 'completed', answered_by: 'human' });
    const campaignLive = await insertCall(db, alice.id, {
      at: new Date('2026-03-09T03:29:55Z'),
      campaign_id: running.id,
      campaign_name: 'Spring',
      status: 'initiated',
      engine_next_at: toDbTimestamp(new Date(NOW)),
    });

    const older = await insertDelivery(db, alice.id, 'failed', 1);
    const newer = await insertDelivery(db, alice.id, 'failed', 2);
    await insertDelivery(db, alice.id, 'delivered', 3);
    await insertDelivery(db, alice.id, 'pending', 4);
    await insertDelivery(db, bob.id, 'failed', 5);

    const res = await alice.req('GET', '/user/overview');
    expect(res.status).toBe(200);
    const data = res.body.data;
    // Oldest first, as they started.
    expect(data.live_calls.map((c: { id: number }) => c.id)).toEqual([answered, flying, campaignLive]);
    expect(data.live_calls[0]).toMatchObject({ status: 'in-progress', answered_at: '2026-03-09 03:29:03', created_at: '2026-03-09 03:29:00' });
    expect(data.live_calls[1]).toMatchObject({ status: 'ringing', answered_at: null, client_phone_number: '+12025550101', type: 'outbound' });
    expect(data.live_calls[2]).toMatchObject({ campaign_id: running.id, campaign_name: 'Spring' });

    expect(data.running_campaigns).toEqual([
      {
        id: running.id,
        name: 'Spring',
        status: 'running',
        leads_total: 4,
        leads_by_status: { created: 1, completed: 2, 'reached-max-retries': 1 },
        calls_in_progress: 1,
        attempts: 3,
      },
    ]);

    expect(data.failed_deliveries.map((d: { id: number }) => d.id)).toEqual([newer, older]);
    expect(data.failed_deliveries[0]).toMatchObject({ status: 'failed', attempts: 6, last_status_code: 500, event: 'call.ended', delivered_at: null });
    expect(data.failed_deliveries[0].last_attempt_at).toBe('2026-03-09 03:00:00');
    expect(data.failed_deliveries[0]).not.toHaveProperty('payload');
    expect(JSON.stringify(data)).not.toContain("Bob's");
  });
});
