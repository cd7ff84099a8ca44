import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../auth/tokens';
import type { DatabaseHandle } from '../../db/connect';
import { createChatModel } from '../../model/openai-compatible';
import { espeakSource, probeEspeak } from '../../speech/espeak';
import { insertAssistant } from '../../test/fixtures';
import { setUpVoiceAssistant } from '../../test/order-tool';
import { openTestPglite } from '../../test/pglite-snapshot';
import { startStandInModel, type SeenRequest, type Scripted, type StandInModel } from '../../test/stand-ins/model';
import { textOf } from '../../test/stand-ins/roles';
import { startStandInStt, type StandInStt } from '../../test/stand-ins/transcription';
import { until } from '../../test/until';
import { RecordingSink, RecordingTransport } from '../../test/voice-call';
import type { VoiceSessionInput } from '../session-types';
import { startVoiceSession } from '../start-session';
import { openAiTranscriber } from '../transcriber';
import { sileroVad } from '../vad';

/*
 * The caller's keys inside one voice session (no socket: a recording transport): keys pressed while the
 * assistant speaks are its next turn once it has finished, not an interruption; collect_keypad ends after its
 * timeout with the keys it has, and no filler is spoken over the wait.
 */

const GREETING = 'Hello and welcome to Acme support. Our menu has changed, so please listen carefully to the options.';
const KEYS_NOTE = /pressed these keys on their phone: ([0-9*#]+)/;
let handle: DatabaseHandle;
let userId: number;
let model: StandInModel;
let stt: StandInStt;

function script(req: SeenRequest): Scripted {
  const last = req.body.messages.at(-1);
  if (last?.role === 'tool') return { text: `You typed ${String((JSON.parse(textOf(last.content)) as { digits?: string }).digits)}.` };
  const keys = KEYS_NOTE.exec(textOf(last?.content))?.[1];
  if (keys === '0#') return { toolCalls: [{ name: 'collect_keypad', arguments: {} }] };
  return { text: keys ? `You pressed ${keys}.` : 'Hello.' };
}

beforeAll(async () => {
  handle = await openTestPglite();
  userId = (await issueToken(handle.db, 'keys@example.com')).userId;
  model = await startStandInModel({ fallback: script });
  stt = await startStandInStt();
}, 30_000);
afterAll(async () => {
  await model.close();
  await stt.close();
  await handle.close();
});

async function call(spec: Record<string, unknown>): Promise<{ input: VoiceSessionInput; transport: RecordingTransport; sink: RecordingSink }> {
  const row = await insertAssistant(handle.db, userId);
  await setUpVoiceAssistant(handle.db, userId, row.id, 'http://127.0.0.1:9', { max_silence_duration: 60, ...spec });
  const espeak = await probeEspeak('espeak-ng');
  if (!espeak) throw new Error('espeak-ng is needed for the voice tests');
  const transport = new RecordingTransport();
  const sink = new RecordingSink();
  const input = await startVoiceSession(
    {
      db: handle.db,
      model: createChatModel({ baseUrl: model.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 }),
      transcriber: openAiTranscriber({ baseUrl: stt.baseUrl, apiKey: 'k', model: 'whisper-1', timeoutMs: 5_000 }),
      speech: espeakSource(espeak, 10_000),
      vad: await sileroVad(),
      allowPrivateUrls: true,
      log: () => undefined,
    },
    { callId: 1, userId, assistantId: row.id, variables: {}, direction: 'web', answeredAt: Date.now() },
    transport,
    sink,
  );
  return { input, transport, sink };
}

const lines = (sink: RecordingSink) => sink.entries.map((e) => `${e.sender}/${e.type}: ${e.type === 'function_call' ? `${e.name ?? ''} ${JSON.stringify(e.result)}` : e.text}`);

describe('keys in a voice session', () => {
  it('keys pressed while the assistant speaks are its next turn once it has finished, and cut nothing', async () => {
    const { input, transport, sink } = await call({ initial_message: GREETING, allow_interruptions: true, builtin_tools: JSON.stringify([{ type: 'dtmf_input', data: { description: 'Press keys.' } }]) });
    await until('the greeting', () => transport.firstSound() !== null, 10_000, 20);
    const before = model.requests.length;
    for (const k of '7#') input.pushDigit?.(k);
    await new Promise((r) => setTimeout(r, 500));
    // Still greeting: the model has not been asked yet, and nothing was cleared.
    expect(model.requests.length).toBe(before);
    await sink.until(() => sink.entries.some((e) => e.text === 'You pressed 7#.'), 20_000, 'the answer');
    expect(transport.clears).toEqual([]);
    expect(lines(sink)).toEqual([`bot/message: ${GREETING}`, 'human/keypress: 7#', 'bot/message: You pressed 7#.']);
    await input.end('caller_ended');
  }, 40_000);

  it('collect_keypad ends after its timeout with the keys it has; no filler is said over the wait', async () => {
    const { input, sink } = await call({ fillers: true, filler_config: JSON.stringify({ neutral: ['One moment please.'], negative: [], positive: [], question: [] }), builtin_tools: JSON.stringify([{ type: 'collect_keypad', data: { timeout: 2 } }]) });
    input.pushDigit?.('0');
    input.pushDigit?.('#');
    await until('collect_keypad asked for', () => model.requests.some((r) => KEYS_NOTE.exec(textOf(r.body.messages.at(-1)?.content))?.[1] === '0#'), 10_000, 20);
    await new Promise((r) => setTimeout(r, 200));
    input.pushDigit?.('1');
    input.pushDigit?.('2');
    await sink.until(() => sink.entries.some((e) => e.text === 'You typed 12.'), 20_000, 'the answer');
    expect(lines(sink)).toEqual(['human/keypress: 0#', 'tool/function_call: collect_keypad {"digits":"12","ended_by":"timeout"}', 'bot/message: You typed 12.']);
    const tool = sink.entries.find((e) => e.name === 'collect_keypad')!;
    expect(tool.duration_ms).toBeGreaterThanOrEqual(1_900);
    await input.end('caller_ended');
  }, 40_000);
});
