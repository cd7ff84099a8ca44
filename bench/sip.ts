import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { StartVoiceSession } from '../src/server/live-calls/services';
import { createChatModel } from '../src/server/model/openai-compatible';
import { startSip } from '../src/server/sip/line';
import { sipSettings } from '../src/server/sip/settings';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../src/server/speech/select';
import { insertAssistant } from '../src/server/test/fixtures';
import { startTestService } from '../src/server/test/harness';
import { setUpVoiceAssistant } from '../src/server/test/order-tool';
import { freeUdpPort, insertTrunk } from '../src/server/test/sip-trunks';
import { callTrunkScenario, listenRtp, runSipp } from '../src/server/test/stand-ins/sip-carrier';
import { startStandInModel } from '../src/server/test/stand-ins/model';
import { startStandInStt } from '../src/server/test/stand-ins/transcription';
import { espeakSpeech } from '../src/server/test/voice-call';
import { voicePipeline } from '../src/server/voice/pipeline';
import { sileroVad } from '../src/server/voice/vad';
import { percentile, runBench, startBench } from './lib/report';

/*
 * `npm run bench:sip` (not a test): concurrent SIP calls through Kamailio into the real pipeline of an
 * in-process service (Silero, the transcription stand-in with 150 ms, the model stand-in with its first token
 * at 200 ms, eSpeak NG speech), the callers SIPp on a carrier's own loopback address with digest auth. Each
 * caller (one WAV, SIPp's rtp_stream): a second of silence, "Where is my order A-1234?", a pause, then
 * "No, wait, I have a question." over the assistant's long answer (a barge-in).
 *
 *   npm run bench:sip
 *   npm run bench:sip -- --calls 20 --stt-ms 150 --first-token-ms 200
 *   npm run bench:sip -- --media nat     (or g722: the calls' media through rtpengine, and what that costs)
 *
 * Figures: set-up time (the authenticated INVITE → its 200, SIPp's response time; aim p95 < 500 ms); voice to
 * voice at the carrier (the caller's speech ends → the first loud RTP packet of that call's SSRC; aim p50
 * 800 ms as bench:voice) and the service's latency_ms; barge-in (the second phrase's onset → that call's RTP
 * quiet; aim p95 < 250 ms as bench:voice); CPU per call-minute of the service process (the stand-ins run in
 * it too) and of Kamailio (all its processes, from /proc). Writes test-results/sip.json.
 *
 * With --media nat or g722 every call's media goes through rtpengine (sip/rtpengine.ts), and its CPU per
 * call-minute is the figure. Voice to voice and barge-in are then not measured: rtpengine sends to where SIPp's
 * rtp_stream comes from (symmetric RTP), not to the test's listener (nat), and SIPp cannot speak G.722 (g722:
 * the caller is silent; the service's stream, greeting and silence, is transcoded all call long). The nat run
 * counts the calls whose caller was heard through rtpengine (their words in the transcript); the g722 run the
 * G.722 packets that reached the carrier. Writes test-results/sip-nat.json or sip-g722.json.
 */

const { values: opts } = parseArgs({
  options: {
    calls: { type: 'string', default: '20' },
    'stt-ms': { type: 'string', default: '150' },
    'first-token-ms': { type: 'string', default: '200' },
    media: { type: 'string', default: 'direct' },
  },
});
const CALLS = Number(opts.calls);
/** direct: RTP straight between carrier and service; nat: each carrier's SDP names 10.77.0.1 (anchored at rtpengine); g722: each offers G.722 alone (rtpengine transcodes). */
const MEDIA = opts.media as 'direct' | 'nat' | 'g722';
if (!['direct', 'nat', 'g722'].includes(MEDIA)) throw new Error(`--media is direct, nat or g722, not ${String(opts.media)}`);
const ORDER = 'Where is my order A-1234?';
const STOP = 'No, wait, I have a question.';
const LONG_ANSWER =
  'Order A-1234 has shipped. It left our warehouse in Leipzig on Monday morning and is travelling with the parcel service, which says it arrives on Friday between nine and twelve.';
const LEAD_S = 1;
/** The barge-in starts this long after the caller's first phrase ends (inside the long answer). */
const BARGE_AFTER_S = 3.2;

/** Seconds from a WAV's start to the end of its voiced part (20 ms frames over −40 dBFS). */
function voicedEndS(samples: Float32Array, rate: number): number {
  const frame = rate / 50;
  let last = 0;
  for (let f = 0; (f + 1) * frame <= samples.length; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) sum += samples[i]! * samples[i]!;
    if (Math.sqrt(sum / frame) > 0.01) last = (f + 1) / 50;
  }
  return last;
}

/** utime + stime (clock ticks → ms) of a process and its children (Kamailio forks its workers). */
function treeCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === root || Number(fields[1]) === root) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / 100;
}

runBench(async () => {
  const bench = startBench(MEDIA === 'direct' ? 'sip' : `sip-${MEDIA}`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-sip-'));
  const stt = await startStandInStt();
  stt.delayMs = Number(opts['stt-ms']);
  const model = await startStandInModel({
    firstTokenMs: Number(opts['first-token-ms']),
    fallback: (req) => {
      const last = req.body.messages.at(-1);
      const text = typeof last?.content === 'string' ? last.content : '';
      return { text: /order/i.test(text) ? LONG_ANSWER : 'Of course, go ahead.' };
    },
  });
  const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
  if (!speech) throw new Error('bench:sip needs espeak-ng');
  const order = espeakSpeech(ORDER);
  const stop = espeakSpeech(STOP);
  stt.register(ORDER, order);
  stt.register(STOP, stop);
  // The caller's WAV: lead, ORDER, silence up to the barge-in, STOP, a tail.
  const orderEnd = LEAD_S + voicedEndS(order, 16_000);
  const bargeAt = orderEnd + BARGE_AFTER_S;
  const parts = [join(dir, 'order.wav'), join(dir, 'stop.wav')];
  for (const [i, text] of [ORDER, STOP].entries()) spawnSync('espeak-ng', ['-v', 'en-us+m3', '-w', parts[i]!, text]);
  const orderLen = Number(spawnSync('soxi', ['-D', parts[0]!]).stdout.toString());
  const wav = join(dir, 'caller.wav');
  const sox = spawnSync('sox', [parts[0]!, '-p', 'pad', String(LEAD_S), String(bargeAt - LEAD_S - orderLen)], { maxBuffer: 64 << 20 });
  const sox2 = spawnSync('sox', ['-t', 'sox', '-', parts[1]!, '-r', '8000', '-c', '1', '-e', 'u-law', wav, 'pad', '0', '4'], { input: sox.stdout, maxBuffer: 64 << 20 });
  if (sox2.status !== 0) throw new Error(`sox: ${sox2.stderr.toString()}`);
  const stopOnsetS = bargeAt + (() => {
    for (let i = 0; i < stop.length; i += 320) if (Math.abs(stop[i]!) > 0.01) return i / 16_000;
    return 0;
  })();

  await sileroVad();
  let pipeline: StartVoiceSession | null = null;
  const svc = await startTestService({ llm: { baseUrl: model.baseUrl }, voice: { startSession: (call, transport, sink) => pipeline!(call, transport, sink) } });
  pipeline = voicePipeline({
    db: svc.handle.db,
    model: createChatModel({ baseUrl: model.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 }),
    stt: { baseUrl: stt.baseUrl, apiKey: undefined, model: 'whisper-1', timeoutMs: 5_000 },
    speech,
    allowPrivateUrls: true,
  });
  const user = await svc.user();
  const kamailioPort = await freeUdpPort();
  const settings = sipSettings(
    { SIP_PORT: String(kamailioPort), SIP_LISTEN: '127.0.0.1', SIP_ENDPOINT_PORT: String(await freeUdpPort()), PUBLIC_SIP_HOST: 'sip.bench.test', RTPENGINE_NG_PORT: String(await freeUdpPort()), RTPENGINE_PORTS: '11000-11999' },
    svc.server.voice!.publicUrl,
  );
  const line = await startSip({ services: svc.server.voice!, settings, dataDir: join(dir, 'data'), kamailio: true, rtpengine: MEDIA !== 'direct', log: () => undefined });
  if (MEDIA !== 'direct' && !line.rtpengine) throw new Error('--media nat and g722 need rtpengine (Debian: rtpengine-daemon)');
  const trunk = { phoneNumber: '+4930555000', username: 'bench', password: 'bench-secret', sipAddress: '127.0.0.250' };
  const trunkId = await insertTrunk(svc.handle.db, svc.server.voice!.secretKey!, user.id, trunk);
  const assistant = await insertAssistant(svc.handle.db, user.id, { type: 'inbound', phone_number_id: trunkId, record: true });
  // The g722 caller says nothing: the assistant greets, so its stream carries speech too.
  await setUpVoiceAssistant(svc.handle.db, user.id, assistant.id, 'http://127.0.0.1:9', { wait_for_customer: MEDIA !== 'g722', endpoint_sensitivity: 5, ...(MEDIA === 'g722' ? { initial_message: LONG_ANSWER } : {}) });
  await line.syncTrunks();

  const carrier = '127.0.0.200';
  const rtp = await listenRtp(carrier);
  const talkS = bargeAt + 8;
  bench.progress(`${CALLS} calls through Kamailio, ${Math.round(talkS)} s each`);
  const cpu0 = process.cpuUsage();
  const k0 = treeCpuMs(line.kamailio!.pid!);
  const r0 = line.rtpengine ? treeCpuMs(line.rtpengine.pid!) : 0;
  const t0 = performance.now();
  const media = MEDIA === 'nat' ? { sdpAddress: '10.77.0.1' } : MEDIA === 'g722' ? { codecs: 'g722' as const } : {};
  const run = runSipp({ scenario: callTrunkScenario({ number: trunk.phoneNumber, auth: trunk, wav, talkMs: Math.round(talkS * 1000), rtpPort: rtp.port, ...media }), ip: carrier, port: 5060, remote: `127.0.0.1:${kamailioPort}`, calls: CALLS, rate: CALLS, authUser: trunk.username, authPass: trunk.password, traceRtt: true, timeoutS: Math.round(talkS + 60) });
  const result = await run.done;
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const kamailioMs = treeCpuMs(line.kamailio!.pid!) - k0;
  const rtpengineMs = line.rtpengine ? treeCpuMs(line.rtpengine.pid!) - r0 : 0;
  if (result.code !== 0) bench.progress(`SIPp: exit ${result.code}\n${result.output.slice(-1500)}`);

  // Set-up: SIPp's response time 1 per call (ms).
  const rttFile = readdirSync(run.dir).find((f) => f.endsWith('_rtt.csv'));
  const setups = rttFile
    ? readFileSync(join(run.dir, rttFile), 'utf8')
        .split('\n')
        .slice(1)
        .map((l) => Number(l.split(';')[1]))
        .filter((n) => Number.isFinite(n) && n > 0)
    : [];
  // Per call (SSRC): its first packet is the answer's media start (the caller's rtp_stream starts at the ACK).
  const bySsrc = new Map<number, typeof rtp.packets>();
  for (const p of rtp.packets) bySsrc.set(p.ssrc, [...(bySsrc.get(p.ssrc) ?? []), p]);
  const v2v: number[] = [];
  const barge: number[] = [];
  for (const packets of bySsrc.values()) {
    const start = packets[0]!.atMs;
    const speechEnd = start + orderEnd * 1000;
    const first = packets.find((p) => p.atMs > speechEnd && p.rms > 0.03);
    if (first) v2v.push(first.atMs - speechEnd);
    const onset = start + stopOnsetS * 1000;
    const loudBefore = packets.some((p) => p.atMs > onset - 300 && p.atMs < onset && p.rms > 0.03);
    if (!loudBefore) continue;
    const idx = packets.findIndex((p, i) => p.atMs >= onset && packets.slice(i, i + 5).every((q) => q.rms < 0.01));
    if (idx >= 0) barge.push(packets[idx]!.atMs - onset);
  }
  const rows = await svc.handle.db.selectFrom('calls').select(['transcript']).where('provider', '=', 'sip').execute();
  const heard = rows.filter((r) => ((r.transcript ?? []) as { sender: string; text: string }[]).some((e) => e.sender === 'human' && e.text === ORDER)).length;
  const latency = rows.flatMap((r) => ((r.transcript ?? []) as { sender: string; latency_ms?: number }[]).filter((e) => e.sender === 'bot' && typeof e.latency_ms === 'number').map((e) => e.latency_ms!));
  const callMinutes = (CALLS * talkS) / 60;
  const serviceMs = (cpu.user + cpu.system) / 1000;
  const p = (xs: number[], q: number) => (xs.length ? Math.round(percentile(xs, q)) : NaN);
  const anchored =
    MEDIA === 'direct'
      ? []
      : [
          { name: 'calls completed (SIPp)', value: result.code === 0 ? `${CALLS} / ${CALLS}` : `SIPp exit ${String(result.code)}`, aim: `${CALLS}`, pass: result.code === 0 },
          MEDIA === 'nat'
            ? { name: 'callers heard through rtpengine (their words in the transcript)', value: `${heard} / ${CALLS}`, aim: `${CALLS}`, pass: heard === CALLS }
            : { name: 'G.722 packets at the carrier (transcoded)', value: rtp.otherPackets.get(9) ?? 0, aim: '> 40 a call-second', pass: (rtp.otherPackets.get(9) ?? 0) > CALLS * talkS * 40 },
          { name: 'set-up (INVITE → 200) p50 / p95', value: `${p(setups, 50)} / ${p(setups, 95)}`, unit: 'ms', aim: 'p95 < 500 ms', pass: setups.length > 0 && percentile(setups, 95) < 500 },
          { name: 'rtpengine CPU per call-minute', value: Math.round(rtpengineMs / callMinutes), unit: 'ms' },
          { name: 'service CPU per call-minute (stand-ins included)', value: Math.round(serviceMs / callMinutes), unit: 'ms' },
          { name: 'Kamailio CPU per call-minute', value: Math.round(kamailioMs / callMinutes), unit: 'ms' },
          { name: 'wall time', value: Math.round(wallS), unit: 's' },
        ];
  const ok = bench.finish(
    MEDIA !== 'direct' ? anchored : [
      { name: 'calls answered (SSRCs heard)', value: `${bySsrc.size} / ${CALLS}`, aim: `${CALLS}`, pass: bySsrc.size === CALLS && result.code === 0 },
      { name: 'set-up (INVITE → 200) p50 / p95', value: `${p(setups, 50)} / ${p(setups, 95)}`, unit: 'ms', aim: 'p95 < 500 ms', pass: setups.length > 0 && percentile(setups, 95) < 500 },
      { name: 'voice to voice at the carrier p50 / p95', value: `${p(v2v, 50)} / ${p(v2v, 95)}`, unit: 'ms', aim: 'p50 <= 800 ms', pass: v2v.length > 0 && percentile(v2v, 50) <= 800 },
      { name: 'latency_ms (service) p50 / p95', value: `${p(latency, 50)} / ${p(latency, 95)}`, unit: 'ms' },
      { name: 'barge-in (onset → quiet) p95', value: `${p(barge, 95)} (${barge.length} calls)`, unit: 'ms', aim: 'p95 < 250 ms', pass: barge.length > 0 && percentile(barge, 95) < 250 },
      { name: 'service CPU per call-minute (stand-ins included)', value: Math.round(serviceMs / callMinutes), unit: 'ms' },
      { name: 'Kamailio CPU per call-minute', value: Math.round(kamailioMs / callMinutes), unit: 'ms' },
      { name: 'wall time', value: Math.round(wallS), unit: 's' },
    ],
    { calls: CALLS, talkS, media: MEDIA, setups, v2v, barge, latency },
  );
  await rtp.close();
  // The calls' post-call work (reading, hand-back) finishes before the database closes.
  for (let i = 0; i < 300; i++) {
    const busy = await svc.handle.db.selectFrom('calls').select('id').where('provider', '=', 'sip').where('talk_lease', 'is not', null).executeTakeFirst();
    if (!busy) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await line.stop();
  await svc.close();
  await stt.close();
  await model.close();
  if (!ok) process.exitCode = 1;
});
