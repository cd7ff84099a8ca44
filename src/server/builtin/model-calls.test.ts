import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../engine/clock';
import { insertAssistant, insertPhoneNumber } from '../test/fixtures';
import { startTestService, type TestResponse, type TestService, type TestUser } from '../test/harness';
import { startStandInCalcom, type StandInCalcom } from '../test/stand-ins/calcom';
import { conversation, startStandInModel, type StandInModel } from '../test/stand-ins/model';

/*
 * The built-in tools in model calls (engine/talk/worker.ts; test suites run the same calls).
 * assistant_transfer in a model call (engine/talk/worker.ts): the model's customer asks for the sales team, the
 * front desk's model hands over, its message and the hand-over are on the timeline, the sales assistant greets
 * and answers with its own prompt, and the call names both. Over real HTTP against the model stand-in.
 */

const clock = new TestClock('2026-03-02T10:00:00Z');
let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let stand: StandInModel;
let calcom: StandInCalcom;

beforeAll(async () => {
  stand = await startStandInModel({ fallback: conversation });
  calcom = await startStandInCalcom();
  svc = await startTestService({ clock, llm: { baseUrl: stand.baseUrl, retryDelayMs: 5 } });
  alice = await svc.user();
  bob = await svc.user();
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await stand?.close();
  await calcom?.close();
});

type Body = TestResponse['body'];

async function assistantOf(user: TestUser, name: string, cols: Record<string, unknown>): Promise<number> {
  const db = svc.handle.db;
  const number = await insertPhoneNumber(db, user.id);
  const row = await insertAssistant(db, user.id, { name, phone_number_id: number.id });
  const gpt = await db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow();
  await db.updateTable('assistants').set({ llm_model_id: gpt.id, ...cols }).where('id', '=', row.id).execute();
  return row.id;
}

async function playOut(user: TestUser, id: number): Promise<Body> {
  for (let s = 0; s < 600; s += 5) {
    clock.advance(5_000);
    await svc.work.runOnce();
    const call = (await user.req('GET', `/user/calls/${id}`)).body;
    if (!['initiated', 'ringing', 'in-progress', 'ended'].includes(call.status)) return call;
  }
  throw new Error(`call ${id} did not finish`);
}

describe('assistant_transfer in a model call', () => {
  it('goes on with the other assistant: its greeting and prompt, the hand-over on the timeline, the call naming both', async () => {
    const sales = await assistantOf(alice, 'Acme sales', { system_prompt: 'You are Sam of Acme sales.', initial_message: 'Hi, this is Sam from Acme sales.' });
    const front = await assistantOf(alice, 'Acme front desk', { system_prompt: 'You are the front desk of Acme.', initial_message: 'Acme, good morning.' });
    const put = await alice.req('PUT', `/user/assistant/${front}`, {
      tools: [{ type: 'assistant_transfer', assistant_id: sales, description: 'Hands the caller to sales', message_before_transfer: 'One moment, I am handing you over.', speak_transfer_greeting: true }],
    });
    expect(put.status, put.text).toBe(200);
    const made = await alice.req('POST', '/user/make_call', { phone_number: '+12025550100', assistant_id: front, persona: 'Your name is Jane Doe. What you want: to talk to your sales team.' });
    expect(made.status, made.text).toBe(200);
    const callId = made.body.call_id as number;
    const before = stand.requests.length;

    const call = await playOut(alice, callId);
    expect(call).toMatchObject({ assistant_id: front, assistant_name: 'Acme front desk', transferred_to_assistant_id: sales, transferred_to_assistant_name: 'Acme sales' });
    const lines = (call.transcript as Body[]).map((e) =>
      e.type === 'function_call' ? `call ${e.name}` : e.type === 'handover' ? `handover ${e.from_assistant_id}->${e.assistant_id}` : `${e.sender}: ${e.text}`,
    );
    expect(lines.slice(0, 6)).toEqual([
      'bot: Acme, good morning.',
      'human: Hello, this is Jane Doe. I would like to talk to your sales team.',
      'call transfer_to_assistant',
      'bot: One moment, I am handing you over.',
      `handover ${front}->${sales}`,
      'bot: Hi, this is Sam from Acme sales.',
    ]);
    // The caller's next words are answered by sales, with its own prompt.
    expect(lines[7]).toBe('bot: Hello from the stand-in model.');
    const systems = stand.requests.slice(before).map((r) => r.body.messages[0]?.content).filter((c): c is string => typeof c === 'string');
    expect(systems.some((c) => c.startsWith('You are Sam of Acme sales.'))).toBe(true);
    // Stamped in order.
    const times = (call.transcript as Body[]).map((e) => Date.parse(e.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await bob.req('GET', `/user/calls/${callId}`)).status).toBe(404);
  });
});

describe('calendar_integration in a model call', () => {
  it('the customer asks for an appointment: free times found, the first booked with their e-mail address', async () => {
    const desk = await assistantOf(alice, 'Acme bookings', { system_prompt: 'You book intro calls for Acme.', initial_message: 'Acme bookings, hello.', timezone: 'America/New_York' });
    const put = await alice.req('PUT', `/user/assistant/${desk}`, {
      tools: [{ type: 'calendar_integration', description: 'Books an intro call', calcom_api_key: calcom.apiKey, calcom_event_slug: 'intro-call', calcom_endpoint: 'custom', calcom_custom_endpoint: calcom.baseUrl }],
    });
    expect(put.status, put.text).toBe(200);
    const made = await alice.req('POST', '/user/make_call', {
      phone_number: '+13125550100',
      assistant_id: desk,
      persona: 'Your name is Jane Doe. What you want: to book an appointment. Your email is jane@example.com.',
    });
    expect(made.status, made.text).toBe(200);
    const call = await playOut(alice, made.body.call_id as number);
    const calls = (call.transcript as Body[]).filter((e) => e.type === 'function_call');
    expect(calls.map((c) => c.name)).toEqual(['check_availability', 'book_appointment']);
    expect(calls[0].result.time_zone).toBe('America/New_York');
    const first = calls[0].result.free_starts[0] as string;
    expect(calls[1]).toMatchObject({ arguments: { start: first, email: 'jane@example.com' }, result: { booked: true, start: first }, error: null });
    expect(calcom.bookings.at(-1)).toMatchObject({ start: first, attendee: { email: 'jane@example.com', timeZone: 'America/New_York' } });
    expect((call.transcript as Body[]).map((e) => e.text)).toContain(`You are booked for ${first}. See you then!`);
  });
});
