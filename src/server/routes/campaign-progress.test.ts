import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campaignProgressAnswerSchema } from '../../contract';
import { bucketWidth, MAX_POINTS } from '../campaigns/progress-series';
import { TestClock } from '../engine/clock';
import { insertAssistant, insertCall, insertCampaign, insertLead, insertPhoneNumber } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';

/*
 * GET /user/campaigns/{id}/progress: exact counts and buckets from leads and calls inserted directly,
 * then a whole campaign run on the test clock, watched through the endpoint.
 */

const clock = new TestClock('2026-03-02T10:30:00Z');
let svc: TestService;
let alice: TestUser;
let bob: TestUser;

useService((s) => ({ svc, alice, bob } = s), { clock });

describe('GET /user/campaigns/{id}/progress', () => {
  it('counts leads by status, calls by status and in flight, and buckets the calls over time', async () => {
    const db = svc.handle.db;
    const campaign = await insertCampaign(db, alice.id, { name: 'Spring', status: 'running' });
    const other = await insertCampaign(db, alice.id, { name: 'Other', status: 'running' });
    const p1 = await insertLead(db, alice.id, campaign.id, { status: 'completed', updated_at: '2026-03-02 10:05:30' });
    await insertLead(db, alice.id, campaign.id, { status: 'completed', updated_at: '2026-03-02 10:05:59', parent_lead_id: p1 });
    await insertLead(db, alice.id, campaign.id, { status: 'completed', updated_at: '2026-03-02 10:20:00' });
    await insertLead(db, alice.id, campaign.id, { status: 'created', updated_at: '2026-03-02 09:00:00' });
    await insertLead(db, alice.id, campaign.id, { status: 'reached-max-retries', updated_at: '2026-03-02 10:21:00' });
    await insertLead(db, alice.id, other.id, { status: 'completed', updated_at: '2026-03-02 10:06:00' });
    const c = (at: string, extra: Parameters<typeof insertCall>[2] = {}) =>
      insertCall(db, alice.id, { at: `2026-03-02 ${at}`, campaign_id: campaign.id, campaign_name: 'Spring', ...extra });
    await c('10:00:00', { status: 'busy' });
    await c('10:00:59', { status: 'completed', answered_by: 'human' });
    await c('10:05:00', { status: 'completed', answered_by: 'machine' });
    await c('10:19:00', { status: 'no-answer' });
    const live = await c('10:29:30', { status: 'ringing', engine_next_at: '2026-03-02 10:30:10' });
    await insertCall(db, alice.id, { at: '2026-03-02 10:10:00', campaign_id: other.id, status: 'completed', answered_by: 'human' });

    const res = await alice.req('GET', `/user/campaigns/${campaign.id}/progress`);
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    expect(campaignProgressAnswerSchema.safeParse(res.body).success).toBe(true);
    expect(data).toMatchObject({
      id: campaign.id,
      name: 'Spring',
      status: 'running',
      // Primary leads only: the secondary contact is not a lead of its own.
      leads_total: 4,
      leads_by_status: { completed: 2, created: 1, 'reached-max-retries': 1 },
      calls_in_progress: 1,
      attempts: 5,
      calls_by_status: { busy: 1, completed: 2, 'no-answer': 1, ringing: 1 },
    });
    expect(data.live_calls.map((l: { id: number }) => l.id)).toEqual([live]);
    expect(data.live_calls[0]).toMatchObject({ status: 'ringing', campaign_id: campaign.id, campaign_name: 'Spring', answered_at: null });

    // 10:00 to now (10:30) is 31 one-minute buckets.
    expect(data.bucket_seconds).toBe(60);
    expect(data.series).toHaveLength(31);
    expect(data.series[0]).toEqual({ at: '2026-03-02 10:00:00', calls: 2, answered: 1, completed_leads: 0 });
    expect(data.series[5]).toEqual({ at: '2026-03-02 10:05:00', calls: 1, answered: 1, completed_leads: 1 });
    expect(data.series[19]).toEqual({ at: '2026-03-02 10:19:00', calls: 1, answered: 0, completed_leads: 0 });
    expect(data.series[20]).toEqual({ at: '2026-03-02 10:20:00', calls: 0, answered: 0, completed_leads: 1 });
    expect(data.series[29]).toEqual({ at: '2026-03-02 10:29:00', calls: 1, answered: 0, completed_leads: 0 });
    expect(data.series[30]).toEqual({ at: '2026-03-02 10:30:00', calls: 0, answered: 0, completed_leads: 0 });
    const sum = (k: string) => data.series.reduce((n: number, p: Record<string, number>) => n + (p[k] ?? 0), 0);
    expect([sum('calls'), sum('answered'), sum('completed_leads')]).toEqual([5, 2, 2]);

    // Three hours on, one-minute buckets would be too many: five-minute ones, at most 60 points.
    clock.set('2026-03-02T13:00:00Z');
    const later = (await alice.req('GET', `/user/campaigns/${campaign.id}/progress`)).body.data;
    expect(later.bucket_seconds).toBe(300);
    expect(later.series).toHaveLength(37);
    expect(later.series[0]).toEqual({ at: '2026-03-02 10:00:00', calls: 2, answered: 1, completed_leads: 0 });
    expect(later.series[1]).toEqual({ at: '2026-03-02 10:05:00', calls: 1, answered: 1, completed_leads: 1 });
    expect(later.series[36].at).toBe('2026-03-02 13:00:00');
    clock.set('2026-03-02T10:30:00Z');
  });

  it('gives an empty series to a campaign that has done nothing', async () => {
    const campaign = await insertCampaign(svc.handle.db, alice.id, { name: 'Quiet' });
    const res = await alice.req('GET', `/user/campaigns/${campaign.id}/progress`);
    expect(res.body.data).toMatchObject({
      status: 'draft',
      leads_total: 0,
      leads_by_status: {},
      calls_in_progress: 0,
      attempts: 0,
      calls_by_status: {},
      live_calls: [],
      series: [],
      bucket_seconds: 60,
    });
  });

  it("answers another user's campaign, an unknown one and a malformed id as missing", async () => {
    const bobs = await insertCampaign(svc.handle.db, bob.id, { name: "Bob's" });
    for (const id of [String(bobs.id), '999999', '0', 'abc', '2147483648']) {
      const res = await alice.req('GET', `/user/campaigns/${id}/progress`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Campaign not found' });
    }
    expect((await bob.req('GET', `/user/campaigns/${bobs.id}/progress`)).status).toBe(200);
  });

  it('follows a campaign run on the test clock until every lead is done', async () => {
    const db = svc.handle.db;
    const phone = await insertPhoneNumber(db, alice.id);
    const assistant = await insertAssistant(db, alice.id, { phone_number_id: phone.id, timezone: 'UTC' });
    const created = await alice.req('POST', '/user/campaigns', {
      name: 'Run',
      assistant_id: assistant.id,
      timezone: 'UTC',
      allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      allowed_hours_start_time: '00:00',
      allowed_hours_end_time: '23:59',
      max_calls_in_parallel: 2,
    });
    expect(created.status, created.text).toBe(201);
    const id = Number(created.body.data.id);
    // Test numbers: 0100 always reaches its goal.
    for (const n of ['+12025550100', '+13035550100', '+14045550100']) {
      expect((await alice.req('POST', '/user/lead', { phone_number: n, campaign_id: id })).status).toBe(200);
    }
    expect((await alice.req('POST', '/user/campaigns/update-status', { campaign_id: id, action: 'start' })).status).toBe(200);
    let maxInFlight = 0;
    for (let i = 0; i < 60; i++) {
      clock.advance(1000);
      await svc.work.runOnce();
      const p = (await alice.req('GET', `/user/campaigns/${id}/progress`)).body.data;
      expect(p.live_calls).toHaveLength(p.calls_in_progress);
      maxInFlight = Math.max(maxInFlight, p.calls_in_progress);
      if (p.leads_by_status.completed === 3 && p.calls_in_progress === 0) break;
    }
    const done = (await alice.req('GET', `/user/campaigns/${id}/progress`)).body.data;
    expect(done).toMatchObject({ leads_total: 3, leads_by_status: { completed: 3 }, calls_in_progress: 0, attempts: 3, calls_by_status: { completed: 3 } });
    expect(maxInFlight).toBe(2);
    const sum = (k: string) => done.series.reduce((n: number, pt: Record<string, number>) => n + (pt[k] ?? 0), 0);
    expect([sum('calls'), sum('answered'), sum('completed_leads')]).toEqual([3, 3, 3]);
    clock.set('2026-03-02T10:30:00Z');
  });
});

describe('bucket width', () => {
  it('is the smallest round width giving at most 60 points, for any span', () => {
    const ROUND = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800, 1_209_600, 2_592_000];
    const points = (first: number, last: number, w: number) => Math.floor(last / w) - Math.floor(first / w) + 1;
    fc.assert(
      fc.property(fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), fc.integer({ min: 0, max: 400_000_000 }), (first, span) => {
        const last = first + span;
        const w = bucketWidth(first, last);
        expect(points(first, last, w)).toBeLessThanOrEqual(MAX_POINTS);
        const smaller = ROUND.filter((r) => r < w);
        for (const r of smaller) expect(points(first, last, r)).toBeGreaterThan(MAX_POINTS);
        if (!ROUND.includes(w)) expect(w % 86_400).toBe(0);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the width when the same span lies anywhere', () => {
    expect(bucketWidth(0, 59 * 60)).toBe(60);
    expect(bucketWidth(30, 59 * 60 + 30)).toBe(60);
    expect(bucketWidth(0, 60 * 60)).toBe(120);
  });
});
