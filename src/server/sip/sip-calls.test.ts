import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../speech/select';
import { insertAssistant } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { setUpVoiceAssistant } from '../test/order-tool';
import { freeUdpPort, insertTrunk } from '../test/sip-trunks';
import { answerCallsScenario, callTrunkScenario, listenRtp, refusedCallScenario, runSipp, sippAvailable, spokenWavForSipp } from '../test/stand-ins/sip-carrier';
import { startStandInModel, type SeenRequest, type Scripted } from '../test/stand-ins/model';
import { startStandInStt } from '../test/stand-ins/transcription';
import { until as waitUntil } from '../test/until';
import { espeakSpeech } from '../test/voice-call';
import { SipEndpoint } from './endpoint';
import { startSip, type SipLine } from './line';
import { sipSettings } from './settings';
import { usePipelineService } from '../test/use-pipeline-service';

/*
 * Real SIP, end to end: Kamailio (its generated configuration, run by the service's code) in front of the
 * service's SIP endpoint, SIPp as the carriers (each on its own loopback address, as a carrier has its own host),
 * the REAL voice pipeline (Silero, the transcription stand-in, the model stand-in, eSpeak NG speech). The
 * caller's voice is eSpeak NG as a G.711 WAV played by SIPp (rtp_stream); the service's RTP goes to a port of
 * the test (the SDP of the carrier names it), where its loudness is measured.
 */

const ORDER = 'Where is my order A-1234?';
const GREETING = 'Hello, this is Acme support. How can I help?';
const ANSWER = 'Order A-1234 has shipped.';

const stt = await startStandInStt();
const model = await startStandInModel({
  firstTokenMs: 30,
  fallback: (req: SeenRequest): Scripted => {
    const last = req.body.messages.at(-1);
    if (last?.role === 'user' && typeof last.content === 'string' && /order/i.test(last.content)) return { text: ANSWER };
    return { text: 'Of course.' };
  },
});
const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!speech) throw new Error('espeak-ng is needed for the SIP tests');
if (!sippAvailable) throw new Error('sipp (Debian: sip-tester) and kamailio are needed for the SIP tests (.ci/run installs them)');
stt.register(ORDER, espeakSpeech(ORDER));
const dir = mkdtempSync(join(tmpdir(), 'sip-calls-'));
const orderWav = spokenWavForSipp(ORDER, dir, 'order');

/** rtpengine's media ports: under the ephemeral range (the endpoint's own RTP ports) and SIPp's media ports (20000+). */
const RTPENGINE_PORTS = (() => {
  const min = 10_000 + Math.floor(Math.random() * 90) * 100;
  return { min, max: min + 99 };
})();
const viaRtpengine = (port: number | undefined) => port !== undefined && port >= RTPENGINE_PORTS.min && port <= RTPENGINE_PORTS.max;

let svc: TestService;
let alice: TestUser;
let line: SipLine;
let second: SipEndpoint | null = null;
let kamailioPort = 0;
usePipelineService((s) => ({ svc, alice } = s), { model, stt, speech });
beforeAll(async () => {
  kamailioPort = await freeUdpPort();
  const endpointPort = await freeUdpPort();
  const secondPort = await freeUdpPort();
  // Two service endpoints behind Kamailio (a second process's, here in the same process on its own port).
  const settings = sipSettings(
    {
      SIP_PORT: String(kamailioPort),
      SIP_LISTEN: '127.0.0.1',
      SIP_ENDPOINT_PORT: String(endpointPort),
      SIP_BACKENDS: `127.0.0.1:${endpointPort},127.0.0.1:${secondPort}`,
      PUBLIC_SIP_HOST: 'sip.famulor.test',
      RTPENGINE_NG_PORT: String(await freeUdpPort()),
      RTPENGINE_PORTS: `${RTPENGINE_PORTS.min}-${RTPENGINE_PORTS.max}`,
    },
    svc.server.voice!.publicUrl,
  );
  line = await startSip({ services: svc.server.voice!, settings, dataDir: mkdtempSync(join(tmpdir(), 'sip-data-')), kamailio: true, rtpengine: true });
  second = SipEndpoint.start({ services: svc.server.voice!, host: '127.0.0.1', port: secondPort, proxy: settings.proxy });
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await line?.stop();
});

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 20_000) => waitUntil(what, probe, ms, 50);
const callRows = () => svc.handle.db.selectFrom('calls').selectAll().where('provider', '=', 'sip').orderBy('id').execute();
const ended = (id: number) =>
  until(`call ${id} to end`, async () => {
    await svc.work.runOnce();
    const row = await svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return row.engine_next_at === null && row.status !== 'in-progress' && row.status !== 'initiated' && row.status !== 'ringing' ? row : undefined;
  });

let carriers = 10;
/** Loopback addresses of this run (the PGlite and PostgreSQL projects run this file at the same time). */
const net = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
/** A carrier of its own: the next loopback address (127.a.b.11, .12, …), port 5060 as a carrier's. */
const carrierIp = () => `${net}.${(carriers += 1)}`;
let extensions = 100;

async function inboundTrunk(options: { allowedIps?: string[]; maxDurationS?: number } = {}) {
  const number = `+4930555${String((extensions += 1)).padStart(4, '0')}`;
  const username = `trunk${extensions}`;
  const password = `pw-${extensions}-secret`;
  const db = svc.handle.db;
  const id = await insertTrunk(db, svc.server.voice!.secretKey!, alice.id, { phoneNumber: number, username, password, sipAddress: '127.0.0.99', allowedIps: options.allowedIps ?? null });
  const assistant = await insertAssistant(db, alice.id, { type: 'inbound', phone_number_id: id, record: true });
  await setUpVoiceAssistant(db, alice.id, assistant.id, 'http://127.0.0.1:9', { initial_message: GREETING, ...(options.maxDurationS ? { max_duration: options.maxDurationS } : {}) });
  await line.syncTrunks();
  return { id, number, username, password, assistant };
}

const kamailio = () => `127.0.0.1:${kamailioPort}`;

describe('a carrier calls a trunk through Kamailio', () => {
  it('digest auth, then the assistant answers, hears the caller and is heard; the call is an inbound call like any other', async () => {
    const trunk = await inboundTrunk();
    const ip = carrierIp();
    const rtp = await listenRtp(ip);
    const before = (await callRows()).length;
    const run = runSipp({ scenario: callTrunkScenario({ number: trunk.number, auth: { username: trunk.username, password: trunk.password }, wav: orderWav, talkMs: 9_000, rtpPort: rtp.port }), ip, port: 5060, remote: kamailio(), authUser: trunk.username, authPass: trunk.password });
    const result = await run.done;
    expect(result.code, result.output).toBe(0);
    const rows = await callRows();
    expect(rows.length).toBe(before + 1);
    const row = await ended(rows.at(-1)!.id);
    await rtp.close();
    expect(row).toMatchObject({ type: 'inbound', provider: 'sip', status: 'completed', assistant_phone_number: trunk.number });
    // 20 ms G.711 packets, the greeting and the answer loud in them.
    expect(rtp.packets.length).toBeGreaterThan(200);
    expect(rtp.packets.every((p) => p.bytes === 160 && p.payloadType === 0)).toBe(true);
    expect(rtp.loudSeconds()).toBeGreaterThan(1.5);
    // Straight from the endpoint: rtpengine is only for carriers that need it.
    expect(viaRtpengine(rtp.source()?.port)).toBe(false);
    const transcript = row.transcript as { sender: string; text: string; latency_ms?: number }[];
    const lines = transcript.map((e) => `${e.sender}: ${e.text}`);
    expect(lines).toContain(`human: ${ORDER}`);
    expect(lines).toContain(`bot: ${ANSWER}`);
    // Latency per turn, and the real recording, as on every voice call.
    expect(transcript.find((e) => e.text === ANSWER)?.latency_ms).toBeTypeOf('number');
    expect(row.recording_key).not.toBeNull();
    const served = await fetch(`${svc.api}/recordings/${row.recording_key}.wav`);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(16_000 * 2 * 3);
  }, 60_000);

  it('refuses a wrong password (403) and an unknown number (404): no call', async () => {
    const trunk = await inboundTrunk();
    const before = (await callRows()).length;
    const wrong = runSipp({ scenario: refusedCallScenario({ number: trunk.number, auth: { username: trunk.username, password: 'nope' }, expect: 403 }), ip: carrierIp(), port: 5060, remote: kamailio(), authUser: trunk.username, authPass: 'wrong-password' });
    const unknown = runSipp({ scenario: refusedCallScenario({ number: '+4930999999', expect: 404 }), ip: carrierIp(), port: 5060, remote: kamailio() });
    for (const r of [await wrong.done, await unknown.done]) expect(r.code, r.output).toBe(0);
    expect((await callRows()).length).toBe(before);
  }, 30_000);

  it('an IP trunk refuses an address outside its allow-list (403) and takes one inside it', async () => {
    const inside = carrierIp();
    const trunk = await inboundTrunk({ allowedIps: [inside] });
    const before = (await callRows()).length;
    const refused = runSipp({ scenario: refusedCallScenario({ number: trunk.number, expect: 403 }), ip: carrierIp(), port: 5060, remote: kamailio() });
    const r = await refused.done;
    expect(r.code, r.output).toBe(0);
    expect((await callRows()).length).toBe(before);
    const rtp = await listenRtp(inside);
    // The carrier REFERs the call elsewhere (202: accepted; what is done with it is the transfer tool's).
    const taken = runSipp({ scenario: callTrunkScenario({ number: trunk.number, wav: orderWav, talkMs: 2_000, rtpPort: rtp.port, refer: 'theirs' }), ip: inside, port: 5060, remote: kamailio() });
    const t = await taken.done;
    expect(t.code, t.output).toBe(0);
    await rtp.close();
    expect((await callRows()).length).toBe(before + 1);
  }, 30_000);
});

describe('rtpengine, for carriers whose media cannot go straight', () => {
  it('a carrier behind NAT (its SDP names a private address): the media goes through rtpengine, both ways, to where the carrier is', async () => {
    const trunk = await inboundTrunk();
    const ip = carrierIp();
    const rtp = await listenRtp(ip);
    // A carrier sends and receives on one port (symmetric RTP), which is what lets rtpengine find it behind NAT:
    // here the test's socket, speaking once the greeting has come.
    // The carrier sends a re-INVITE (its SDP again) 2 s into the call: it goes through rtpengine too, so its answer
    // names rtpengine's port (RTPENGINE_PORTS: 5 digits from 1), not the endpoint's own (ephemeral, 32768 and up).
    const reinvite = { reinviteAfterMs: 2_000, reinviteAnswerMatches: 'm=audio 1[0-9]{4} ' };
    const run = runSipp({ scenario: callTrunkScenario({ number: trunk.number, auth: { username: trunk.username, password: trunk.password }, wav: orderWav, talkMs: 11_000, rtpPort: rtp.port, sdpAddress: '10.77.0.1', silent: true, ...reinvite }), ip, port: 5060, remote: kamailio(), authUser: trunk.username, authPass: trunk.password });
    await until('the greeting to reach the carrier', () => rtp.loudSeconds() > 0.5);
    await new Promise((r) => setTimeout(r, 2_500));
    await rtp.say(espeakSpeech(ORDER));
    const said = performance.now();
    const result = await run.done;
    expect(result.code, result.output).toBe(0);
    const row = await ended((await callRows()).at(-1)!.id);
    await rtp.close();
    expect(row).toMatchObject({ provider: 'sip', status: 'completed', assistant_phone_number: trunk.number });
    // The caller was heard (their audio reached the service through rtpengine) and answered aloud, and the
    // answer reached the carrier's real address, not 10.77.0.1, from rtpengine's ports.
    const lines = (row.transcript as { sender: string; text: string }[]).map((e) => `${e.sender}: ${e.text}`);
    expect(lines).toContain(`human: ${ORDER}`);
    expect(lines, lines.join('\n')).toContain(`bot: ${ANSWER}`);
    expect(rtp.loudSeconds()).toBeGreaterThan(1.5);
    expect(viaRtpengine(rtp.source()?.port)).toBe(true);
    // The answer, after the re-INVITE, still reached the carrier.
    expect(rtp.loudAfter(said)).not.toBeNull();
  }, 60_000);

  it('a carrier that offers G.722 alone: the service is offered G.711 by rtpengine, which transcodes; the greeting reaches the carrier as G.722', async () => {
    const trunk = await inboundTrunk();
    const ip = carrierIp();
    const rtp = await listenRtp(ip);
    const run = runSipp({ scenario: callTrunkScenario({ number: trunk.number, auth: { username: trunk.username, password: trunk.password }, wav: orderWav, talkMs: 6_000, rtpPort: rtp.port, codecs: 'g722' }), ip, port: 5060, remote: kamailio(), authUser: trunk.username, authPass: trunk.password });
    const result = await run.done;
    expect(result.code, result.output).toBe(0);
    const row = await ended((await callRows()).at(-1)!.id);
    await rtp.close();
    expect(row).toMatchObject({ provider: 'sip', status: 'completed' });
    expect((row.transcript as { sender: string; text: string }[]).map((e) => `${e.sender}: ${e.text}`)).toContain(`bot: ${GREETING}`);
    // 20 ms G.722 packets (payload type 9) and no G.711 at all.
    expect(rtp.otherPackets.get(9) ?? 0).toBeGreaterThan(100);
    expect(rtp.packets).toHaveLength(0);
    expect(viaRtpengine(rtp.source()?.port)).toBe(true);
  }, 60_000);
});

describe('REFER out', () => {
  it('the service REFERs a call to another number (a cold transfer starts so) and hears the 202', async () => {
    const trunk = await inboundTrunk();
    const ip = carrierIp();
    const rtp = await listenRtp(ip);
    const before = (await callRows()).length;
    const run = runSipp({ scenario: callTrunkScenario({ number: trunk.number, auth: { username: trunk.username, password: trunk.password }, wav: orderWav, talkMs: null, rtpPort: rtp.port, refer: 'ours', referTo: 'sip:+4930999777@carrier.test' }), ip, port: 5060, remote: kamailio(), authUser: trunk.username, authPass: trunk.password, timeoutS: 20 });
    const row = await until('the call', async () => (await callRows()).slice(before).find((r) => r.provider_call_id !== null));
    // The endpoint Kamailio chose holds the dialog.
    const holder = await until('the dialog', () => [line.endpoint, second].find((e) => e?.has(row.provider_call_id!)));
    const status = await holder.refer(row.provider_call_id!, 'sip:+4930999777@carrier.test');
    run.stop();
    const result = await run.done;
    await rtp.close();
    expect(status, result.output).toBe(202);
  }, 40_000);
});

describe('two calls at once, and the BYE from either side', () => {
  it("one caller hangs up, the other call is ended by the assistant (max_duration): the service's BYE reaches the carrier", async () => {
    const callerEnds = await inboundTrunk();
    const assistantEnds = await inboundTrunk({ maxDurationS: 6 });
    const ipA = carrierIp();
    const ipB = carrierIp();
    const [rtpA, rtpB] = [await listenRtp(ipA), await listenRtp(ipB)];
    const before = (await callRows()).length;
    const a = runSipp({ scenario: callTrunkScenario({ number: callerEnds.number, auth: { username: callerEnds.username, password: callerEnds.password }, wav: orderWav, talkMs: 7_000, rtpPort: rtpA.port }), ip: ipA, port: 5060, remote: kamailio(), authUser: callerEnds.username, authPass: callerEnds.password });
    const b = runSipp({ scenario: callTrunkScenario({ number: assistantEnds.number, auth: { username: assistantEnds.username, password: assistantEnds.password }, wav: orderWav, talkMs: null, rtpPort: rtpB.port }), ip: ipB, port: 5060, remote: kamailio(), authUser: assistantEnds.username, authPass: assistantEnds.password });
    const [ra, rb] = [await a.done, await b.done];
    expect(ra.code, ra.output).toBe(0);
    expect(rb.code, rb.output).toBe(0);
    const rows = (await callRows()).slice(before);
    expect(rows.map((r) => r.assistant_phone_number).sort()).toEqual([callerEnds.number, assistantEnds.number].sort());
    const byNumber = Object.fromEntries(await Promise.all(rows.map(async (r) => [r.assistant_phone_number, await ended(r.id)] as const)));
    expect(byNumber[callerEnds.number]).toMatchObject({ status: 'completed' });
    expect(byNumber[assistantEnds.number]!.status).not.toBe('in-progress');
    for (const rtp of [rtpA, rtpB]) {
      await rtp.close();
      expect(rtp.loudSeconds()).toBeGreaterThan(1);
    }
  }, 60_000);
});

describe('Kamailio spreads calls over the service processes', () => {
  it('round robin over both endpoints; one that stops is taken out of the set and the calls go to the other', async () => {
    // The tests before this one were spread over both.
    expect(line.endpoint.seen.INVITE ?? 0).toBeGreaterThan(0);
    expect(second!.seen.INVITE ?? 0).toBeGreaterThan(0);
    await second!.stop();
    second = null;
    // Its OPTIONS probes go unanswered: inactive (flags I…) within a few probe intervals (2 s).
    await until('the stopped endpoint marked inactive', async () => /FLAGS: I/.test(await line.kamailio!.dispatcherState()), 30_000);
    const trunk = await inboundTrunk();
    const before = line.endpoint.seen.INVITE ?? 0;
    const ip = carrierIp();
    const rtp = await listenRtp(ip);
    const run = runSipp({ scenario: callTrunkScenario({ number: trunk.number, auth: { username: trunk.username, password: trunk.password }, wav: orderWav, talkMs: 500, rtpPort: rtp.port }), ip, port: 5060, remote: kamailio(), calls: 2, rate: 2, authUser: trunk.username, authPass: trunk.password });
    const result = await run.done;
    await rtp.close();
    expect(result.code, result.output).toBe(0);
    expect((line.endpoint.seen.INVITE ?? 0) - before).toBe(2);
  }, 60_000);
});

describe('make_call from an assistant on a trunk', () => {
  let outbound = 0;
  async function outboundTrunk(carrier: string) {
    const db = svc.handle.db;
    const n = (outbound += 1);
    const id = await insertTrunk(db, svc.server.voice!.secretKey!, alice.id, { phoneNumber: `+4930777${String(n).padStart(4, '0')}`, username: `out${n}`, password: `out-pw-${n}`, sipAddress: carrier, callingFormat: 'national', countryCode: 'DE' });
    const assistant = await insertAssistant(db, alice.id, { type: 'outbound', phone_number_id: id });
    await setUpVoiceAssistant(db, alice.id, assistant.id, 'http://127.0.0.1:9', { initial_message: GREETING, ringing_time: 3 });
    await line.syncTrunks();
    return { id, assistant, username: `out${n}`, password: `out-pw-${n}` };
  }

  it("rings the callee through the carrier's digest challenge, talks, and ends completed on the callee's BYE", async () => {
    const carrier = carrierIp();
    const trunk = await outboundTrunk(carrier);
    const rtp = await listenRtp(carrier);
    const callee = runSipp({ scenario: answerCallsScenario({ mode: 'answer', auth: { username: trunk.username, password: trunk.password }, rtpPort: rtp.port, talkMs: 4_000 }), ip: carrier, port: 5060, remote: null });
    await new Promise((r) => setTimeout(r, 300));
    const res = await alice.req('POST', '/user/make_call', { assistant_id: trunk.assistant.id, phone_number: '+49 30 1234567' });
    expect(res.status, res.text).toBe(200);
    const result = await callee.done;
    expect(result.code, result.output).toBe(0);
    const row = await ended(res.body.call_id as number);
    await rtp.close();
    expect(row).toMatchObject({ type: 'outbound', provider: 'sip', status: 'completed' });
    expect(rtp.loudSeconds()).toBeGreaterThan(1);
  }, 40_000);

  it('486 is busy; ringing past ringing_time is CANCELled and no-answer', async () => {
    const busyIp = carrierIp();
    const quietIp = carrierIp();
    const busyTrunk = await outboundTrunk(busyIp);
    const quietTrunk = await outboundTrunk(quietIp);
    const busy = runSipp({ scenario: answerCallsScenario({ mode: 'busy', rtpPort: 4000 }), ip: busyIp, port: 5060, remote: null, timeoutS: 15 });
    const quiet = runSipp({ scenario: answerCallsScenario({ mode: 'no-answer', rtpPort: 4000 }), ip: quietIp, port: 5060, remote: null, timeoutS: 15 });
    await new Promise((r) => setTimeout(r, 300));
    const a = await alice.req('POST', '/user/make_call', { assistant_id: busyTrunk.assistant.id, phone_number: '+4930222333' });
    const b = await alice.req('POST', '/user/make_call', { assistant_id: quietTrunk.assistant.id, phone_number: '+4930222444' });
    const busyRun = await busy.done;
    expect(busyRun.code, busyRun.output).toBe(0);
    const quietRun = await quiet.done;
    expect(quietRun.code, quietRun.output).toBe(0);
    expect(await ended(a.body.call_id as number)).toMatchObject({ status: 'busy' });
    expect(await ended(b.body.call_id as number)).toMatchObject({ status: 'no-answer' });
  }, 40_000);
});
