import { describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertAssistant, insertCampaign, insertPhoneNumber } from '../test/fixtures';

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let outbound: number;
let inbound: number;
let deleted: number;
let phoneA: number;
let phoneA2: number;
let phoneB: number;
let bobAssistant: number;

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

useService(async (s) => {
  ({ svc, alice, bob } = s);
  const db = svc.handle.db;
  outbound = (await insertAssistant(db, alice.id, { name: 'Sales caller', timezone: 'America/New_York' })).id;
  inbound = (await insertAssistant(db, alice.id, { name: 'Receptionist', type: 'inbound' })).id;
  deleted = (await insertAssistant(db, alice.id, { name: 'Gone', deleted: true })).id;
  bobAssistant = (await insertAssistant(db, bob.id, { name: 'Bob caller' })).id;
  phoneA = (await insertPhoneNumber(db, alice.id)).id;
  phoneA2 = (await insertPhoneNumber(db, alice.id)).id;
  phoneB = (await insertPhoneNumber(db, bob.id)).id;
});

const base = () => ({ name: 'Autumn outreach', assistant_id: outbound });

describe('POST /user/campaigns', () => {
  it('creates a draft with defaults, the assistant’s timezone and HH:MM times', async () => {
    const res = await alice.req('POST', '/user/campaigns', {
      ...base(),
      allowed_hours_start_time: '9:00',
      allowed_hours_end_time: '17:30',
      allowed_days: ['friday', 'monday'],
      phone_number_ids: [phoneA2, phoneA],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Campaign created successfully');
    expect(res.body.data).toMatchObject({
      name: 'Autumn outreach',
      status: 'draft',
      assistant_id: outbound,
      assistant: { id: outbound, name: 'Sales caller' },
      timezone: 'America/New_York',
      max_calls_in_parallel: 3,
      allowed_hours_start_time: '09:00',
      allowed_hours_end_time: '17:30',
      allowed_days: ['monday', 'friday'],
      max_retries: 3,
      retry_interval: 60,
      phone_number_ids: [phoneA, phoneA2].sort((a, b) => a - b),
      leads_count: 0,
    });
    expect(res.body.data.created_at).toMatch(ISO_MICROS);
  });

  it('takes an explicit IANA timezone and refuses an unknown one', async () => {
    const ok = await alice.req('POST', '/user/campaigns', { ...base(), timezone: 'Asia/Tokyo' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.timezone).toBe('Asia/Tokyo');
    const bad = await alice.req('POST', '/user/campaigns', { ...base(), timezone: 'Mars/Olympus' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['timezone']);
  });

  it('enforces the bounds and formats', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ max_calls_in_parallel: 0 }, 'max_calls_in_parallel'],
      [{ max_calls_in_parallel: 11 }, 'max_calls_in_parallel'],
      [{ max_retries: 0 }, 'max_retries'],
      [{ max_retries: 6 }, 'max_retries'],
      [{ retry_interval: 9 }, 'retry_interval'],
      [{ retry_interval: 4321 }, 'retry_interval'],
      [{ allowed_days: ['funday'] }, 'allowed_days.0'],
      [{ allowed_days: [] }, 'allowed_days'],
      [{ allowed_hours_start_time: '25:00' }, 'allowed_hours_start_time'],
      [{ allowed_hours_start_time: '9am' }, 'allowed_hours_start_time'],
      [{ allowed_hours_end_time: '17:60' }, 'allowed_hours_end_time'],
      [{ allowed_hours_start_time: '18:00', allowed_hours_end_time: '09:00' }, 'allowed_hours_end_time'],
      [{ allowed_hours_start_time: '09:00', allowed_hours_end_time: '9:00' }, 'allowed_hours_end_time'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
    ];
    for (const [patch, key] of cases) {
      const res = await alice.req('POST', '/user/campaigns', { ...base(), ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.errors[key], JSON.stringify(patch)).toBeDefined();
    }
    const edges = await alice.req('POST', '/user/campaigns', {
      ...base(),
      max_calls_in_parallel: 10,
      max_retries: 5,
      retry_interval: 4320,
      allowed_hours_start_time: '00:00',
      allowed_hours_end_time: '23:59',
    });
    expect(edges.status).toBe(201);
    const low = await alice.req('POST', '/user/campaigns', { ...base(), max_calls_in_parallel: 1, max_retries: 1, retry_interval: 10 });
    expect(low.status).toBe(201);
  });

  it('refuses inbound, deleted and other users’ assistants', async () => {
    for (const assistant_id of [inbound, deleted, bobAssistant, 999_999]) {
      const res = await alice.req('POST', '/user/campaigns', { ...base(), assistant_id });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ assistant_id: ['The selected assistant id is invalid.'] });
    }
  });

  it('refuses phone numbers that are not the caller’s, naming each entry', async () => {
    const res = await alice.req('POST', '/user/campaigns', { ...base(), phone_number_ids: [phoneA, phoneB, 999_999] });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['phone_number_ids.1', 'phone_number_ids.2']);
    expect(res.body.errors['phone_number_ids.1']).toEqual(['The selected phone number ids.1 is invalid.']);
    // Bob with Alice's number and assistant.
    const bobRes = await bob.req('POST', '/user/campaigns', { name: 'x', assistant_id: outbound, phone_number_ids: [phoneA] });
    expect(bobRes.status).toBe(422);
    expect(Object.keys(bobRes.body.errors).sort()).toEqual(['assistant_id', 'phone_number_ids.0']);
  });
});

describe('GET /user/campaigns', () => {
  it('lists only the caller’s campaigns, newest first, with leads_count', async () => {
    const created = await alice.req('POST', '/user/campaigns', { ...base(), name: 'Counted' });
    const id = created.body.data.id as number;
    await alice.req('POST', '/user/lead', { phone_number: '+49 30 1234567', campaign_id: id, secondary_contacts: [{ phone_number: '+49 30 7654321' }] });
    await alice.req('POST', '/user/lead', { phone_number: '+49 30 2345678', campaign_id: id });

    const res = await alice.req('GET', '/user/campaigns');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body[0]).toMatchObject({ id, name: 'Counted', leads_count: 2 });
    const ids = res.body.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const bobList = await bob.req('GET', '/user/campaigns');
    expect(bobList.body).toEqual([]);
  });
});

describe('POST /user/campaigns/update-status', () => {
  it('starts a draft, refuses to start it again, stops it, restarts it', async () => {
    const id = (await alice.req('POST', '/user/campaigns', base())).body.data.id as number;
    const stopDraft = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: id, action: 'stop' });
    expect(stopDraft.status).toBe(422);
    expect(stopDraft.body).toEqual({ message: 'The campaign is not running.' });

    const start = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: id, action: 'start' });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ message: 'Campaign started successfully', success: true, data: { campaign_id: id, status: 'running' } });

    const again = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: id, action: 'start' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: 'The campaign is already running.' });

    const stop = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: id, action: 'stop' });
    expect(stop.body).toEqual({ message: 'Campaign stopped successfully', success: true, data: { campaign_id: id, status: 'stopped' } });
    const stopAgain = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: id, action: 'stop' });
    expect(stopAgain.status).toBe(422);
    expect(stopAgain.body).toEqual({ message: 'The campaign is not running.' });

    const restart = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: id, action: 'start' });
    expect(restart.body.data.status).toBe('running');
    const list = await alice.req('GET', '/user/campaigns');
    expect(list.body.find((c: { id: number }) => c.id === id).status).toBe('running');
  });

  it('refuses to start a completed campaign or one without an outbound assistant', async () => {
    const done = await insertCampaign(svc.handle.db, alice.id, { assistant_id: outbound, status: 'completed' });
    const res = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: done.id, action: 'start' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The campaign is completed and cannot be started again.');
    const orphan = await insertCampaign(svc.handle.db, alice.id, { assistant_id: deleted });
    const res2 = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: orphan.id, action: 'start' });
    expect(res2.status).toBe(422);
  });

  it('validates the body and hides other users’ campaigns', async () => {
    const id = (await alice.req('POST', '/user/campaigns', base())).body.data.id as number;
    const bad = await alice.req('POST', '/user/campaigns/update-status', { campaign_id: id, action: 'pause' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.action).toEqual(['The selected action is invalid.']);
    const missing = await alice.req('POST', '/user/campaigns/update-status', { action: 'start' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.campaign_id).toBeDefined();

    for (const [user, campaign_id] of [
      [bob, id],
      [alice, 999_999],
    ] as const) {
      const res = await user.req('POST', '/user/campaigns/update-status', { campaign_id, action: 'start' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Campaign not found' });
    }
    const list = await alice.req('GET', '/user/campaigns');
    expect(list.body.find((c: { id: number }) => c.id === id).status).toBe('draft');
  });
});
