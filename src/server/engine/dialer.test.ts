import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRow, LeadRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { insertAssistant } from '../test/fixtures';
import { settleLeadAttempt, verdictOf, type AttemptVerdict } from './lead-attempts';

/*
 * The lead transitions one call outcome makes (lead-attempts.ts), on calls written straight into the
 * database: no engine involved, each outcome chosen by hand. Whole campaigns on the engine and the clock:
 * campaign-run.test.ts.
 */

let svc: TestService;
let alice: TestUser;
let assistantId: number;
const NOW = new Date('2026-03-09T10:00:00Z');

beforeAll(async () => {
  svc = await startTestService();
  alice = await svc.user();
  assistantId = (await insertAssistant(svc.handle.db, alice.id)).id;
});
afterAll(() => svc.close());

interface CampaignSettings {
  max_retries?: number;
  retry_interval?: number;
  retry_on_voicemail?: boolean;
  retry_on_goal_incomplete?: boolean;
  goal_completion_variable?: string;
}

async function campaign(settings: CampaignSettings = {}): Promise<number> {
  const res = await alice.req('POST', '/user/campaigns', {
    name: 'Settle test',
    assistant_id: assistantId,
    max_retries: 1,
    retry_interval: 10,
    ...settings,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

/** A lead with n secondary contacts; returns [primary id, ...contact ids]. */
async function lead(campaignId: number, contacts = 0): Promise<number[]> {
  const res = await alice.req('POST', '/user/lead', {
    campaign_id: campaignId,
    phone_number: `+1202555${String(1000 + Math.floor(Math.random() * 8999))}`,
    allow_dupplicate: true,
    secondary_contacts: Array.from({ length: contacts }, (_, i) => ({ phone_number: `+4930123456${i}` })),
  });
  expect(res.status).toBe(200);
  return [res.body.data.id, ...res.body.data.secondary_contacts.map((c: { id: number }) => c.id)];
}

async function row(id: number): Promise<LeadRow> {
  return svc.handle.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

type Outcome = Pick<CallRow, 'status' | 'answered_by'> & { variables?: Record<string, unknown> };
const BUSY: Outcome = { status: 'busy', answered_by: null };
const NO_ANSWER: Outcome = { status: 'no-answer', answered_by: null };
const GOAL: Outcome = { status: 'completed', answered_by: 'human' };
const VOICEMAIL: Outcome = { status: 'completed', answered_by: 'machine' };
const HUNG_UP: Outcome = { status: 'ended_by_customer', answered_by: 'human' };

/**
 * A finished call to `contactId` recorded as its primary's live call, settled as the engine would,
 * in one transaction; `live: false` leaves live_call_id alone (a call the lead does not wait for).
 */
async function settle(campaignId: number, contactId: number, outcome: Outcome, at = NOW, live = true) {
  const db = svc.handle.db;
  const contact = await row(contactId);
  const call = await db
    .insertInto('calls')
    .values({
      user_id: alice.id,
      assistant_id: assistantId,
      campaign_id: campaignId,
      lead_id: contactId,
      type: 'outbound',
      status: outcome.status,
      answered_by: outcome.answered_by,
      client_phone_number: contact.phone_number,
      variables: JSON.stringify(outcome.variables ?? {}),
      evaluation: '{}',
      created_at: toDbTimestamp(at),
      updated_at: toDbTimestamp(at),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (live) {
    await db
      .updateTable('leads')
      .set({ live_call_id: call.id })
      .where('id', '=', contact.parent_lead_id ?? contact.id)
      .execute();
  }
  return db.transaction().execute((trx) => settleLeadAttempt(trx, call, at));
}

describe('verdictOf', () => {
  const rules: { goal_completion_variable: string | null; retry_on_goal_incomplete: boolean; retry_on_voicemail: boolean } = {
    goal_completion_variable: null,
    retry_on_goal_incomplete: false,
    retry_on_voicemail: false,
  };
  const cases: [string, Outcome, Partial<typeof rules>, AttemptVerdict][] = [
    ['completed by a person', GOAL, {}, 'goal'],
    ['busy', BUSY, {}, 'unreached'],
    ['no answer', NO_ANSWER, {}, 'unreached'],
    ['failed', { status: 'failed', answered_by: null }, {}, 'unreached'],
    ['voicemail, no retry', VOICEMAIL, {}, 'done'],
    ['voicemail, retried', VOICEMAIL, { retry_on_voicemail: true }, 'unreached'],
    ['voicemail the assistant hung up on, retried', { status: 'ended_by_assistant', answered_by: 'machine' }, { retry_on_voicemail: true }, 'unreached'],
    ['customer hung up, no retry', HUNG_UP, {}, 'done'],
    ['customer hung up, retried', HUNG_UP, { retry_on_goal_incomplete: true }, 'round-failed'],
    ['assistant hung up, retried', { status: 'ended_by_assistant', answered_by: 'human' }, { retry_on_goal_incomplete: true }, 'round-failed'],
    ['goal variable true', { ...GOAL, variables: { booked: true } }, { goal_completion_variable: 'booked', retry_on_goal_incomplete: true }, 'goal'],
    ['goal variable false', { ...GOAL, variables: { booked: false } }, { goal_completion_variable: 'booked', retry_on_goal_incomplete: true }, 'round-failed'],
    ['goal variable missing', GOAL, { goal_completion_variable: 'booked', retry_on_goal_incomplete: true }, 'round-failed'],
  ];
  it.each(cases)('%s', (_name, outcome, over, expected) => {
    expect(verdictOf({ ...outcome, variables: outcome.variables ?? {} }, { ...rules, ...over })).toBe(expected);
  });
});

describe('settleLeadAttempt', () => {
  it('completes a lead whose call reached its goal, and says so in events', async () => {
    const c = await campaign();
    const [p] = (await lead(c, 1)) as [number, number];
    const events = await settle(c, p, GOAL);
    const after = await row(p);
    expect(after).toMatchObject({ status: 'completed', live_call_id: null, attempts: 0 });
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'lead', id: p, status: 'completed', campaign_id: c, user_id: alice.id }),
        expect.objectContaining({ type: 'campaign', id: c }),
      ]),
    );
  });

  it('dials the secondary contacts in order after a busy primary, and completes the lead through one', async () => {
    const c = await campaign();
    const [p, s1, s2] = (await lead(c, 2)) as [number, number, number];
    await settle(c, p, BUSY);
    expect(await row(p)).toMatchObject({ status: 'created', next_contact: 1, live_call_id: null, attempts: 0, next_attempt_at: null });
    await settle(c, s1, NO_ANSWER);
    expect(await row(p)).toMatchObject({ status: 'created', next_contact: 2, attempts: 0, next_attempt_at: null });
    await settle(c, s2, GOAL);
    expect(await row(p)).toMatchObject({ status: 'completed', live_call_id: null });
    expect((await row(s2)).status).toBe('completed');
    expect((await row(s1)).status).toBe('created');
  });

  it('ends a round after the last contact, retries after retry_interval, and gives up after max_retries', async () => {
    const c = await campaign({ max_retries: 1, retry_interval: 10 });
    const [p, s1] = (await lead(c, 1)) as [number, number];
    await settle(c, p, BUSY);
    await settle(c, s1, BUSY);
    const retry = await row(p);
    expect(retry).toMatchObject({ status: 'created', attempts: 1, next_contact: 0, live_call_id: null });
    expect(retry.next_attempt_at?.slice(0, 19)).toBe('2026-03-09 10:10:00');

    const later = new Date(NOW.getTime() + 10 * 60_000);
    await settle(c, p, NO_ANSWER, later);
    expect(await row(p)).toMatchObject({ status: 'created', next_contact: 1, attempts: 1 });
    const events = await settle(c, s1, { status: 'failed', answered_by: null }, later);
    expect(await row(p)).toMatchObject({ status: 'reached-max-retries', attempts: 2, live_call_id: null, next_attempt_at: null });
    expect((await row(s1)).status).toBe('reached-max-retries');
    expect(events).toContainEqual(expect.objectContaining({ type: 'lead', id: p, status: 'reached-max-retries' }));
  });

  it('counts 1 + max_retries rounds', async () => {
    const c = await campaign({ max_retries: 3 });
    const [p] = (await lead(c)) as [number];
    for (let round = 1; round <= 3; round++) {
      await settle(c, p, BUSY);
      expect(await row(p)).toMatchObject({ status: 'created', attempts: round });
    }
    await settle(c, p, BUSY);
    expect(await row(p)).toMatchObject({ status: 'reached-max-retries', attempts: 4 });
  });

  it('completes on voicemail unless the campaign retries voicemail; then the next contact is dialled', async () => {
    const plain = await campaign();
    const [p1] = (await lead(plain, 1)) as [number];
    await settle(plain, p1, VOICEMAIL);
    expect((await row(p1)).status).toBe('completed');

    const retrying = await campaign({ retry_on_voicemail: true });
    const [p2] = (await lead(retrying, 1)) as [number];
    await settle(retrying, p2, VOICEMAIL);
    expect(await row(p2)).toMatchObject({ status: 'created', next_contact: 1, attempts: 0 });
  });

  it('completes on a goal not reached unless the campaign retries it; then the round ends at once', async () => {
    const plain = await campaign();
    const [p1] = (await lead(plain, 1)) as [number];
    await settle(plain, p1, HUNG_UP);
    expect((await row(p1)).status).toBe('completed');

    const retrying = await campaign({ retry_on_goal_incomplete: true, goal_completion_variable: 'booked' });
    const [p2] = (await lead(retrying, 1)) as [number];
    await settle(retrying, p2, { ...GOAL, variables: { booked: false } });
    expect(await row(p2)).toMatchObject({ status: 'created', next_contact: 0, attempts: 1 });
    await settle(retrying, p2, { ...GOAL, variables: { booked: true } });
    expect((await row(p2)).status).toBe('completed');
  });

  it('changes nothing for a call the lead is not waiting for, or one settled twice', async () => {
    const c = await campaign();
    const [p] = (await lead(c)) as [number];
    expect(await settle(c, p, GOAL, NOW, false)).toEqual([]);
    expect(await row(p)).toMatchObject({ status: 'created', attempts: 0 });

    await settle(c, p, BUSY);
    const once = await row(p);
    const call = await svc.handle.db.selectFrom('calls').selectAll().where('lead_id', '=', p).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await svc.handle.db.transaction().execute((trx) => settleLeadAttempt(trx, call, NOW))).toEqual([]);
    expect(await row(p)).toEqual(once);
  });

  it('leaves calls without a lead alone', async () => {
    const call = { lead_id: null, user_id: alice.id } as unknown as CallRow;
    expect(await svc.handle.db.transaction().execute((trx) => settleLeadAttempt(trx, call, NOW))).toEqual([]);
  });
});
