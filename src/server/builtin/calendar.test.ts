import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAssistant } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { startStandInCalcom, CALCOM_BOOKINGS_VERSION, CALCOM_SLOTS_VERSION, type StandInCalcom } from '../test/stand-ins/calcom';
import { conversation, startStandInModel, type StandInModel } from '../test/stand-ins/model';
import { calcomBase } from './calcom';
import { calendarFunctions, dayIn } from './calendar';

/*
 * The calendar_integration built-in tool end to end: a text chat of the real service, the model stand-in
 * asking for free times and a booking (its script, model.ts's calendarOrHandover), the cal.com stand-in
 * answering its v2 endpoints over real HTTP; the outgoing-URL guard in front of a private cal.com address.
 */

let svc: TestService;
let guarded: TestService;
let stand: StandInModel;
let calcom: StandInCalcom;
let alice: TestUser;

beforeAll(async () => {
  stand = await startStandInModel({ fallback: conversation });
  calcom = await startStandInCalcom({
    eventTypes: [
      { slug: 'intro-call', lengthMinutes: 30, dailyStarts: ['09:00', '10:00', '14:30'] },
      { slug: 'demo', teamSlug: 'acme-team', lengthMinutes: 45, dailyStarts: ['13:00'] },
    ],
  });
  svc = await startTestService({ llm: { baseUrl: stand.baseUrl } });
  guarded = await startTestService({ llm: { baseUrl: stand.baseUrl }, allowPrivateUrls: false });
  alice = await svc.user();
}, 120_000);

afterAll(async () => {
  await Promise.all([svc.close(), guarded.close()]);
  await Promise.all([stand.close(), calcom.close()]);
});

function calendarTool(overrides: Record<string, unknown> = {}) {
  return {
    type: 'calendar_integration',
    description: 'Books a 30-minute intro call with Acme sales',
    calcom_api_key: calcom.apiKey,
    calcom_event_slug: 'intro-call',
    calcom_endpoint: 'custom',
    calcom_custom_endpoint: `${calcom.baseUrl}/v2`,
    calcom_booking_fields: [{ name: 'company', type: 'string', description: "The caller's company" }],
    ...overrides,
  };
}

/** An assistant of the user on the stand-in's gpt-4o with the calendar tool, set through the API. */
async function calendarAssistant(s: TestService, user: TestUser, tool = calendarTool()): Promise<number> {
  const a = await insertAssistant(s.handle.db, user.id, { timezone: 'Europe/Berlin' });
  const gpt = await s.handle.db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow();
  await s.handle.db.updateTable('assistants').set({ llm_model_id: gpt.id, initial_message: '' }).where('id', '=', a.id).execute();
  const put = await user.req('PUT', `/user/assistant/${a.id}`, { tools: [tool] });
  expect(put.status, put.text).toBe(200);
  return a.id;
}

async function open(user: TestUser, assistantId: number): Promise<string> {
  const res = await user.req('POST', '/conversations', { assistant_id: assistantId, type: 'test' });
  expect(res.status, res.text).toBe(200);
  return res.body.conversation_id as string;
}

const say = (user: TestUser, id: string, message: string) => user.req('POST', `/conversations/${id}/messages`, { message });

describe('calendar_integration in a text chat', () => {
  it('finds free times and books one: the booking reaches cal.com with the attendee and the fields', async () => {
    const assistantId = await calendarAssistant(svc, alice);
    const id = await open(alice, assistantId);
    const before = calcom.requests.length;

    const asked = await say(alice, id, 'I would like to book an appointment, please.');
    expect(asked.status, asked.text).toBe(200);
    const offered = stand.requests.at(-2)!.body.tools!.map((t) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['check_availability', 'book_appointment']));
    // No hand-over function in a chat, even with the tool: there is no call to hand over.
    expect(offered.some((n) => n.startsWith('transfer_to_assistant'))).toBe(false);
    const check = asked.body.function_calls[0];
    expect(check).toMatchObject({ name: 'check_availability', error: null });
    expect(check.result.time_zone).toBe('Europe/Berlin');
    expect(check.result.free_starts.length).toBeGreaterThan(0);
    const first = check.result.free_starts[0] as string;
    expect(asked.body.message).toBe(`The first free time is ${first}. Shall I book it? Then I need your name and e-mail address.`);

    const booked = await say(alice, id, 'Yes please. My name is Ada Lovelace, ada@example.com.');
    expect(booked.status, booked.text).toBe(200);
    expect(booked.body.function_calls[0]).toMatchObject({ name: 'book_appointment', arguments: { start: first, name: 'Ada Lovelace', email: 'ada@example.com' }, error: null, result: { booked: true, start: first } });
    expect(booked.body.message).toBe(`You are booked for ${first}. See you then!`);

    expect(calcom.bookings).toHaveLength(1);
    expect(calcom.bookings[0]).toMatchObject({ start: first, eventTypeSlug: 'intro-call', attendee: { name: 'Ada Lovelace', email: 'ada@example.com', timeZone: 'Europe/Berlin' } });
    // What went over the wire: the key as a Bearer token, each endpoint's version header, the slug and the key's user.
    const sent = calcom.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/me', 'GET /v2/slots', 'GET /v2/me', 'POST /v2/bookings']);
    for (const r of sent) expect(r.headers.authorization).toBe(`Bearer ${calcom.apiKey}`);
    const slots = sent[1]!;
    expect(slots.headers['cal-api-version']).toBe(CALCOM_SLOTS_VERSION);
    expect(slots.query).toMatchObject({ eventTypeSlug: 'intro-call', username: calcom.username, timeZone: 'Europe/Berlin' });
    expect(sent[3]!.headers['cal-api-version']).toBe(CALCOM_BOOKINGS_VERSION);
    expect(sent[3]!.body).toMatchObject({ start: first, eventTypeSlug: 'intro-call', username: calcom.username });

    // The booked time is no longer free.
    const again = await say(alice, id, 'Could I book another appointment?');
    expect(again.body.function_calls[0].result.free_starts).not.toContain(first);
  });

  it('a team event type is named by its team slug; a wrong key is an error the model hears', async () => {
    const now = () => new Date('2026-03-02T08:00:00Z');
    const team = calendarFunctions({ ...calendarTool({ calcom_event_slug: 'demo', calcom_team_slug: 'acme-team', calcom_booking_fields: undefined }) }, '', { allowPrivate: true, timeZone: 'UTC', now });
    const before = calcom.requests.length;
    const found = await team.call('check_availability', { date: '2099-01-05', days: 2 });
    expect(found.error).toBeNull();
    expect(found.result).toMatchObject({ from: '2099-01-05', to: '2099-01-06', free_starts: ['2099-01-05T13:00:00.000Z', '2099-01-06T13:00:00.000Z'] });
    expect(calcom.requests.slice(before).map((r) => r.path)).toEqual(['/v2/slots']);
    expect(calcom.requests.at(-1)!.query).toMatchObject({ eventTypeSlug: 'demo', teamSlug: 'acme-team' });
    const booked = await team.call('book_appointment', { start: '2099-01-06T13:00:00.000Z', name: 'Grace Hopper', email: 'grace@example.com', phone: '+4930123456' });
    expect(booked).toMatchObject({ error: null, result: { booked: true, start: '2099-01-06T13:00:00.000Z', end: '2099-01-06T13:45:00.000Z' } });
    expect(calcom.bookings.at(-1)!.attendee).toEqual({ name: 'Grace Hopper', email: 'grace@example.com', timeZone: 'UTC', phoneNumber: '+4930123456' });
    // Booking a taken time: cal.com's refusal goes back to the model.
    const twice = await team.call('book_appointment', { start: '2099-01-06T13:00:00.000Z', name: 'Grace Hopper', email: 'grace@example.com' });
    expect(twice.error).toMatch(/^cal\.com answered HTTP 400: .*already has booking/);
    // Missing arguments never reach cal.com.
    const sentBefore = calcom.requests.length;
    expect((await team.call('book_appointment', { start: 'soon', name: 'X', email: 'x@example.com' })).error).toMatch(/^invalid call/);
    expect((await team.call('book_appointment', { start: '2099-01-06T13:00:00Z', name: 'X' })).error).toMatch(/^invalid call/);
    expect(calcom.requests.length).toBe(sentBefore);

    const wrongKey = calendarFunctions(calendarTool({ calcom_api_key: 'cal_wrong' }), '', { allowPrivate: true, timeZone: 'UTC', now });
    const refused = await wrongKey.call('check_availability', {});
    expect(refused).toMatchObject({ result: null, status_code: 401 });
    expect(refused.error).toMatch(/HTTP 401: Invalid API key/);
  });

  it('the outgoing-URL guard refuses a private cal.com address without ALLOW_PRIVATE_URLS', async () => {
    const user = await guarded.user();
    const assistantId = await calendarAssistant(guarded, user);
    const id = await open(user, assistantId);
    const before = calcom.requests.length;
    const asked = await say(user, id, 'Can I book an appointment?');
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.function_calls[0]).toMatchObject({ name: 'check_availability', result: null });
    expect(asked.body.function_calls[0].error).toMatch(/^refused/);
    expect(calcom.requests.length).toBe(before);
  });
});

describe('the cal.com endpoint and the day', () => {
  it('us by default, eu, or the custom origin (a trailing /v2 and slashes dropped)', () => {
    expect(calcomBase(undefined, undefined)).toBe('https://api.cal.com');
    expect(calcomBase('us', 'https://ignored.example')).toBe('https://api.cal.com');
    expect(calcomBase('eu', undefined)).toBe('https://api.cal.eu');
    expect(calcomBase('custom', 'https://cal.acme.example/v2/')).toBe('https://cal.acme.example');
    expect(calcomBase('custom', 'https://cal.acme.example/api')).toBe('https://cal.acme.example/api');
  });

  it("today is the assistant's day, not the server's", () => {
    const lateUtc = new Date('2026-03-02T23:30:00Z');
    expect(dayIn(lateUtc, 'Europe/Berlin')).toBe('2026-03-03');
    expect(dayIn(lateUtc, 'America/New_York')).toBe('2026-03-02');
    expect(dayIn(lateUtc, 'Not/AZone')).toBe('2026-03-02');
  });
});
