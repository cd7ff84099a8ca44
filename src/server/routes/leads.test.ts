import { describe, expect, it } from 'vitest';
import { LEAD_INVALID_FIELDS_PREFIX } from '../../contract';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertAssistant, insertCampaign } from '../test/fixtures';

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let campaignA: number;
let campaignA2: number;
let campaignB: number;

const LARAVEL_TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

useService(async (s) => {
  ({ svc, alice, bob } = s);
  const db = svc.handle.db;
  const assistant = await insertAssistant(db, alice.id);
  campaignA = (await insertCampaign(db, alice.id, { name: 'Spring', assistant_id: assistant.id })).id;
  campaignA2 = (await insertCampaign(db, alice.id, { name: 'Summer', assistant_id: assistant.id })).id;
  campaignB = (await insertCampaign(db, bob.id, { name: 'Bob’s' })).id;
});

async function createLead(user: TestUser, body: Record<string, unknown>) {
  return user.req('POST', '/user/lead', body);
}

describe('POST /user/lead', () => {
  it('creates a lead in E.164 with its secondary contacts, all status created', async () => {
    const res = await createLead(alice, {
      phone_number: '+49 30 1234567',
      campaign_id: campaignA,
      variables: { customer_name: 'Jane', email: 'jane@example.com' },
      secondary_contacts: [
        { phone_number: '+1 (415) 555-2671', variables: { customer_name: 'Assistant of Jane' } },
        { phone_number: '+44 20 7946 0958' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Lead created successfully');
    const lead = res.body.data;
    expect(lead).toMatchObject({
      campaign_id: campaignA,
      phone_number: '+49301234567',
      variables: { customer_name: 'Jane', email: 'jane@example.com' },
      status: 'created',
      campaign: { id: campaignA, name: 'Spring' },
    });
    expect(lead.created_at).toMatch(LARAVEL_TS);
    expect(lead.updated_at).toMatch(LARAVEL_TS);
    expect(lead.secondary_contacts).toHaveLength(2);
    expect(lead.secondary_contacts[0]).toMatchObject({
      phone_number: '+14155552671',
      variables: { customer_name: 'Assistant of Jane' },
      status: 'created',
    });
    expect(lead.secondary_contacts[1]).toMatchObject({ phone_number: '+442079460958', variables: {}, status: 'created' });
    expect(lead.secondary_contacts[0].created_at).toMatch(LARAVEL_TS);
    expect(lead.secondary_contacts[0]).not.toHaveProperty('campaign');
  });

  it('refuses numbers it cannot parse, on the field and each contact', async () => {
    for (const phone of ['4930123456', 'garbage', '+49 30']) {
      const res = await createLead(alice, { phone_number: phone, campaign_id: campaignA });
      expect(res.status, phone).toBe(422);
      expect(res.body.errors.phone_number).toEqual(['The phone number field must be a valid phone number.']);
    }
    const res = await createLead(alice, {
      phone_number: '+49 30 7654321',
      campaign_id: campaignA,
      secondary_contacts: [{ phone_number: '+14155552671' }, { phone_number: 'nope' }],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['secondary_contacts.1.phone_number']);
  });

  it('refuses a missing field and a campaign that is not the caller’s', async () => {
    const missing = await createLead(alice, { campaign_id: campaignA });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.phone_number).toEqual(['The phone number field is required.']);

    for (const campaign_id of [campaignB, 999_999]) {
      const res = await createLead(alice, { phone_number: '+49 30 1111111', campaign_id });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ campaign_id: ['The selected campaign id is invalid.'] });
    }
    // Bob cannot put a lead into Alice's campaign either.
    const intruder = await createLead(bob, { phone_number: '+49 30 1111111', campaign_id: campaignA });
    expect(intruder.status).toBe(422);
    expect(intruder.body.errors.campaign_id).toBeDefined();
  });

  it('refuses a duplicate number in the campaign unless allow_dupplicate is true', async () => {
    const first = await createLead(alice, { phone_number: '+49 30 2222222', campaign_id: campaignA });
    expect(first.status).toBe(200);
    // Same number written differently is the same E.164 number.
    const dup = await createLead(alice, { phone_number: '+49302222222', campaign_id: campaignA });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ phone_number: ['The phone number has already been taken in this campaign.'] });
    const dupFalse = await createLead(alice, { phone_number: '+49302222222', campaign_id: campaignA, allow_dupplicate: false });
    expect(dupFalse.status).toBe(422);

    const allowed = await createLead(alice, { phone_number: '+49302222222', campaign_id: campaignA, allow_dupplicate: true });
    expect(allowed.status).toBe(200);
    // Another campaign is no duplicate.
    const other = await createLead(alice, { phone_number: '+49302222222', campaign_id: campaignA2 });
    expect(other.status).toBe(200);
  });

  it('does not count a secondary contact as a duplicate primary lead', async () => {
    await createLead(alice, { phone_number: '+49 30 3333333', campaign_id: campaignA, secondary_contacts: [{ phone_number: '+49 30 4444444' }] });
    const res = await createLead(alice, { phone_number: '+49 30 4444444', campaign_id: campaignA });
    expect(res.status).toBe(200);
  });
});

describe('GET /user/leads', () => {
  it('lists only the caller’s primary leads, newest first, with campaign and contacts', async () => {
    const res = await alice.req('GET', '/user/leads');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const ids = res.body.map((l: { id: number }) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const contactIds = new Set(res.body.flatMap((l: { secondary_contacts: { id: number }[] }) => l.secondary_contacts.map((s) => s.id)));
    for (const id of ids) expect(contactIds.has(id)).toBe(false);
    const jane = res.body.find((l: { phone_number: string }) => l.phone_number === '+49301234567');
    expect(jane.campaign).toEqual({ id: campaignA, name: 'Spring' });
    expect(jane.secondary_contacts.map((s: { phone_number: string }) => s.phone_number)).toEqual(['+14155552671', '+442079460958']);
    for (const lead of res.body) expect(lead.created_at).toMatch(LARAVEL_TS);

    const bobs = await bob.req('GET', '/user/leads');
    expect(bobs.body).toEqual([]);
  });
});

describe('PUT /user/leads/{id}', () => {
  async function freshLead(phone: string, variables: Record<string, unknown> = {}) {
    const res = await createLead(alice, { phone_number: phone, campaign_id: campaignA, variables, allow_dupplicate: true });
    expect(res.status).toBe(200);
    return res.body.data as { id: number; secondary_contacts: { id: number }[] };
  }
  async function leadById(id: number) {
    const list = await alice.req('GET', '/user/leads');
    return list.body.find((l: { id: number }) => l.id === id);
  }

  it('merges variables into the existing ones', async () => {
    const lead = await freshLead('+49 30 5555555', { customer_name: 'Max', email: 'max@example.com', tier: 'gold' });
    const res = await alice.req('PUT', `/user/leads/${lead.id}`, { variables: { email: 'new@example.com', city: 'Berlin' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Lead updated successfully' });
    const after = await leadById(lead.id);
    expect(after.variables).toEqual({ customer_name: 'Max', email: 'new@example.com', tier: 'gold', city: 'Berlin' });
  });

  it('normalises a new phone number and refuses one it cannot parse with a simple body', async () => {
    const lead = await freshLead('+49 30 6666666');
    const ok = await alice.req('PUT', `/user/leads/${lead.id}`, { phone_number: '+1 212 555 0100' });
    expect(ok.status).toBe(200);
    expect((await leadById(lead.id)).phone_number).toBe('+12125550100');
    const bad = await alice.req('PUT', `/user/leads/${lead.id}`, { phone_number: '12345' });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: 'The phone number is not a valid phone number.' });
  });

  it('rejects fields outside the four, naming them in the order sent', async () => {
    const lead = await freshLead('+49 30 7777777');
    const res = await alice.req('PUT', `/user/leads/${lead.id}`, { zeta: 1, variables: {}, alpha: 2, id: 5 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: `${LEAD_INVALID_FIELDS_PREFIX} zeta, alpha, id` });
  });

  it('lets status be set back to created only', async () => {
    const lead = await freshLead('+49 30 8888888');
    for (const status of ['completed', 'reached-max-retries']) {
      const res = await alice.req('PUT', `/user/leads/${lead.id}`, { status });
      expect(res.status).toBe(422);
      expect(res.body.errors.status).toEqual([`The status ${status} is assigned automatically and cannot be set manually.`]);
    }
    const bogus = await alice.req('PUT', `/user/leads/${lead.id}`, { status: 'bogus' });
    expect(bogus.status).toBe(422);
    expect(bogus.body.errors.status).toEqual(['The selected status is invalid.']);
    await svc.handle.db.updateTable('leads').set({ status: 'completed' }).where('id', '=', lead.id).execute();
    const back = await alice.req('PUT', `/user/leads/${lead.id}`, { status: 'created' });
    expect(back.status).toBe(200);
    expect((await leadById(lead.id)).status).toBe('created');
  });

  it('validates types of campaign_id and variables', async () => {
    const lead = await freshLead('+49 30 9999999');
    const res = await alice.req('PUT', `/user/leads/${lead.id}`, { campaign_id: 'x', variables: 'text' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['campaign_id', 'variables']);
  });

  it('moves a lead and its contacts to another own campaign; not into someone else’s', async () => {
    const created = await createLead(alice, {
      phone_number: '+49 30 1212121',
      campaign_id: campaignA,
      secondary_contacts: [{ phone_number: '+49 30 1313131' }],
    });
    const lead = created.body.data;
    const moved = await alice.req('PUT', `/user/leads/${lead.id}`, { campaign_id: campaignA2 });
    expect(moved.status).toBe(200);
    const after = await leadById(lead.id);
    expect(after.campaign).toEqual({ id: campaignA2, name: 'Summer' });
    const contact = await svc.handle.db.selectFrom('leads').select('campaign_id').where('id', '=', lead.secondary_contacts[0].id).executeTakeFirstOrThrow();
    expect(contact.campaign_id).toBe(campaignA2);

    for (const campaign_id of [campaignB, 999_999]) {
      const res = await alice.req('PUT', `/user/leads/${lead.id}`, { campaign_id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Campaign not found' });
    }
  });

  it('answers 404 for an unknown lead and another user’s lead alike', async () => {
    const lead = await freshLead('+49 30 1414141');
    const missing = await alice.req('PUT', '/user/leads/999999', { variables: {} });
    const foreign = await bob.req('PUT', `/user/leads/${lead.id}`, { variables: { x: 1 } });
    for (const res of [missing, foreign]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Lead not found' });
    }
    // Bob cannot move Alice's lead into his campaign, nor his own lead into Alice's.
    expect((await bob.req('PUT', `/user/leads/${lead.id}`, { campaign_id: campaignB })).status).toBe(404);
    const bobLead = await createLead(bob, { phone_number: '+49 30 1515151', campaign_id: campaignB });
    const intoAlice = await bob.req('PUT', `/user/leads/${bobLead.body.data.id}`, { campaign_id: campaignA });
    expect(intoAlice.status).toBe(404);
    expect(intoAlice.body).toEqual({ message: 'Campaign not found' });
    expect((await leadById(lead.id)).variables).toEqual({});
  });
});

describe('DELETE /user/leads/{id}', () => {
  it('deletes the lead with its secondary contacts; others get 404', async () => {
    const created = await createLead(alice, {
      phone_number: '+49 30 1616161',
      campaign_id: campaignA,
      secondary_contacts: [{ phone_number: '+49 30 1717171' }, { phone_number: '+49 30 1818181' }],
    });
    const lead = created.body.data;
    const foreign = await bob.req('DELETE', `/user/leads/${lead.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Lead not found' });

    const res = await alice.req('DELETE', `/user/leads/${lead.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Lead deleted successfully' });
    const left = await svc.handle.db
      .selectFrom('leads')
      .select('id')
      .where('id', 'in', [lead.id, ...lead.secondary_contacts.map((s: { id: number }) => s.id)])
      .execute();
    expect(left).toEqual([]);
    expect((await alice.req('DELETE', `/user/leads/${lead.id}`)).status).toBe(404);
    expect((await alice.req('DELETE', '/user/leads/abc')).status).toBe(404);
  });
});
