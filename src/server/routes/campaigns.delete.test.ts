import { describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertAssistant, insertCall, insertCampaign, insertPhoneNumber } from '../test/fixtures';

let svc: TestService;
let alice: TestUser;
let bob: TestUser;

useService((s) => ({ svc, alice, bob } = s));

async function campaignWithLead(user: TestUser, status = 'draft') {
  const db = svc.handle.db;
  const assistant = await insertAssistant(db, user.id, { name: 'Caller' });
  const phone = await insertPhoneNumber(db, user.id);
  const campaign = await insertCampaign(db, user.id, { name: 'Spring', assistant_id: assistant.id, status });
  await db.insertInto('campaign_phone_numbers').values({ campaign_id: campaign.id, phone_number_id: phone.id }).execute();
  const lead = await user.req('POST', '/user/lead', {
    campaign_id: campaign.id,
    phone_number: '+4930901820',
    secondary_contacts: [{ phone_number: '+4930901821' }],
  });
  expect(lead.status).toBe(200);
  return { campaign, phone, leadId: lead.body.data.id as number };
}

describe('DELETE /user/campaign/{id}', () => {
  it('deletes the campaign with its leads; its calls stay in the log under its name', async () => {
    const { campaign, phone, leadId } = await campaignWithLead(alice);
    const call = await insertCall(svc.handle.db, alice.id, { campaign_id: campaign.id, campaign_name: 'Spring', lead_id: leadId });

    const res = await alice.req('DELETE', `/user/campaign/${campaign.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Campaign deleted successfully' });

    expect((await alice.req('GET', '/user/campaigns')).body).toEqual([]);
    expect((await alice.req('GET', '/user/leads')).body).toEqual([]);
    const kept = await alice.req('GET', `/user/calls/${call}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ campaign_name: 'Spring', campaign_id: null });
    // The number is free to release now.
    expect((await alice.req('DELETE', `/user/phone-numbers/${phone.id}`)).status).toBe(200);
    // A second delete finds nothing.
    expect((await alice.req('DELETE', `/user/campaign/${campaign.id}`)).status).toBe(404);
  });

  it('stops and deletes a running campaign in one step', async () => {
    const { campaign } = await campaignWithLead(alice, 'running');
    const res = await alice.req('DELETE', `/user/campaign/${campaign.id}`);
    expect(res.status).toBe(200);
    const status = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: campaign.id, action: 'stop' });
    expect(status.status).toBe(404);
  });

  it('answers 404 for another user’s campaign, which stays with its leads', async () => {
    const { campaign } = await campaignWithLead(bob);
    for (const id of [String(campaign.id), '999999', 'abc']) {
      const res = await alice.req('DELETE', `/user/campaign/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Campaign not found' });
    }
    expect((await bob.req('GET', '/user/campaigns')).body.map((c: { id: number }) => c.id)).toEqual([campaign.id]);
    expect((await bob.req('GET', '/user/leads')).body).toHaveLength(1);
  });

  it('needs a token', async () => {
    const res = await fetch(`${svc.api}/user/campaign/1`, { method: 'DELETE' });
    expect(res.status).toBe(401);
  });
});
