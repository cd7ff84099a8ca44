import { describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertAssistant, insertPhoneNumber } from '../test/fixtures';
import { busOf, type ServiceEvent } from '../events/bus';
import { TestClock } from './clock';

/*
 * Edges of a running campaign: a call deleted while in flight (DELETE /user/calls/{id}) must not strand its
 * lead (the dialler waits for a lead's live call, and a call that no longer exists would never settle it),
 * and a campaign started before it has any lead waits for them instead of completing at once.
 */

// A Monday, 10:00 UTC: inside the campaign's hours.
const clock = new TestClock('2026-03-09T10:00:00Z');
let svc: TestService;
let alice: TestUser;
let assistantId: number;

useService(async (s) => {
  ({ svc, alice } = s);
  const number = await insertPhoneNumber(svc.handle.db, alice.id, '+4930444444');
  assistantId = (await insertAssistant(svc.handle.db, alice.id, { name: 'Caller', phone_number_id: number.id })).id;
}, { clock });

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** POST /user/campaigns: a campaign of alice's caller that may dial at any hour of any day. */
const createAnytimeCampaign = (name: string) =>
  alice.req('POST', '/user/campaigns', {
    name,
    assistant_id: assistantId,
    timezone: 'UTC',
    allowed_hours_start_time: '00:00',
    allowed_hours_end_time: '23:59',
    allowed_days: EVERY_DAY,
  });

describe('a campaign started without leads', () => {
  it('stays running, dials the lead added later and then completes', async () => {
    const created = await createAnytimeCampaign('Leads later');
    const campaignId = created.body.data.id as number;
    expect((await alice.req('POST', '/user/campaigns/update-status', { campaign_id: campaignId, action: 'start' })).status).toBe(200);
    const statusOf = async () =>
      (await svc.handle.db.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow()).status;
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1000);
      await svc.work.runOnce();
    }
    expect(await statusOf()).toBe('running');

    expect((await alice.req('POST', '/user/lead', { campaign_id: campaignId, phone_number: '+13125550100' })).status).toBe(200);
    for (let i = 0; i < 20; i += 1) {
      clock.advance(1000);
      await svc.work.runOnce();
    }
    expect(await statusOf()).toBe('completed');
  });
});

describe('deleting a call in flight', () => {
  it('frees its lead, which is dialled again, and tells the event stream', async () => {
    const created = await createAnytimeCampaign('Delete mid-call');
    expect(created.status).toBe(201);
    const campaignId = created.body.data.id as number;
    const lead = await alice.req('POST', '/user/lead', { campaign_id: campaignId, phone_number: '+12025550100' });
    expect(lead.status).toBe(200);
    const leadId = lead.body.data.id as number;
    expect((await alice.req('POST', '/user/campaigns/update-status', { campaign_id: campaignId, action: 'start' })).status).toBe(200);

    await svc.work.runOnce();
    const first = await svc.handle.db.selectFrom('leads').select(['live_call_id']).where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(first.live_call_id).not.toBeNull();
    const callId = first.live_call_id as number;

    const events: ServiceEvent[] = [];
    const stop = busOf(svc.handle.db).subscribe(alice.id, (e) => events.push(e));
    expect((await alice.req('DELETE', `/user/calls/${callId}`)).status).toBe(200);
    stop();
    expect(events).toContainEqual(expect.objectContaining({ type: 'call', id: callId, status: 'deleted', campaign_id: campaignId }));
    const freed = await svc.handle.db.selectFrom('leads').select(['live_call_id', 'status']).where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(freed).toEqual({ live_call_id: null, status: 'created' });

    // The lead is dialled again and this time reaches its outcome.
    for (let i = 0; i < 20; i += 1) {
      clock.advance(1000);
      await svc.work.runOnce();
    }
    const calls = await svc.handle.db.selectFrom('calls').select(['id', 'status']).where('lead_id', '=', leadId).execute();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.id).not.toBe(callId);
    expect(calls[0]?.status).toBe('completed');
    const done = await svc.handle.db.selectFrom('leads').select(['status']).where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(done.status).toBe('completed');
  });
});
