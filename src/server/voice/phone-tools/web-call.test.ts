import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../../speech/select';
import { insertAssistant } from '../../test/fixtures';
import type { TestService, TestUser } from '../../test/harness';
import { setUpVoiceAssistant } from '../../test/order-tool';
import { hearKeys } from '../../test/stand-ins/dtmf-hearing';
import { startStandInModel, type SeenRequest, type Scripted } from '../../test/stand-ins/model';
import { textOf } from '../../test/stand-ins/roles';
import { startStandInStt } from '../../test/stand-ins/transcription';
import { until as waitUntil } from '../../test/until';
import { PIPELINE_RATE } from '../session-types';
import { NO_PHONE_LINE } from './functions';
import { usePipelineService } from '../../test/use-pipeline-service';

/*
 * The telephone tools on the browser's web call, through the real socket and pipeline: the panel's keypad
 * (`{type: 'dtmf', digit}` messages) reaches the model as the caller's keys; dtmf_input's tones are in the PCM
 * the browser is sent (heard back by the Goertzel algorithm); a transfer is refused (no phone line) with a
 * tool result the assistant can say, and the call goes on.
 */

const KEYS_NOTE = /pressed these keys on their phone: ([0-9*#A-D]+)/;
function assistant(req: SeenRequest): Scripted {
  const last = req.body.messages.at(-1);
  const content = textOf(last?.content);
  if (last?.role === 'tool') return { text: content.includes('no phone line') ? 'I cannot transfer a web call, sorry.' : 'Done.' };
  const keys = KEYS_NOTE.exec(content)?.[1];
  if (keys === '1#') return { toolCalls: [{ name: 'dtmf_input', arguments: { keys: '58' } }] };
  if (keys === '3#') return { toolCalls: [{ name: 'call_transfer', arguments: {} }] };
  if (keys) return { text: `You pressed ${[...keys].join(' ')}.` };
  return { text: 'How can I help?' };
}
const model = await startStandInModel({ fallback: assistant });
const stt = await startStandInStt();
const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!speech) throw new Error('espeak-ng is needed for the voice tests');

let svc: TestService;
let alice: TestUser;
usePipelineService((s) => ({ svc, alice } = s), { model, stt, speech });

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false) => waitUntil(what, probe, 20_000, 25);
interface Entry {
  sender: string;
  type?: string;
  text: string;
  name?: string;
  error?: string | null;
}

/** A web call to a new assistant with the keys and a transfer: its socket, what it was sent, and its call id. */
async function webCall() {
  const row = await insertAssistant(svc.handle.db, alice.id, { record: true });
  const tools = [
    { type: 'dtmf_input', data: { description: 'Press keys.' } },
    { type: 'call_transfer', data: { phone_number: '+4930123456', description: 'Transfer to sales.' } },
  ];
  await setUpVoiceAssistant(svc.handle.db, alice.id, row.id, 'http://127.0.0.1:9', { max_silence_duration: 60, builtin_tools: JSON.stringify(tools) });
  const res = await alice.req('POST', '/voice/web-calls', { assistant_id: row.id });
  expect(res.status, res.text).toBe(201);
  const ws = new WebSocket(`${svc.server.url.replace('http', 'ws').replace('localhost', '127.0.0.1')}${res.body.socket_path as string}?ticket=${res.body.ticket as string}`);
  const messages: Record<string, unknown>[] = [];
  const audio: Buffer[] = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) audio.push(data as Buffer);
    else messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
  });
  // The browser's microphone: silence, 20 ms at a time, while the call lasts.
  const mic = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(Buffer.alloc((PIPELINE_RATE / 50) * 2)), 20);
  const ready = await until('ready', () => messages.find((m) => m.type === 'ready'));
  const press = (keys: string) => {
    for (const digit of keys) ws.send(JSON.stringify({ type: 'dtmf', digit }));
  };
  const heard = () => {
    const pcm = Buffer.concat(audio);
    const floats = new Float32Array(pcm.length / 2);
    for (let i = 0; i < floats.length; i++) floats[i] = pcm.readInt16LE(i * 2) / 32768;
    return hearKeys(floats, PIPELINE_RATE);
  };
  const end = async () => {
    clearInterval(mic);
    ws.send(JSON.stringify({ type: 'end' }));
    await until('the call to end', async () => {
      const call = await svc.handle.db.selectFrom('calls').select(['status', 'transcript']).where('id', '=', ready.call_id as number).executeTakeFirst();
      return call && call.status !== 'in-progress' ? call : undefined;
    });
    ws.close();
  };
  return { callId: ready.call_id as number, messages, press, heard, end };
}
const transcriptOf = async (id: number) => ((await svc.handle.db.selectFrom('calls').select('transcript').where('id', '=', id).executeTakeFirstOrThrow()).transcript ?? []) as Entry[];

describe('the telephone tools on a web call', () => {
  it('the keypad\'s keys reach the model, and dtmf_input\'s tones are in the audio the browser is sent', async () => {
    const call = await webCall();
    call.press('7#');
    await until('the answer', async () => (await transcriptOf(call.callId)).some((e) => e.text === 'You pressed 7 #.'));
    call.press('1');
    call.press('#');
    await until('the keys pressed', async () => (await transcriptOf(call.callId)).some((e) => e.text === 'Done.'));
    expect(call.heard()).toBe('58');
    // A key that is not one is refused by the contract and changes nothing.
    call.press('x');
    await call.end();
    const transcript = await transcriptOf(call.callId);
    expect(transcript.map((e) => `${e.sender}/${e.type}: ${e.type === 'function_call' ? e.name : e.text}`)).toEqual([
      'human/keypress: 7#',
      'bot/message: You pressed 7 #.',
      'human/keypress: 1#',
      'tool/function_call: dtmf_input',
      'bot/message: Done.',
    ]);
    expect(call.messages.filter((m) => m.type === 'tool').map((m) => m.name)).toEqual(['dtmf_input']);
  }, 40_000);

  it('a transfer is refused (no phone line) with a result the assistant says, and the call goes on', async () => {
    const call = await webCall();
    call.press('3#');
    await until('the answer', async () => (await transcriptOf(call.callId)).some((e) => e.sender === 'bot'));
    const transcript = await transcriptOf(call.callId);
    expect(transcript.find((e) => e.name === 'call_transfer')?.error).toBe(NO_PHONE_LINE);
    expect(transcript.at(-1)?.text).toBe('I cannot transfer a web call, sorry.');
    expect(call.messages.some((m) => m.type === 'ended')).toBe(false);
    await call.end();
    expect(call.messages.find((m) => m.type === 'ended')?.reason).toBe('caller_ended');
  }, 40_000);
});
