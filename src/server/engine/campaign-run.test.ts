import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { CallRow, LeadRow } from '../db/schema';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { callsInFlight, insertAssistant, insertPhoneNumber } from '../test/fixtures';
import { busOf, type ServiceEvent } from '../events/bus';
import { TestClock } from './clock';

/*
 * Whole campaigns on the engine and the test clock, over real HTTP: the documented test numbers decide
 * each call (+1NXX5550100 completed, 0101 busy, 0102 no answer, 0103 voicemail, 0104 failed, 0105 ended
 * by the customer), the clock moves in seconds while calls are in flight and in half minutes otherwise,
 * and every step checks the lines in use against max_calls_in_parallel.
 */

// Monday 2026-03-09, 08:59 in Berlin (UTC+1 in winter).
const MONDAY_0859_BERLIN = '2026-03-09T07:59:00Z';

let svc: TestService;
const clock = new TestClock(MONDAY_0859_BERLIN);
let alice: TestUser;
let bob: TestUser;
let aliceAssistant: number;
let bobAssistant: number;
let aliceNumbers: { id: number; phone_number: string }[];
let bobNumber: { id: number; phone_number: string };

useService(async (s) => {
  ({ svc, alice, bob } = s);
  const db = svc.handle.db;
  aliceNumbers = [await insertPhoneNumber(db, alice.id, '+4930111111'), await insertPhoneNumber(db, alice.id, '+4930222222')];
  bobNumber = await insertPhoneNumber(db, bob.id, '+4930333333');
  aliceAssistant = (await insertAssistant(db, alice.id, { name: 'Alice caller', phone_number_id: aliceNumbers[0]?.id ?? null })).id;
  bobAssistant = (await insertAssistant(db, bob.id, { name: 'Bob caller', phone_number_id: bobNumber.id })).id;
}, { clock });

interface CampaignOptions {
  max_calls_in_parallel?: number;
  max_retries?: number;
  retry_interval?: number;
  allowed_hours_start_time?: string;
  allowed_hours_end_time?: string;
  allowed_days?: string[];
  mark_complete_when_no_leads?: boolean;
  phone_number_ids?: number[];
  timezone?: string;
}

async function createCampaign(user: TestUser, assistantId: number, o: CampaignOptions = {}): Promise<number> {
  const res = await user.req('POST', '/user/campaigns', {
    name: 'Run',
    assistant_id: assistantId,
    timezone: 'Europe/Berlin',
    allowed_hours_start_time: '09:00',
    allowed_hours_end_time: '17:00',
    max_calls_in_parallel: 3,
    max_retries: 2,
    retry_interval: 10,
    ...o,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

async function addLead(user: TestUser, campaignId: number, phone: string, contacts: string[] = []): Promise<number> {
  const res = await user.req('POST', '/user/lead', {
    campaign_id: campaignId,
    phone_number: phone,
    variables: { customer_name: `Customer ${phone.slice(-4)}` },
    secondary_contacts: contacts.map((phone_number) => ({ phone_number })),
  });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}

async function setStatus(user: TestUser, campaignId: number, action: 'start' | 'stop') {
  const res = await user.req('POST', '/user/campaigns/update-status', { campaign_id: campaignId, action });
  expect(res.status).toBe(200);
}

async function campaignStatus(id: number): Promise<string> {
  const row = await svc.handle.db.selectFrom('campaigns').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

const inFlight = (campaignId: number) => callsInFlight(svc.handle.db, campaignId);

async function callsOf(campaignId: number): Promise<CallRow[]> {
  return svc.handle.db.selectFrom('calls').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute();
}

async function leadsOf(campaignId: number): Promise<LeadRow[]> {
  return svc.handle.db.selectFrom('leads').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute();
}

const at = (dbText: string) => Date.parse(`${dbText.replace(' ', 'T')}Z`);

interface RunReport {
  /** The most calls in flight seen at any step, per campaign. */
  peak: Map<number, number>;
  steps: number;
}

/**
 * Steps the clock (1 s while any watched campaign has a call in flight, `idleStepMs` otherwise) and the
 * background work until `done` or `untilMs` of clock time; checks the parallel limit at every step.
 */
async function run(
  watched: { id: number; max: number }[],
  done: () => Promise<boolean>,
  untilMs: number,
  idleStepMs = 30_000,
): Promise<RunReport> {
  const peak = new Map<number, number>(watched.map((w) => [w.id, 0]));
  const end = clock.now().getTime() + untilMs;
  let steps = 0;
  while (clock.now().getTime() < end) {
    await svc.work.runOnce();
    steps += 1;
    let busy = false;
    for (const w of watched) {
      const n = await inFlight(w.id);
      expect(n, `calls in flight of campaign ${w.id} at ${clock.now().toISOString()}`).toBeLessThanOrEqual(w.max);
      peak.set(w.id, Math.max(peak.get(w.id) ?? 0, n));
      if (n > 0) busy = true;
    }
    if (await done()) break;
    clock.advance(busy ? 1000 : idleStepMs);
  }
  return { peak, steps };
}

/** Berlin is UTC+1 until 2026-03-29: 09:00-17:00 there is 08:00-16:00 UTC, Monday to Friday. */
function insideBerlinOfficeHours(dbText: string): boolean {
  const d = new Date(at(dbText));
  const day = d.getUTCDay();
  const minutes = d.getUTCHours() * 60 + d.getUTCMinutes();
  return day >= 1 && day <= 5 && minutes >= 8 * 60 && minutes < 16 * 60;
}

describe('a running campaign on the test clock', () => {
  it('dials every lead to completed or reached-max-retries, within hours, parallelism and retry intervals, user by user', async () => {
    clock.set(MONDAY_0859_BERLIN);
    const campaign = await createCampaign(alice, aliceAssistant, { phone_number_ids: aliceNumbers.map((n) => n.id) });
    const done1 = await addLead(alice, campaign, '+12025550100');
    const viaSecondary = await addLead(alice, campaign, '+12125550101', ['+13035550100']);
    const neverAnswers = await addLead(alice, campaign, '+13125550102');
    const voicemail = await addLead(alice, campaign, '+14155550103');
    const allFail = await addLead(alice, campaign, '+16175550104', ['+17185550101', '+12065550102']);
    const hungUp = await addLead(alice, campaign, '+15125550105');
    const done2 = await addLead(alice, campaign, '+16465550100');
    const done3 = await addLead(alice, campaign, '+17865550100');
    const heard: ServiceEvent[] = [];
    const unsubscribe = busOf(svc.handle.db).subscribe(alice.id, (e) => heard.push(e));
    await setStatus(alice, campaign, 'start');

    const bobCampaign = await createCampaign(bob, bobAssistant, { max_calls_in_parallel: 1 });
    const bobLead = await addLead(bob, bobCampaign, '+19175550100');
    const bobBusy = await addLead(bob, bobCampaign, '+19175550101');
    await setStatus(bob, bobCampaign, 'start');

    // 08:59 in Berlin: nobody is dialled before 09:00.
    for (let i = 0; i < 3; i++) {
      await svc.work.runOnce();
      clock.advance(20_000);
    }
    expect(await callsOf(campaign)).toHaveLength(0);
    expect(await callsOf(bobCampaign)).toHaveLength(0);

    const report = await run(
      [
        { id: campaign, max: 3 },
        { id: bobCampaign, max: 1 },
      ],
      async () => (await campaignStatus(campaign)) === 'completed' && (await campaignStatus(bobCampaign)) === 'completed',
      3 * 3600_000,
    );
    expect(await campaignStatus(campaign)).toBe('completed');
    expect(await campaignStatus(bobCampaign)).toBe('completed');
    expect(heard).toContainEqual(expect.objectContaining({ type: 'campaign', id: campaign, status: 'completed' }));
    // Alice hears of her campaign's calls and leads, never of Bob's.
    expect(heard.filter((e) => e.campaign_id === bobCampaign || (e.type === 'campaign' && e.id === bobCampaign))).toEqual([]);
    expect(heard.filter((e) => e.type === 'lead' && e.id === neverAnswers).at(-1)?.status).toBe('reached-max-retries');
    unsubscribe();
    // The lines were used, not just left under the limit.
    expect(report.peak.get(campaign)).toBe(3);
    expect(report.peak.get(bobCampaign)).toBe(1);

    const leads = new Map((await leadsOf(campaign)).map((l) => [l.id, l]));
    const primaries = [...leads.values()].filter((l) => l.parent_lead_id === null);
    for (const l of primaries) expect(['completed', 'reached-max-retries']).toContain(l.status);
    for (const l of leads.values()) expect(l.live_call_id).toBeNull();
    expect(leads.get(done1)).toMatchObject({ status: 'completed', attempts: 0 });
    expect(leads.get(done2)?.status).toBe('completed');
    expect(leads.get(done3)?.status).toBe('completed');
    expect(leads.get(viaSecondary)).toMatchObject({ status: 'completed', attempts: 0 });
    expect(leads.get(voicemail)).toMatchObject({ status: 'completed', attempts: 0 });
    expect(leads.get(hungUp)).toMatchObject({ status: 'completed', attempts: 0 });
    expect(leads.get(neverAnswers)).toMatchObject({ status: 'reached-max-retries', attempts: 3 });
    expect(leads.get(allFail)).toMatchObject({ status: 'reached-max-retries', attempts: 3 });
    const secondaryOf = (id: number) => [...leads.values()].filter((l) => l.parent_lead_id === id);
    expect(secondaryOf(viaSecondary).map((l) => l.status)).toEqual(['completed']);
    expect(secondaryOf(allFail).map((l) => l.status)).toEqual(['reached-max-retries', 'reached-max-retries']);

    const calls = await callsOf(campaign);
    const callsTo = (leadId: number) => calls.filter((c) => c.lead_id === leadId);
    // Calls per contact: one each for a lead done at once; the busy primary then its secondary;
    // three rounds for a lead never reached; three rounds of three contacts for the one that always fails.
    expect(callsTo(done1)).toHaveLength(1);
    expect(callsTo(viaSecondary).map((c) => c.status)).toEqual(['busy']);
    expect(callsTo(secondaryOf(viaSecondary)[0]?.id ?? -1).map((c) => c.status)).toEqual(['completed']);
    expect(callsTo(voicemail).map((c) => c.answered_by)).toEqual(['machine']);
    expect(callsTo(neverAnswers).map((c) => c.status)).toEqual(['no-answer', 'no-answer', 'no-answer']);
    const roundOfAllFail = [allFail, ...secondaryOf(allFail).map((l) => l.id)];
    const allFailCalls = calls.filter((c) => c.lead_id !== null && roundOfAllFail.includes(c.lead_id));
    expect(allFailCalls.map((c) => c.status)).toEqual(['failed', 'busy', 'no-answer', 'failed', 'busy', 'no-answer', 'failed', 'busy', 'no-answer']);
    expect(calls).toHaveLength(1 + 2 + 3 + 1 + 9 + 1 + 1 + 1);
    for (const c of calls) expect(c.engine_next_at).toBeNull();

    // Retries: never before retry_interval (10 min) after the round ended, and not much later either.
    const retryGaps = (list: CallRow[], roundSize: number) =>
      list
        .filter((_, i) => i > 0 && i % roundSize === 0)
        .map((c, k) => at(c.created_at) - at(list[(k + 1) * roundSize - 1]?.created_at ?? ''));
    // A no-answer ends 8 s after it is placed; the round of three ends with one.
    for (const gap of [...retryGaps(callsTo(neverAnswers), 1), ...retryGaps(allFailCalls, 3)]) {
      expect(gap).toBeGreaterThanOrEqual(10 * 60_000 + 8_000);
      expect(gap).toBeLessThanOrEqual(10 * 60_000 + 8_000 + 31_000);
    }
    // The next contact of a round is dialled at once (within the engine's seconds, not a retry interval).
    const [firstFail, thenBusy] = allFailCalls;
    expect(at(thenBusy?.created_at ?? '') - at(firstFail?.created_at ?? '')).toBeLessThan(5_000);

    // Hours and days in the campaign's zone; the campaign's numbers in turn, nobody else's.
    for (const c of calls) expect(insideBerlinOfficeHours(c.created_at), c.created_at).toBe(true);
    expect(new Set(calls.map((c) => c.assistant_phone_number))).toEqual(new Set(aliceNumbers.map((n) => n.phone_number)));
    for (const c of calls) expect(c).toMatchObject({ user_id: alice.id, assistant_id: aliceAssistant, campaign_name: 'Run', type: 'outbound' });
    const leadIds = new Set(leads.keys());
    for (const c of calls) expect(leadIds.has(c.lead_id ?? -1)).toBe(true);

    // Bob's campaign: his leads, his assistant and number (no campaign numbers: the assistant's).
    const bobCalls = await callsOf(bobCampaign);
    expect(bobCalls.map((c) => c.lead_id).sort()).toEqual([bobLead, bobBusy, bobBusy, bobBusy].sort());
    for (const c of bobCalls) {
      expect(c).toMatchObject({ user_id: bob.id, assistant_id: bobAssistant, assistant_phone_number: bobNumber.phone_number });
    }
    // Over the API each sees only their own.
    const aliceLeads = (await alice.req('GET', '/user/leads')).body as { id: number; status: string }[];
    expect(aliceLeads.some((l) => l.id === bobLead)).toBe(false);
    expect(aliceLeads.find((l) => l.id === neverAnswers)?.status).toBe('reached-max-retries');
    const bobList = await bob.req('GET', `/user/calls?campaign_id=${campaign}&per_page=100`);
    expect(bobList.status).toBe(200);
    expect(bobList.body.data).toEqual([]);
  });

  it('dials nobody on a Saturday, nor before 09:00 or after the end time, and goes on the next allowed day', async () => {
    // Saturday 2026-03-07 09:00 in Berlin.
    clock.set('2026-03-07T08:00:00Z');
    const campaign = await createCampaign(alice, aliceAssistant, {
      max_calls_in_parallel: 1,
      allowed_hours_start_time: '09:00',
      allowed_hours_end_time: '09:01',
      mark_complete_when_no_leads: true,
    });
    // The hosted service prints seconds: a campaign stored so keeps the same window.
    await sql`UPDATE campaigns SET allowed_hours_start_time = '09:00:00', allowed_hours_end_time = '09:01:00' WHERE id = ${campaign}`.execute(
      svc.handle.db,
    );
    const areaCodes = ['201', '202', '203', '205', '206', '207', '208', '209', '210', '212', '213', '214'];
    for (const code of areaCodes) await addLead(alice, campaign, `+1${code}5550100`);
    await setStatus(alice, campaign, 'start');

    // Through the weekend in half hours: nothing.
    await run([{ id: campaign, max: 1 }], async () => false, 48 * 3600_000 - 60_000, 30 * 60_000);
    expect(await callsOf(campaign)).toHaveLength(0);

    // Monday: one line, a minute a day; each call takes 11 s and the next starts a second later.
    clock.set('2026-03-09T07:59:30Z');
    await run([{ id: campaign, max: 1 }], async () => false, 5 * 60_000);
    const monday = await callsOf(campaign);
    expect(monday.length).toBeGreaterThanOrEqual(4);
    expect(monday.length).toBeLessThan(areaCodes.length);
    for (const c of monday) {
      expect(c.created_at >= '2026-03-09 08:00:00', c.created_at).toBe(true);
      expect(c.created_at < '2026-03-09 08:01:00', c.created_at).toBe(true);
    }
    expect(await campaignStatus(campaign)).toBe('running');

    // Tuesday picks up where Monday stopped, until every lead is done.
    clock.set('2026-03-10T07:59:30Z');
    await run([{ id: campaign, max: 1 }], async () => (await campaignStatus(campaign)) === 'completed', 5 * 60_000);
    const all = await callsOf(campaign);
    expect(all).toHaveLength(areaCodes.length);
    for (const c of all) expect(insideBerlinOfficeHours(c.created_at) && c.created_at.slice(11, 16) === '08:00', c.created_at).toBe(true);
    expect(new Set(all.map((c) => c.lead_id)).size).toBe(areaCodes.length);
    expect(await campaignStatus(campaign)).toBe('completed');
  });

  it('stop lets calls in flight finish and dials nobody new; start again carries on; without mark_complete it stays running', async () => {
    clock.set('2026-03-11T09:00:00Z');
    const campaign = await createCampaign(alice, aliceAssistant, { max_calls_in_parallel: 2, mark_complete_when_no_leads: false });
    const codes = ['301', '302', '303', '304', '305', '307'];
    const leadIds: number[] = [];
    for (const code of codes) leadIds.push(await addLead(alice, campaign, `+1${code}5550100`));
    const heard: ServiceEvent[] = [];
    const unsubscribe = busOf(svc.handle.db).subscribe(alice.id, (e) => heard.push(e));
    await setStatus(alice, campaign, 'start');

    await svc.work.runOnce();
    expect(await inFlight(campaign)).toBe(2);
    await setStatus(alice, campaign, 'stop');
    // The console hears of the start, the dials and the stop.
    const ofCampaign = heard.filter((e) => e.campaign_id === campaign);
    expect(ofCampaign.filter((e) => e.type === 'campaign').map((e) => e.status)).toEqual(['running', 'running', 'stopped']);
    expect(ofCampaign.filter((e) => e.type === 'call' && e.status === 'initiated')).toHaveLength(2);
    expect(ofCampaign.filter((e) => e.type === 'lead').map((e) => e.id).sort()).toEqual(leadIds.slice(0, 2).sort());
    await run([{ id: campaign, max: 2 }], async () => (await inFlight(campaign)) === 0, 60_000);
    expect(heard.filter((e) => e.type === 'lead' && e.status === 'completed')).toHaveLength(2);
    unsubscribe();
    // The two calls finished and settled their leads; then half an hour with nobody dialled.
    clock.advance(1000);
    await run([{ id: campaign, max: 2 }], async () => false, 30 * 60_000);
    const stopped = await callsOf(campaign);
    expect(stopped.map((c) => c.status)).toEqual(['completed', 'completed']);
    const settled = (await leadsOf(campaign)).filter((l) => l.status === 'completed').map((l) => l.id);
    expect(settled.sort()).toEqual(stopped.map((c) => c.lead_id).sort());
    expect(await campaignStatus(campaign)).toBe('stopped');

    await setStatus(alice, campaign, 'start');
    await run([{ id: campaign, max: 2 }], async () => (await leadsOf(campaign)).every((l) => l.status === 'completed'), 10 * 60_000);
    const calls = await callsOf(campaign);
    expect(calls).toHaveLength(codes.length);
    expect(new Set(calls.map((c) => c.lead_id))).toEqual(new Set(leadIds));
    // Nothing left, yet running: it says not to complete.
    await run([{ id: campaign, max: 2 }], async () => false, 5 * 60_000);
    expect(await campaignStatus(campaign)).toBe('running');
    expect(await callsOf(campaign)).toHaveLength(codes.length);
  });

  it('skips a campaign whose owner cannot pay for a call, and dials once the balance is topped up', async () => {
    clock.set('2026-03-12T09:00:00Z');
    const carol = await svc.user();
    const assistant = (await insertAssistant(svc.handle.db, carol.id)).id;
    const campaign = await createCampaign(carol, assistant);
    await addLead(carol, campaign, '+12025550100');
    await sql`UPDATE users SET balance = 0 WHERE id = ${carol.id}`.execute(svc.handle.db);
    await setStatus(carol, campaign, 'start');
    await run([{ id: campaign, max: 3 }], async () => false, 5 * 60_000);
    expect(await callsOf(campaign)).toHaveLength(0);
    await sql`UPDATE users SET balance = 10 WHERE id = ${carol.id}`.execute(svc.handle.db);
    await run([{ id: campaign, max: 3 }], async () => (await campaignStatus(campaign)) === 'completed', 5 * 60_000);
    expect(await callsOf(campaign)).toHaveLength(1);
  });
});
