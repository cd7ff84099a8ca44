import { describe, expect, it } from 'vitest';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../speech/select';
import { insertAssistant, insertPhoneNumber } from '../test/fixtures';
import { setUpVoiceAssistant } from '../test/order-tool';
import type { TestService, TestUser } from '../test/harness';
import { startStandInModel, type SeenRequest, type Scripted } from '../test/stand-ins/model';
import { textOf } from '../test/stand-ins/roles';
import { startStandInStt } from '../test/stand-ins/transcription';
import { startStandInTwilio, type StandInCall } from '../test/stand-ins/twilio';
import { until as waitUntil } from '../test/until';
import { usePipelineService } from '../test/use-pipeline-service';

/*
 * The hosted built-in telephone tools on a Twilio call, end to end over real sockets (issue 40): the service
 * with the real pipeline against the stand-ins (Twilio's REST API and media streams, the model, transcription,
 * eSpeak NG speech). The caller presses keys with Twilio's documented `dtmf` messages; the model (a stateless
 * stand-in script below) answers them, presses keys itself (their tones are heard back in the μ-law the
 * stand-in received, by the Goertzel algorithm), collects keys, and transfers the call cold (the live call
 * updated to <Dial>) and warm (the supervisor's leg rung, briefed, and joined in a conference room; or not
 * answering, and the assistant says so).
 */

const KEYS_NOTE = /pressed these keys on their phone: ([0-9*#A-D]+)/;
const SUMMARY_MARK = 'Brief the supervisor in one sentence.';
const SUMMARY = 'Bob wants a refund for order seven.';
const twilio = await startStandInTwilio();
const stt = await startStandInStt();

/** The assistant: keys 1# press keys, 2# collect keys, 3# transfer cold, 4# transfer warm; other keys are repeated. */
function assistant(req: SeenRequest): Scripted {
  const system = req.body.messages.find((m) => m.role === 'system');
  if (system && textOf(system.content).includes(SUMMARY_MARK)) return { text: SUMMARY };
  const last = req.body.messages.at(-1);
  const content = textOf(last?.content);
  if (last?.role === 'tool') {
    let result: Record<string, unknown> = {};
    try {
      result = JSON.parse(content) as Record<string, unknown>;
    } catch {
      return { text: `That failed: ${content}` };
    }
    if (typeof result.pressed === 'string') return { text: 'I pressed the keys.' };
    if (typeof result.digits === 'string') return { text: `Your account number is ${[...result.digits].join(' ')}.` };
    if (result.transferred === false) return { text: 'Sorry, nobody could take your call right now.' };
    return { text: 'Goodbye.' };
  }
  const keys = KEYS_NOTE.exec(content)?.[1];
  if (keys === '1#') return { toolCalls: [{ name: 'dtmf_input', arguments: { keys: '1 2 3 #' } }] };
  if (keys === '2#') return { toolCalls: [{ name: 'collect_keypad', arguments: {} }] };
  if (keys === '3#') return { toolCalls: [{ name: 'call_transfer', arguments: {} }] };
  if (keys === '4#') return { toolCalls: [{ name: 'warm_call_transfer', arguments: {} }] };
  if (keys) return { text: `You pressed ${[...keys].join(' ')}.` };
  return { text: 'How can I help?' };
}
const model = await startStandInModel({ fallback: assistant });

const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!speech) throw new Error('espeak-ng is needed for the voice tests');

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
usePipelineService((s) => ({ svc, alice, bob } = s), { model, stt, speech, twilio });

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false) => waitUntil(what, probe, 20_000, 25);

interface Entry {
  sender: string;
  type?: string;
  text: string;
  name?: string;
  arguments?: unknown;
  result?: unknown;
  error?: string | null;
}
const callRow = (id: number) => svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const transcriptOf = async (id: number) => ((await callRow(id)).transcript ?? []) as Entry[];
const ended = (id: number) =>
  until(`call ${id} to end`, async () => {
    await svc.work.runOnce();
    const row = await callRow(id);
    return row.engine_next_at === null && row.status !== 'in-progress' ? row : undefined;
  });
/** JSON with its keys sorted (jsonb keeps them in its own order). */
const sorted = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));
const lines = (entries: Entry[]) => entries.map((e) => `${e.sender}${e.type === 'keypress' ? ' keys' : ''}: ${e.type === 'function_call' ? `${e.name} ${sorted(e.result ?? e.error)}` : e.text}`);
const callIdOf = (call: StandInCall) => until('the call row', async () => (await svc.handle.db.selectFrom('calls').select('id').where('provider_call_id', '=', call.sid).executeTakeFirst())?.id);
const endReason = async (id: number) => ((await callRow(id)).talk_state as { end?: { reason?: string } } | null)?.end?.reason;

let numbers = 0;
/** A Twilio number imported by alice, answered by a new inbound assistant with these built-in tools. */
async function line(builtin: (numberId: number) => { type: string; data: Record<string, unknown> }[]): Promise<{ phone: string }> {
  const account = twilio.addAccount();
  const phone = `+1415557${String(1000 + (numbers += 1)).slice(-4)}`;
  twilio.addNumber(account.sid, phone);
  const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: phone, account_sid: account.sid, auth_token: account.token });
  expect(res.status, res.text).toBe(201);
  const numberId = res.body.data.id as number;
  const db = svc.handle.db;
  const row = await insertAssistant(db, alice.id, { type: 'inbound', phone_number_id: numberId, record: true });
  await setUpVoiceAssistant(db, alice.id, row.id, 'http://127.0.0.1:9', { max_silence_duration: 60, builtin_tools: JSON.stringify(builtin(numberId)) });
  return { phone };
}

const KEYS = [
  { type: 'dtmf_input', data: { description: 'Press keys to work a phone menu.' } },
  { type: 'collect_keypad', data: { description: 'Ask for the account number.', stop_key: '#', timeout: 5 } },
];

describe('keys on a Twilio call', () => {
  it('keys the caller presses reach the model as text, show in the transcript, and are answered aloud', async () => {
    const { phone } = await line(() => KEYS);
    const call = await twilio.dial('+14155550171', phone);
    const callId = await callIdOf(call);
    const before = model.requests.length;
    await call.press('42#');
    await until('the answer', async () => (await transcriptOf(callId)).length >= 2);
    const asked = model.requests.slice(before).find((r) => KEYS_NOTE.test(textOf(r.body.messages.at(-1)?.content)));
    expect(textOf(asked?.body.messages.at(-1)?.content)).toContain('42#');
    // The keys' functions were offered to the model.
    expect(asked?.body.tools?.map((t) => t.function.name)).toEqual(expect.arrayContaining(['dtmf_input', 'collect_keypad']));
    expect(call.soundAfter(0)).not.toBeNull();
    await call.hangUp();
    const row = await ended(callId);
    expect(lines(row.transcript as Entry[])).toEqual(['human keys: 42#', 'bot: You pressed 4 2 #.']);
  }, 30_000);

  it('dtmf_input: the assistant\'s keys are tones in the audio the callee hears', async () => {
    const { phone } = await line(() => KEYS);
    const call = await twilio.dial('+14155550172', phone);
    const callId = await callIdOf(call);
    await call.press('1#');
    await until('the keys pressed and the words after them', async () => (await transcriptOf(callId)).length >= 3);
    expect(call.heardKeys()).toBe('123#');
    await call.hangUp();
    const row = await ended(callId);
    expect(lines(row.transcript as Entry[])).toEqual(['human keys: 1#', 'tool: dtmf_input {"pressed":"123#"}', 'bot: I pressed the keys.']);
    // The callee heard keys only from the tool (the rest is speech).
    expect(call.heardKeys()).toBe('123#');
  }, 30_000);

  it('collect_keypad: keys until the stop key are handed to the model', async () => {
    const { phone } = await line(() => KEYS);
    const call = await twilio.dial('+14155550173', phone);
    const callId = await callIdOf(call);
    const before = model.requests.length;
    await call.press('2#');
    await until('collect_keypad asked for', () => model.requests.slice(before).some((r) => r.body.messages.at(-1)?.role === 'user'));
    await new Promise((r) => setTimeout(r, 300));
    await call.press('9081#7');
    await until('the answer', async () => (await transcriptOf(callId)).some((e) => e.sender === 'bot'));
    await call.hangUp();
    const row = await ended(callId);
    expect(lines(row.transcript as Entry[]).slice(0, 3)).toEqual(['human keys: 2#', 'tool: collect_keypad {"digits":"9081","ended_by":"stop_key"}', 'bot: Your account number is 9 0 8 1.']);
  }, 30_000);
});

describe('transfers on a Twilio call', () => {
  it('call_transfer: the message is said, then the live call is updated to <Dial> the number; the call ends `transferred`', async () => {
    const { phone } = await line(() => [
      { type: 'call_transfer', data: { phone_number: '+4930123456', description: 'Transfer to sales.', warm_transfer: true, warm_transfer_message: 'I am putting you through to sales.' } },
    ]);
    const call = await twilio.dial('+14155550174', phone);
    const callId = await callIdOf(call);
    await call.press('3#');
    await until('the update', () => call.updates.length > 0);
    expect(call.dialed).toEqual({ number: '+4930123456', callerId: phone });
    expect(call.updates[0]).toContain('<Dial');
    // The message was heard before the line was handed over, and nothing after.
    const first = call.soundAfter(0);
    expect(first).not.toBeNull();
    await call.closed;
    const row = await ended(callId);
    expect(row.status).toBe('completed');
    expect(await endReason(callId)).toBe('transferred');
    // The message was played whole before the handover (an entry cut short says `interrupted`).
    expect((row.transcript as (Entry & { interrupted?: boolean })[])[1]?.interrupted).toBeUndefined();
    expect(lines(row.transcript as Entry[])).toEqual([
      'human keys: 3#',
      'bot: I am putting you through to sales.',
      'tool: call_transfer {"kind":"cold","to":"+4930123456","transferred":true}',
    ]);
  }, 30_000);

  const warm = (supervisor: string, extra: Record<string, unknown>) => (numberId: number) => [
    {
      type: 'warm_call_transfer',
      data: {
        supervisor_phone: supervisor,
        outbound_phone_id: numberId,
        description: 'Transfer to a supervisor.',
        summary_instructions: SUMMARY_MARK,
        briefing_initial_message: 'A caller from Acme support.',
        connected_message: 'You are now connected with my colleague.',
        ...extra,
      },
    },
  ];

  it('warm_call_transfer, answered: hold music while it rings, the supervisor briefed, both joined in one room; ends `transferred`', async () => {
    twilio.outbound.answers = { '+4930999000': 'completed' };
    twilio.outbound.ringMs = 2_000;
    const { phone } = await line(warm('+4930999000', { hold_music: 'classic', hold_music_volume: 80 }));
    const call = await twilio.dial('+14155550175', phone);
    const callId = await callIdOf(call);
    const pressedAt = call.now();
    await call.press('4#');
    const leg = await until('the supervisor rung', () => twilio.calls.find((c) => c.to === '+4930999000'));
    expect(leg.from).toBe(phone);
    await until('the caller joined', () => call.conference);
    // While it rang the caller heard the hold music (sound, and no keys in it).
    const music = call.soundAfter(pressedAt);
    expect(music).not.toBeNull();
    expect(call.heardKeys()).toBe('');
    expect(leg.says).toEqual([`A caller from Acme support. ${SUMMARY}`]);
    expect(leg.conference).toBe(`transfer-${call.sid}`);
    expect(call.conference).toBe(leg.conference);
    // In that order: the music while it rang, the supervisor answering, then the caller joined.
    expect(leg.answeredAt).not.toBeNull();
    expect(call.startedAt + music!).toBeLessThan(leg.answeredAt!);
    expect(call.updatedAt[0]!).toBeGreaterThan(leg.answeredAt!);
    await call.closed;
    const row = await ended(callId);
    expect(await endReason(callId)).toBe('transferred');
    const transcript = lines(row.transcript as Entry[]);
    expect(transcript[0]).toBe('human keys: 4#');
    expect(transcript).toContain('bot: You are now connected with my colleague.');
    expect(transcript.at(-1)).toBe(`tool: warm_call_transfer {"briefing":"A caller from Acme support. ${SUMMARY}","kind":"warm","to":"+4930999000","transferred":true}`);
  }, 40_000);

  it('warm_call_transfer, not answered: the hold message, then the assistant comes back and says so; the call goes on', async () => {
    twilio.outbound.answers = { '+4930999001': 'no-answer' };
    twilio.outbound.ringMs = 1_500;
    const { phone } = await line(warm('+4930999001', { hold_message: 'Please hold while I reach a colleague.' }));
    const call = await twilio.dial('+14155550176', phone);
    const callId = await callIdOf(call);
    await call.press('4#');
    await until('the assistant back', async () => (await transcriptOf(callId)).some((e) => e.text.startsWith('Sorry'))).catch(async (e: unknown) => {
      throw new Error(`${String(e)}: ${JSON.stringify(lines(await transcriptOf(callId)))}; legs ${JSON.stringify(twilio.calls.filter((c) => c.to === '+4930999001').map((c) => c.status))}`);
    });
    expect(call.updates).toEqual([]);
    await call.hangUp();
    const row = await ended(callId);
    expect(await endReason(callId)).toBe('hang_up');
    expect(lines(row.transcript as Entry[])).toEqual([
      'human keys: 4#',
      'bot: Please hold while I reach a colleague.',
      'tool: warm_call_transfer {"reason":"The supervisor did not answer. Tell the caller, and offer what else you can do.","to":"+4930999001","transferred":false}',
      'bot: Sorry, nobody could take your call right now.',
    ]);
  }, 40_000);

  it("warm_call_transfer from another user's number: refused, nobody is rung, the call goes on", async () => {
    const theirs = await insertPhoneNumber(svc.handle.db, bob.id);
    const { phone } = await line(warm('+4930999002', { outbound_phone_id: theirs.id }));
    const call = await twilio.dial('+14155550177', phone);
    const callId = await callIdOf(call);
    await call.press('4#');
    await until('the assistant back', async () => (await transcriptOf(callId)).some((e) => e.sender === 'bot'));
    await call.hangUp();
    const row = await ended(callId);
    expect(twilio.calls.some((c) => c.to === '+4930999002')).toBe(false);
    expect(twilio.requests.some((r) => r.form.To === '+4930999002')).toBe(false);
    const tool = (row.transcript as Entry[]).find((e) => e.name === 'warm_call_transfer');
    expect(tool?.error).toBe("The transfer's outbound number is not one of this account's numbers: it cannot be made.");
    expect(await endReason(callId)).toBe('hang_up');
  }, 30_000);
});
