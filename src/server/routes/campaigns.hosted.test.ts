import { describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { insertAssistant, insertPhoneNumber } from '../test/fixtures';

/*
 * Campaign create as today's clients of the hosted API send it: the retry and completion settings the
 * hosted create takes, numbers and booleans in Laravel's forms, blank optional strings, and nothing the
 * service does not know.
 */

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let aliceCaller: number;
let bobCaller: number;
let alicePhone: number;

useService(async (s) => {
  ({ svc, alice, bob } = s);
  const db = svc.handle.db;
  aliceCaller = (await insertAssistant(db, alice.id, { name: 'Alice caller', timezone: 'Europe/Berlin' })).id;
  bobCaller = (await insertAssistant(db, bob.id, { name: 'Bob caller' })).id;
  alicePhone = (await insertPhoneNumber(db, alice.id)).id;
});

const HOSTED_SETTINGS = ['retry_on_voicemail', 'retry_on_goal_incomplete', 'goal_completion_variable', 'mark_complete_when_no_leads'] as const;

/** POST /user/campaigns of alice's caller, named `name`, with `settings`. */
const create = (name: string, settings: Record<string, unknown> = {}) => alice.req('POST', '/user/campaigns', { name, assistant_id: aliceCaller, ...settings });

async function listed(user: TestUser, id: number) {
  const res = await user.req('GET', '/user/campaigns');
  expect(res.status).toBe(200);
  return (res.body as { id: number }[]).find((c) => c.id === id);
}

describe('POST /user/campaigns with the hosted create’s settings', () => {
  it('keeps every setting a hosted client sends and shows it in the record and the list', async () => {
    const sent = {
      name: 'Reminder round',
      assistant_id: aliceCaller,
      timezone: 'Europe/Berlin',
      max_calls_in_parallel: 2,
      allowed_hours_start_time: '08:30',
      allowed_hours_end_time: '18:00',
      allowed_days: ['monday', 'wednesday'],
      max_retries: 2,
      retry_interval: 120,
      retry_on_voicemail: true,
      retry_on_goal_incomplete: true,
      goal_completion_variable: 'appointment_booked',
      mark_complete_when_no_leads: false,
      phone_number_ids: [alicePhone],
    };
    const res = await alice.req('POST', '/user/campaigns', sent);
    expect(res.status).toBe(201);
    const { assistant_id, ...rest } = sent;
    expect(res.body.data).toMatchObject({ ...rest, assistant_id, status: 'draft' });
    expect(await listed(alice, res.body.data.id)).toMatchObject({
      retry_on_voicemail: true,
      retry_on_goal_incomplete: true,
      goal_completion_variable: 'appointment_booked',
      mark_complete_when_no_leads: false,
    });
  });

  it('gives the hosted defaults when the settings are left out', async () => {
    const res = await create('Plain');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      retry_on_voicemail: false,
      retry_on_goal_incomplete: false,
      goal_completion_variable: null,
      mark_complete_when_no_leads: true,
    });
  });

  it('takes numbers as strings and booleans in Laravel’s forms', async () => {
    const forms: [unknown, boolean][] = [
      [1, true],
      [0, false],
      ['1', true],
      ['0', false],
      ['true', true],
      ['false', false],
    ];
    for (const [form, value] of forms) {
      const res = await alice.req('POST', '/user/campaigns', {
        name: `Forms ${String(form)}`,
        assistant_id: String(aliceCaller),
        max_calls_in_parallel: '4',
        max_retries: '5',
        retry_interval: '30',
        phone_number_ids: [String(alicePhone)],
        retry_on_voicemail: form,
        retry_on_goal_incomplete: form,
        mark_complete_when_no_leads: form,
      });
      expect(res.status, JSON.stringify(form)).toBe(201);
      expect(res.body.data).toMatchObject({
        assistant_id: aliceCaller,
        max_calls_in_parallel: 4,
        max_retries: 5,
        retry_interval: 30,
        phone_number_ids: [alicePhone],
        retry_on_voicemail: value,
        retry_on_goal_incomplete: value,
        mark_complete_when_no_leads: value,
      });
    }
  });

  it('reads null and blank optional strings as left out', async () => {
    const res = await create('Blanks', {
      timezone: '',
      allowed_hours_start_time: '',
      allowed_hours_end_time: null,
      goal_completion_variable: '  ',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      timezone: 'Europe/Berlin',
      allowed_hours_start_time: '09:00',
      allowed_hours_end_time: '17:00',
      goal_completion_variable: null,
    });
    const nulled = await create('Null goal', { goal_completion_variable: null });
    expect(nulled.status).toBe(201);
    expect(nulled.body.data.goal_completion_variable).toBeNull();
  });

  it('trims the goal variable and refuses values of the wrong kind with 422 on the field', async () => {
    const trimmed = await create('Trim', { goal_completion_variable: ' booked ' });
    expect(trimmed.body.data.goal_completion_variable).toBe('booked');

    const cases: [Record<string, unknown>, string][] = [
      [{ retry_on_voicemail: 'yes' }, 'retry_on_voicemail'],
      [{ retry_on_voicemail: 2 }, 'retry_on_voicemail'],
      [{ retry_on_voicemail: null }, 'retry_on_voicemail'],
      [{ retry_on_goal_incomplete: 'on' }, 'retry_on_goal_incomplete'],
      [{ mark_complete_when_no_leads: [] }, 'mark_complete_when_no_leads'],
      [{ goal_completion_variable: 'x'.repeat(256) }, 'goal_completion_variable'],
      [{ goal_completion_variable: 7 }, 'goal_completion_variable'],
      [{ goal_completion_variable: { name: 'booked' } }, 'goal_completion_variable'],
      [{ max_retries: '2.5' }, 'max_retries'],
      [{ assistant_id: '8x' }, 'assistant_id'],
    ];
    for (const [patch, key] of cases) {
      const res = await create('Wrong', patch);
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(patch)).toEqual([key]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const yes = await create('Wrong', { retry_on_voicemail: 'yes' });
    expect(yes.body.errors.retry_on_voicemail).toEqual(['The retry on voicemail field must be true or false.']);
    const long = await create('Wrong', { goal_completion_variable: 'x'.repeat(256) });
    expect(long.body.errors.goal_completion_variable).toEqual(['The goal completion variable field must not be greater than 255 characters.']);
    const edge = await create('Edge', { goal_completion_variable: 'x'.repeat(255) });
    expect(edge.status).toBe(201);
  });

  it('refuses fields it does not know, naming them, and creates nothing', async () => {
    const before = (await alice.req('GET', '/user/campaigns')).body.length as number;
    const res = await create('Extras', {
      retry_on_voicemail: true,
      voicemail_action: 'hangup',
      scheduled_start_at: '2026-05-01T09:00:00Z',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The following fields cannot be set: voicemail_action, scheduled_start_at' });
    // A record's own read-only fields are not create fields either.
    const echoed = await create('Echo', { id: 1, status: 'running' });
    expect(echoed.status).toBe(422);
    expect(echoed.body).toEqual({ message: 'The following fields cannot be set: id, status' });
    expect((await alice.req('GET', '/user/campaigns')).body.length).toBe(before);
  });
});

describe('campaign settings across users', () => {
  it('keeps each user’s settings to that user', async () => {
    const mine = await create('Alice only', {
      goal_completion_variable: 'alice_goal',
      retry_on_voicemail: '1',
    });
    expect(mine.status).toBe(201);
    const theirs = await bob.req('POST', '/user/campaigns', { name: 'Bob only', assistant_id: bobCaller, mark_complete_when_no_leads: 'false' });
    expect(theirs.status).toBe(201);

    const bobList = (await bob.req('GET', '/user/campaigns')).body as Record<string, unknown>[];
    expect(bobList.map((c) => c.name)).toEqual(['Bob only']);
    expect(bobList[0]).toMatchObject({ mark_complete_when_no_leads: false, retry_on_voicemail: false, goal_completion_variable: null });
    expect(await listed(alice, theirs.body.data.id)).toBeUndefined();
    const aliceRecord = await listed(alice, mine.body.data.id);
    for (const key of HOSTED_SETTINGS) expect(aliceRecord).toHaveProperty(key);
    expect(aliceRecord).toMatchObject({ goal_completion_variable: 'alice_goal', retry_on_voicemail: true });
  });

  it('refuses another user’s assistant and number with the settings given as strings', async () => {
    const res = await bob.req('POST', '/user/campaigns', {
      name: 'Borrowed',
      assistant_id: String(aliceCaller),
      phone_number_ids: [String(alicePhone)],
      retry_on_goal_incomplete: 'true',
      goal_completion_variable: 'booked',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['assistant_id', 'phone_number_ids.0']);
    expect((await bob.req('GET', '/user/campaigns')).body.map((c: { name: string }) => c.name)).not.toContain('Borrowed');
  });
});
