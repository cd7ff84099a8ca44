import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../speech/select';
import { insertAssistant } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { setUpVoiceAssistant } from '../test/order-tool';
import { freeUdpPort, insertTrunk } from '../test/sip-trunks';
import { answerCallsScenario, callTrunkScenario, listenRtp, runSipp, sippAvailable, type RtpListener } from '../test/stand-ins/sip-carrier';
import { startStandInModel, type SeenRequest, type Scripted } from '../test/stand-ins/model';
import { textOf } from '../test/stand-ins/roles';
import { startStandInStt } from '../test/stand-ins/transcription';
import { until as waitUntil } from '../test/until';
import { startSip, type SipLine } from './line';
import { speakWith } from './phone-line';
import { sipSettings } from './settings';
import { usePipelineService } from '../test/use-pipeline-service';

/*
 * The telephone built-in tools on SIP calls (issue 40), end to end: SIPp as the carrier through the service's
 * Kamailio, the real pipeline (Silero, the transcription and model stand-ins, eSpeak NG). The caller's keys are
 * RFC 4733 events sent from the carrier's RTP port (RtpListener.press); the assistant's keys are read back as
 * events there; transfers are REFERs the carrier's SIPp checks (Refer-To), and a warm transfer's supervisor is a
 * second SIPp answering (or busy) at the trunk's address, where the briefing is heard in its RTP.
 */

const KEYS_NOTE = /pressed these keys on their phone: ([0-9*#A-D]+)/;
const SUMMARY_MARK = 'Brief the supervisor in one sentence.';
const SUMMARY = 'Bob wants a refund for order seven.';

/** The assistant: keys 1# press keys, 3# transfer cold, 4# transfer warm; other keys are repeated. */
function assistant(req: SeenRequest): Scripted {
  const system = req.body.messages.find((m) => m.role === 'system');
  if (system && textOf(system.content).includes(SUMMARY_MARK)) return { text: SUMMARY };
  const last = req.body.messages.at(-1);
  const content = textOf(last?.content);
  if (last?.role === 'tool') {
    let result: Record<string, unknown>;
    try {
      result = JSON.parse(content) as Record<string, unknown>;
    } catch {
      return { text: 'That did not work.' };
    }
    if (typeof result.pressed === 'string') return { text: 'I pressed the keys.' };
    if (result.transferred === false) return { text: 'Sorry, nobody could take your call right now.' };
    return { text: 'Goodbye.' };
  }
  const keys = KEYS_NOTE.exec(content)?.[1];
  if (keys === '1#') return { toolCalls: [{ name: 'dtmf_input', arguments: { keys: '1 2 3 #' } }] };
  if (keys === '3#') return { toolCalls: [{ name: 'call_transfer', arguments: {} }] };
  if (keys === '4#') return { toolCalls: [{ name: 'warm_call_transfer', arguments: {} }] };
  if (keys) return { text: `You pressed ${[...keys].join(' ')}.` };
  return { text: 'How can I help?' };
}

const stt = await startStandInStt();
const model = await startStandInModel({ firstTokenMs: 30, fallback: assistant });
const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!speech) throw new Error('espeak-ng is needed for the SIP tests');
if (!sippAvailable) throw new Error('sipp (Debian: sip-tester) and kamailio are needed for the SIP tests (.ci/run installs them)');
const dir = mkdtempSync(join(tmpdir(), 'sip-tools-'));
/** The caller says nothing (keys only): three seconds of μ-law silence for SIPp's rtp_stream. */
const silentWav = join(dir, 'silence.wav');
if (spawnSync('sox', ['-n', '-r', '8000', '-c', '1', '-e', 'u-law', silentWav, 'trim', '0', '3']).status !== 0) throw new Error('sox could not write silence');

let svc: TestService;
let alice: TestUser;
let line: SipLine;
let kamailioPort = 0;
usePipelineService((s) => ({ svc, alice } = s), { model, stt, speech });
beforeAll(async () => {
  kamailioPort = await freeUdpPort();
  const endpointPort = await freeUdpPort();
  const settings = sipSettings({ SIP_PORT: String(kamailioPort), SIP_LISTEN: '127.0.0.1', SIP_ENDPOINT_PORT: String(endpointPort), SIP_BACKENDS: `127.0.0.1:${endpointPort}`, PUBLIC_SIP_HOST: 'sip.famulor.test' }, svc.server.voice!.publicUrl);
  line = await startSip({ services: svc.server.voice!, settings, dataDir: mkdtempSync(join(tmpdir(), 'sip-data-')), kamailio: true, rtpengine: false, speak: speakWith(speech) });
}, 60_000);
afterAll(async () => {
  await line?.stop();
});

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 20_000) => waitUntil(what, probe, ms, 50);
const kamailio = () => `127.0.0.1:${kamailioPort}`;

interface Entry {
  sender: string;
  type?: string;
  text: string;
  name?: string;
  result?: unknown;
  error?: string | null;
}
const callRow = (id: number) => svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const transcriptOf = async (id: number) => ((await callRow(id)).transcript ?? []) as Entry[];
const sorted = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));
const lines = (entries: Entry[]) => entries.map((e) => `${e.sender}${e.type === 'keypress' ? ' keys' : ''}: ${e.type === 'function_call' ? `${e.name} ${sorted(e.result ?? e.error)}` : e.text}`);
const ended = (id: number) =>
  until(`call ${id} to end`, async () => {
    await svc.work.runOnce();
    const row = await callRow(id);
    return row.engine_next_at === null && row.status !== 'in-progress' ? row : undefined;
  });
const endReason = async (id: number) => ((await callRow(id)).talk_state as { end?: { reason?: string } } | null)?.end?.reason;

let carriers = 10;
/** Loopback addresses of this run (the PGlite and PostgreSQL projects run this file at the same time). */
const net = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const carrierIp = () => `${net}.${(carriers += 1)}`;
let extensions = 200;

/** A trunk (its carrier at `carrier`) answered by an assistant with these built-in tools. */
async function trunkWithTools(carrier: string, builtin: (numberId: number) => { type: string; data: Record<string, unknown> }[]) {
  const n = (extensions += 1);
  const number = `+4930556${String(n).padStart(4, '0')}`;
  const auth = { username: `tools${n}`, password: `pw-${n}-tools` };
  const db = svc.handle.db;
  const id = await insertTrunk(db, svc.server.voice!.secretKey!, alice.id, { phoneNumber: number, ...auth, sipAddress: carrier, callingFormat: 'national', countryCode: 'DE' });
  const row = await insertAssistant(db, alice.id, { type: 'inbound', phone_number_id: id, record: true });
  await setUpVoiceAssistant(db, alice.id, row.id, 'http://127.0.0.1:9', { max_silence_duration: 60, builtin_tools: JSON.stringify(builtin(id)) });
  await line.syncTrunks();
  return { id, number, auth };
}

/** The carrier calls the trunk (keys only); the call's row once it is up, and where its RTP comes from. */
async function callIn(trunk: Awaited<ReturnType<typeof trunkWithTools>>, ip: string, scenario: Partial<Parameters<typeof callTrunkScenario>[0]>) {
  const rtp = await listenRtp(ip);
  const before = await svc.handle.db.selectFrom('calls').select('id').orderBy('id', 'desc').executeTakeFirst();
  const run = runSipp({ scenario: callTrunkScenario({ number: trunk.number, auth: trunk.auth, wav: silentWav, talkMs: null, rtpPort: rtp.port, ...scenario }), ip, port: 5060, remote: kamailio(), authUser: trunk.auth.username, authPass: trunk.auth.password, timeoutS: 50 });
  const callId = await until('the call row', async () => (await svc.handle.db.selectFrom('calls').select('id').where('id', '>', before?.id ?? 0).where('provider', '=', 'sip').executeTakeFirst())?.id);
  // The greeting is not set: the service's RTP (silence) shows where to send keys.
  await until('RTP from the service', () => rtp.packets.length > 5);
  return { rtp, run, callId };
}

const KEYS = [{ type: 'dtmf_input', data: { description: 'Press keys to work a phone menu.' } }];

describe('keys on a SIP call (RFC 4733)', () => {
  it('keys the caller presses reach the model, show in the transcript, and are answered aloud', async () => {
    const ip = carrierIp();
    const trunk = await trunkWithTools('127.0.0.99', () => KEYS);
    const { rtp, run, callId } = await callIn(trunk, ip, { talkMs: 9_000 });
    const before = model.requests.length;
    const pressedAt = performance.now();
    await rtp.press('42#');
    await until('the answer', async () => (await transcriptOf(callId)).length >= 2);
    const asked = model.requests.slice(before).find((r) => KEYS_NOTE.test(textOf(r.body.messages.at(-1)?.content)));
    expect(textOf(asked?.body.messages.at(-1)?.content)).toContain('42#');
    const result = await run.done;
    expect(result.code, result.output).toBe(0);
    const row = await ended(callId);
    await rtp.close();
    // Each key once (its end packet came three times), and the answer heard after them.
    expect(lines(row.transcript as Entry[])).toEqual(['human keys: 42#', 'bot: You pressed 4 2 #.']);
    expect(rtp.loudAfter(pressedAt)).not.toBeNull();
  }, 60_000);

  it('dtmf_input: the assistant\'s keys go out as RFC 4733 events the carrier receives, not as tones', async () => {
    const ip = carrierIp();
    const trunk = await trunkWithTools('127.0.0.99', () => KEYS);
    const { rtp, run, callId } = await callIn(trunk, ip, { talkMs: 9_000 });
    await rtp.press('1#');
    await until('the keys pressed and the words after them', async () => (await transcriptOf(callId)).length >= 3);
    const result = await run.done;
    expect(result.code, result.output).toBe(0);
    const row = await ended(callId);
    await rtp.close();
    expect(lines(row.transcript as Entry[])).toEqual(['human keys: 1#', 'tool: dtmf_input {"pressed":"123#"}', 'bot: I pressed the keys.']);
    expect(rtp.keys()).toBe('123#');
    // 5 event packets and 3 end packets a key.
    expect(rtp.eventPackets).toBe(4 * 8);
  }, 60_000);
});

describe('transfers on a SIP call', () => {
  it('call_transfer: REFER to the number as the trunk formats it, at its address; accepted, the call ends `transferred`', async () => {
    const ip = carrierIp();
    const trunk = await trunkWithTools('127.0.0.99', () => [{ type: 'call_transfer', data: { phone_number: '+4930123456', description: 'Transfer to sales.' } }]);
    // national, DE: 030123456; SIPp checks the Refer-To and answers 202, then waits for our BYE.
    const { rtp, run, callId } = await callIn(trunk, ip, { refer: 'ours', referTo: 'sip:030123456@127.0.0.99' });
    await rtp.press('3#');
    const result = await run.done;
    expect(result.code, result.output).toBe(0);
    await ended(callId);
    await rtp.close();
    expect(await endReason(callId)).toBe('transferred');
    expect(lines(await transcriptOf(callId))).toEqual(['human keys: 3#', 'tool: call_transfer {"kind":"cold","to":"+4930123456","transferred":true}']);
  }, 60_000);

  it('call_transfer refused by the carrier (603): the tool fails, the assistant says so, the call goes on', async () => {
    const ip = carrierIp();
    const trunk = await trunkWithTools('127.0.0.99', () => [{ type: 'call_transfer', data: { phone_number: '+4930123457', description: 'Transfer to sales.' } }]);
    const { rtp, run, callId } = await callIn(trunk, ip, { refer: 'ours', referTo: 'sip:030123457@127.0.0.99', referAnswer: '603 Declined', talkMs: 6_000 });
    await rtp.press('3#');
    const result = await run.done;
    expect(result.code, result.output).toBe(0);
    await ended(callId);
    await rtp.close();
    expect(await endReason(callId)).toBe('hang_up');
    const transcript = await transcriptOf(callId);
    expect(transcript.find((e) => e.name === 'call_transfer')?.error).toBe('The transfer failed: the carrier refused the transfer (SIP 603)');
    expect(lines(transcript).at(-1)).toBe('bot: That did not work.');
  }, 60_000);

  const warm = (supervisor: string) => (numberId: number) => [
    {
      type: 'warm_call_transfer',
      data: {
        supervisor_phone: supervisor,
        outbound_phone_id: numberId,
        description: 'Transfer to a supervisor.',
        summary_instructions: SUMMARY_MARK,
        briefing_initial_message: 'A caller from Acme support.',
        connected_message: 'You are now connected with my colleague.',
        hold_message: 'Please hold.',
      },
    },
  ];

  it('warm_call_transfer, answered: a second INVITE through the trunk, the briefing heard on it, the caller REFERred with Replaces', async () => {
    const ip = carrierIp();
    const supervisorIp = carrierIp();
    const trunk = await trunkWithTools(supervisorIp, warm('+4930999000'));
    const heard: RtpListener = await listenRtp(supervisorIp);
    // The supervisor's phone: digest challenge with the trunk's credentials, answers, hangs up 20 s later (as
    // the carrier's INVITE with Replaces would have it).
    const supervisor = runSipp({ scenario: answerCallsScenario({ mode: 'answer', auth: trunk.auth, rtpPort: heard.port, talkMs: 20_000 }), ip: supervisorIp, port: 5060, remote: null, timeoutS: 50 });
    await new Promise((r) => setTimeout(r, 300));
    const { rtp, run, callId } = await callIn(trunk, ip, { refer: 'ours', referToRegex: 'sip:030999000@' + supervisorIp.replace(/\./g, '\\.') + '\\?Replaces=[^;&gt;]+%3Bto-tag%3D[^&gt;]+%3Bfrom-tag%3D[0-9a-f]+' });
    await rtp.press('4#');
    const result = await run.done;
    expect(result.code, result.output).toBe(0);
    const sup = await supervisor.done;
    expect(sup.code, sup.output).toBe(0);
    await ended(callId);
    await rtp.close();
    await heard.close();
    expect(await endReason(callId)).toBe('transferred');
    // The briefing (eSpeak NG, a few seconds) reached the supervisor's RTP.
    expect(heard.loudSeconds()).toBeGreaterThan(1.5);
    const transcript = lines(await transcriptOf(callId));
    expect(transcript[0]).toBe('human keys: 4#');
    expect(transcript).toContain('bot: You are now connected with my colleague.');
    expect(transcript.at(-1)).toBe(`tool: warm_call_transfer {"briefing":"A caller from Acme support. ${SUMMARY}","kind":"warm","to":"+4930999000","transferred":true}`);
  }, 90_000);

  it('warm_call_transfer, busy: `answered` is false, the assistant comes back and says so; the call goes on', async () => {
    const ip = carrierIp();
    const supervisorIp = carrierIp();
    const trunk = await trunkWithTools(supervisorIp, warm('+4930999001'));
    const supervisor = runSipp({ scenario: answerCallsScenario({ mode: 'busy', rtpPort: 4000 }), ip: supervisorIp, port: 5060, remote: null, timeoutS: 30 });
    await new Promise((r) => setTimeout(r, 300));
    const { rtp, run, callId } = await callIn(trunk, ip, { talkMs: 14_000 });
    await rtp.press('4#');
    const sup = await supervisor.done;
    expect(sup.code, sup.output).toBe(0);
    const result = await run.done;
    expect(result.code, result.output).toBe(0);
    await ended(callId);
    await rtp.close();
    expect(await endReason(callId)).toBe('hang_up');
    expect(lines(await transcriptOf(callId))).toEqual([
      'human keys: 4#',
      'bot: Please hold.',
      'tool: warm_call_transfer {"reason":"The supervisor did not answer. Tell the caller, and offer what else you can do.","to":"+4930999001","transferred":false}',
      'bot: Sorry, nobody could take your call right now.',
    ]);
  }, 90_000);
});
