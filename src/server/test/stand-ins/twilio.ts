import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { twilioSignature } from '../../telephony/twilio/signature';
import { pipelineToMulaw } from '../../telephony/twilio/media-stream';
import { hearKeys } from './dtmf-hearing';

/*
 * Twilio as the service meets it, for tests and benchmarks (../shared/spec/telephony-twilio.md): a real HTTP
 * server speaking the REST calls the service makes (IncomingPhoneNumbers lookup and update, Calls.json; HTTP
 * Basic, 401 {code: 20003} for bad credentials), and the caller's side of a call: it POSTs the signed voice
 * webhook to a number's VoiceUrl (inbound) or takes the inline Twiml of Calls.json (outbound), parses the
 * TwiML, connects to the <Stream> URL as Twilio does (connected, start with customParameters, then a μ-law
 * frame every 20 ms in real time, by the clock: the caller's audio, silence when it has nothing to say), answers
 * marks once the audio before them has "played", and records the μ-law it receives and the clears with their
 * times, and when each thing the caller said was heard to start and end (its first and last loud frame sent),
 * on the same timeline: what a latency is measured from, as the caller would. An
 * outbound call sends signed status callbacks (initiated, ringing, then busy / no-answer / failed, or answered
 * and completed). An outbound call whose callee answers after `answerAfterMs` of ringing, longer than the call
 * create's `Timeout` (seconds), is given up as no-answer at the Timeout, as Twilio does.
 *
 * Answering machine detection, as Twilio documents it: a Calls.json with MachineDetection (Enable or
 * DetectMessageEnd), AsyncAmd=true and AsyncAmdStatusCallback (+ method) is kept on the call, and when the test
 * says who the callee is (`outbound.callee`: a person, or a machine with its greeting's end and its beep), the
 * signed verdict is posted there (AccountSid, CallSid, AnsweredBy, MachineDetectionDuration) when Twilio would
 * know it: a person after their words and a pause; a machine, with DetectMessageEnd, right after the beep
 * (machine_end_beep) or after the silence that ends a greeting without one (machine_end_silence), with Enable as
 * soon as the greeting has gone on long enough (machine_start).
 *
 * Live calls can be updated (POST Calls/{sid}.json): new TwiML ends the media stream (`stop`, then the socket
 * closes) and the call runs it: `<Dial><Number>` dials (kept as `dialed`), `<Dial><Conference>` joins a room
 * (`conference`), `<Say>` is kept in `says`; `Status=completed` hangs up. GET Calls/{sid}.json gives the status.
 * An outbound call whose TwiML is not a stream (a warm transfer's supervisor leg) answers, or not, by
 * `outbound.answers[to]` after `outbound.ringMs`, and runs its TwiML. The caller can press keys (`press`: the
 * documented `dtmf` messages), and the keys in what the service sent are heard back (`heardKeys`, Goertzel).
 */

const FRAME_BYTES = 160;
const FRAME_MS = 20;
const MULAW_SILENCE = 0xff;
/** A frame louder than this (RMS, full scale 1) has sound: the transcription stand-in's energy floor. */
export const SOUND_LEVEL = 0.01;

// alawmulaw ships CommonJS whose named exports Node's ESM loader does not see.
const { mulaw } = createRequire(import.meta.url)('alawmulaw') as typeof import('alawmulaw');

/** RMS of μ-law bytes (full scale 1). */
export function mulawRms(bytes: Uint8Array): number {
  const pcm = mulaw.decode(bytes);
  let sum = 0;
  for (const v of pcm) sum += (v / 32768) ** 2;
  return pcm.length === 0 ? 0 : Math.sqrt(sum / pcm.length);
}

/** One `say` of the caller, on the stream's timeline (ms after its start). */
export interface Said {
  queuedMs: number;
  /** When its first loud frame was sent (the speech's onset as the service can hear it); null while silent. */
  onsetMs: number | null;
  /** When its last loud frame was sent (the end of the caller's speech); null while silent. */
  voicedEndMs: number | null;
  /** When its last frame was sent. */
  endMs: number | null;
  /** Resolves once all of it has been sent. */
  done: Promise<void>;
}

export interface StandInNumber {
  sid: string;
  account: string;
  phone_number: string;
  voice_url: string | null;
  voice_method: string | null;
  status_callback: string | null;
}

export interface StandInRequest {
  method: string;
  path: string;
  account: string | null;
  authorized: boolean;
  form: Record<string, string>;
}

export type OutboundOutcome = 'completed' | 'busy' | 'no-answer' | 'failed';

/** Who answers an outbound call, for answering machine detection (ms from the stream's start). */
export type StandInCallee = { kind: 'human'; speechEndMs: number } | { kind: 'machine'; speechStartMs: number; speechEndMs: number; beepEndMs: number | null };

/** After a person's words, Twilio's AMD says human after this pause; a greeting without a beep ends after this silence. */
const AMD_HUMAN_PAUSE_MS = 800;
const AMD_END_SILENCE_MS = 1_200;
const AMD_BEEP_AFTER_MS = 100;
const AMD_MACHINE_START_MS = 1_500;

export interface StandInCall {
  sid: string;
  direction: 'inbound' | 'outbound-api';
  from: string;
  to: string;
  /** The voice webhook's answer (inbound), or the inline Twiml (outbound). */
  webhookStatus: number | null;
  twiml: string;
  streamUrl: string | null;
  parameters: Record<string, string>;
  /** μ-law frames the service sent, when (ms after the stream's start), and their RMS (full scale 1). */
  received: { atMs: number; bytes: Uint8Array; level: number }[];
  /** `clear` messages, ms after the stream's start. */
  clears: number[];
  /** Marks the service asked for (answered when played). */
  marks: string[];
  /** Status callbacks sent (outbound): CallStatus and the service's answer. */
  callbacks: { status: string; answer: number }[];
  /** The answering machine detection asked for on Calls.json (outbound), null without. */
  machineDetection: { mode: string; asyncAmd: string | null; callbackUrl: string | null; callbackMethod: string | null } | null;
  /** AMD verdicts posted: AnsweredBy, when (stream timeline) and the service's answer. */
  amdCallbacks: { answeredBy: string; atMs: number; answer: number }[];
  closeCode: number | null;
  /** Epoch ms (Date.now()) of the stream's start: the timeline's zero. */
  startedAt: number;
  /** Ms since the stream's start (its timeline). */
  now(): number;
  /** Queues the caller's speech (floats at the pipeline's 16 kHz), played from the next frame on. */
  say(samples16k: Float32Array): Said;
  /** Everything the caller said, in order. */
  said: Said[];
  /** The first received frame at or after `fromMs` louder than `level` (its time), null when none. */
  soundAfter(fromMs: number, level?: number): number | null;
  /** The caller hangs up: `stop`, then the socket closes. */
  hangUp(): Promise<void>;
  /** The connection drops: the socket is destroyed without a stop. */
  drop(): void;
  /** Everything received, in order. */
  receivedMulaw(): Uint8Array;
  /** Resolves when the stream has closed (or there was none). */
  closed: Promise<void>;
  /** Resolves when the stream has started (the start message sent). */
  started: Promise<void>;
  /** The call's status as GET Calls/{sid}.json gives it. */
  status: string;
  /** The TwiML of each update (POST Calls/{sid}.json with Twiml), in order, and when (epoch ms) each came. */
  updates: string[];
  updatedAt: number[];
  /** Epoch ms the call was answered (in-progress); null until then. */
  answeredAt: number | null;
  /** What the call's TwiML has it do: the number of a <Dial><Number>, the room of a <Dial><Conference>, what <Say> said. */
  dialed: { number: string; callerId: string | null } | null;
  conference: string | null;
  says: string[];
  /** The caller presses keys: a `dtmf` message each, `gapMs` apart. */
  press(keys: string, gapMs?: number): Promise<void>;
  /** The keys sounded in what the service sent from `fromMs` on (its tones, heard with the Goertzel algorithm). */
  heardKeys(fromMs?: number): string;
}

export interface StandInTwilio {
  /** http://127.0.0.1:PORT: TWILIO_API_BASE_URL. */
  baseUrl: string;
  requests: StandInRequest[];
  calls: StandInCall[];
  /** What the next outbound calls do (default completed, talking `talkMs` then hanging up). */
  outbound: { outcome: OutboundOutcome; talkMs: number; say?: Float32Array; answerAfterMs?: number; callee?: StandInCallee; answers?: Record<string, OutboundOutcome>; ringMs?: number };
  addAccount(): { sid: string; token: string };
  addNumber(account: string, phoneNumber: string): StandInNumber;
  number(phoneNumber: string): StandInNumber | undefined;
  /** An inbound call: the caller `from` dials the number `to`. */
  dial(from: string, to: string): Promise<StandInCall>;
  close(): Promise<void>;
}

const hex = (n: number) => randomBytes(n).toString('hex');

function readForm(req: http.IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()))));
    req.on('error', reject);
  });
}

const xmlText = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The <Stream> of a TwiML answer: its URL and <Parameter>s; null without one. */
export function parseStreamTwiml(twiml: string): { url: string; parameters: Record<string, string> } | null {
  const stream = /<Connect>\s*<Stream\s+url="([^"]+)"[^>]*>([\s\S]*?)<\/Stream>/.exec(twiml);
  if (!stream) return null;
  const parameters: Record<string, string> = {};
  for (const m of (stream[2] ?? '').matchAll(/<Parameter\s+name="([^"]*)"\s+value="([^"]*)"\s*\/>/g)) parameters[xmlText(m[1] ?? '')] = xmlText(m[2] ?? '');
  return { url: xmlText(stream[1] ?? ''), parameters };
}

/** What Twilio's AMD says of this callee, and when (ms of the stream's timeline). */
function amdVerdict(mode: string, callee: StandInCallee): { answeredBy: string; atMs: number } {
  if (callee.kind === 'human') return { answeredBy: 'human', atMs: callee.speechEndMs + AMD_HUMAN_PAUSE_MS };
  if (mode === 'Enable') return { answeredBy: 'machine_start', atMs: callee.speechStartMs + AMD_MACHINE_START_MS };
  if (callee.beepEndMs !== null) return { answeredBy: 'machine_end_beep', atMs: callee.beepEndMs + AMD_BEEP_AFTER_MS };
  return { answeredBy: 'machine_end_silence', atMs: callee.speechEndMs + AMD_END_SILENCE_MS };
}

async function postSigned(url: string, token: string, params: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature(token, url, params) },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, text: await res.text() };
}

export async function startStandInTwilio(): Promise<StandInTwilio> {
  const accounts = new Map<string, string>();
  const numbers = new Map<string, StandInNumber>();
  const requests: StandInRequest[] = [];
  const calls: (StandInCall & { update(twiml: string | null): void })[] = [];
  const accountOf = new Map<string, string>();
  const sockets = new Set<WebSocket>();
  const outbound: StandInTwilio['outbound'] = { outcome: 'completed', talkMs: 1000 };

  /** A call's media stream, as Twilio runs it. */
  function makeCall(init: { sid: string; direction: StandInCall['direction']; from: string; to: string; account: string }): StandInCall & { connect(twiml: string): void; update(twiml: string | null): void } {
    const queue: { bytes: Uint8Array; offset: number; said: Said; resolve: () => void }[] = [];
    let ws: WebSocket | null = null;
    let t0 = 0;
    let playedUntil = 0;
    let timer: NodeJS.Timeout | null = null;
    let resolveClosed!: () => void;
    let resolveStarted!: () => void;
    const streamSid = `MZ${hex(16)}`;
    let dtmfSeq = 100_000;
    /** Runs TwiML that is not a stream: what it dials, the room it joins, what it says. */
    const run = (twiml: string) => {
      for (const m of twiml.matchAll(/<Say[^>]*>([\s\S]*?)<\/Say>/g)) call.says.push(xmlText(m[1] ?? ''));
      const dial = /<Dial([^>]*)>\s*<Number[^>]*>([^<]+)<\/Number>/.exec(twiml);
      if (dial) call.dialed = { number: xmlText(dial[2] ?? '').trim(), callerId: /callerId="([^"]*)"/.exec(dial[1] ?? '')?.[1] ?? null };
      const room = /<Conference[^>]*>([^<]+)<\/Conference>/.exec(twiml);
      if (room) call.conference = xmlText(room[1] ?? '').trim();
    };
    const call: StandInCall & { connect(twiml: string): void; update(twiml: string | null): void } = {
      sid: init.sid,
      direction: init.direction,
      from: init.from,
      to: init.to,
      webhookStatus: null,
      twiml: '',
      streamUrl: null,
      parameters: {},
      received: [],
      clears: [],
      marks: [],
      callbacks: [],
      machineDetection: null,
      amdCallbacks: [],
      closeCode: null,
      closed: new Promise<void>((r) => (resolveClosed = r)),
      started: new Promise<void>((r) => (resolveStarted = r)),
      startedAt: 0,
      status: 'queued',
      updates: [],
      updatedAt: [],
      answeredAt: null,
      dialed: null,
      conference: null,
      says: [],
      async press(keys, gapMs = 150) {
        for (const digit of keys) {
          if (ws?.readyState !== WebSocket.OPEN) return;
          ws.send(JSON.stringify({ event: 'dtmf', streamSid, sequenceNumber: String((dtmfSeq += 1)), dtmf: { track: 'inbound_track', digit } }));
          await new Promise((r) => setTimeout(r, gapMs));
        }
      },
      heardKeys(fromMs = 0) {
        const bytes = call.received.filter((r) => r.atMs >= fromMs);
        const pcm = mulaw.decode(Uint8Array.from(bytes.flatMap((r) => [...r.bytes])));
        return hearKeys(Float32Array.from(pcm, (v) => v / 32768), 8000);
      },
      update(twiml) {
        // The call leaves its <Connect><Stream>: the stream stops and closes, as Twilio's does.
        if (ws && ws.readyState === WebSocket.OPEN) {
          ws.send(JSON.stringify({ event: 'stop', sequenceNumber: '9998', streamSid, stop: { accountSid: init.account, callSid: init.sid } }));
          if (timer) clearInterval(timer);
          ws.close(1000);
        }
        if (twiml === null) {
          call.status = 'completed';
          return;
        }
        call.updates.push(twiml);
        call.updatedAt.push(Date.now());
        run(twiml);
      },
      now: () => (t0 === 0 ? 0 : performance.now() - t0),
      said: [],
      say(samples) {
        let resolve!: () => void;
        const said: Said = { queuedMs: call.now(), onsetMs: null, voicedEndMs: null, endMs: null, done: new Promise<void>((r) => (resolve = r)) };
        queue.push({ bytes: pipelineToMulaw(samples), offset: 0, said, resolve });
        call.said.push(said);
        return said;
      },
      soundAfter(fromMs, level = 2 * SOUND_LEVEL) {
        // Received in time order: the first frame at fromMs by bisection, then the first loud one.
        const frames = call.received;
        let lo = 0;
        let hi = frames.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (frames[mid]!.atMs < fromMs) lo = mid + 1;
          else hi = mid;
        }
        for (let i = lo; i < frames.length; i++) if (frames[i]!.level > level) return frames[i]!.atMs;
        return null;
      },
      async hangUp() {
        if (!ws || ws.readyState !== WebSocket.OPEN) return;
        ws.send(JSON.stringify({ event: 'stop', sequenceNumber: '9999', streamSid, stop: { accountSid: init.account, callSid: init.sid } }));
        if (timer) clearInterval(timer);
        call.status = 'completed';
        ws.close(1000);
        await call.closed;
      },
      drop() {
        if (timer) clearInterval(timer);
        ws?.terminate();
      },
      receivedMulaw() {
        const total = call.received.reduce((n, r) => n + r.bytes.length, 0);
        const out = new Uint8Array(total);
        let at = 0;
        for (const r of call.received) {
          out.set(r.bytes, at);
          at += r.bytes.length;
        }
        return out;
      },
      connect(twiml) {
        call.twiml = twiml;
        const stream = parseStreamTwiml(twiml);
        if (!stream) {
          run(twiml);
          resolveStarted();
          resolveClosed();
          return;
        }
        call.streamUrl = stream.url;
        call.parameters = stream.parameters;
        const socket = new WebSocket(stream.url);
        ws = socket;
        sockets.add(socket);
        let seq = 0;
        let chunk = 0;
        const now = call.now;
        /** The next 20 ms of the caller: what is queued (noting when each say is heard), else silence. */
        const nextFrame = (sentAt: number): Uint8Array => {
          const frame = new Uint8Array(FRAME_BYTES).fill(MULAW_SILENCE);
          let at = 0;
          while (at < FRAME_BYTES && queue.length > 0) {
            const head = queue[0]!;
            const part = head.bytes.subarray(head.offset, head.offset + FRAME_BYTES - at);
            frame.set(part, at);
            at += part.length;
            head.offset += part.length;
            if (mulawRms(part) > SOUND_LEVEL) {
              head.said.onsetMs ??= sentAt;
              head.said.voicedEndMs = sentAt;
            }
            if (head.offset >= head.bytes.length) {
              queue.shift();
              head.said.endMs = sentAt;
              head.resolve();
            }
          }
          return frame;
        };
        socket.on('open', () => {
          t0 = performance.now();
          call.startedAt = Date.now();
          socket.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
          socket.send(
            JSON.stringify({
              event: 'start',
              sequenceNumber: String((seq += 1)),
              start: { streamSid, accountSid: init.account, callSid: init.sid, tracks: ['inbound'], customParameters: stream.parameters, mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 } },
              streamSid,
            }),
          );
          resolveStarted();
          // Frames by the clock, not by the timer's count: a late timer sends what is due (real time, as Twilio).
          timer = setInterval(() => {
            const due = Math.floor(now() / FRAME_MS);
            while (chunk < due && socket.readyState === WebSocket.OPEN) {
              const frame = nextFrame(now());
              chunk += 1;
              socket.send(
                JSON.stringify({ event: 'media', sequenceNumber: String((seq += 1)), media: { track: 'inbound', chunk: String(chunk), timestamp: String(chunk * FRAME_MS), payload: Buffer.from(frame).toString('base64') }, streamSid }),
              );
            }
          }, FRAME_MS / 2);
        });
        socket.on('message', (data) => {
          let message: { event?: string; media?: { payload?: string }; mark?: { name?: string } };
          try {
            message = JSON.parse(data.toString()) as typeof message;
          } catch {
            return;
          }
          if (message.event === 'media' && message.media?.payload) {
            const bytes = new Uint8Array(Buffer.from(message.media.payload, 'base64'));
            call.received.push({ atMs: now(), bytes, level: mulawRms(bytes) });
            playedUntil = Math.max(playedUntil, now()) + (bytes.length / 8000) * 1000;
          } else if (message.event === 'clear') {
            call.clears.push(now());
            playedUntil = now();
          } else if (message.event === 'mark' && message.mark?.name) {
            const name = message.mark.name;
            call.marks.push(name);
            setTimeout(() => {
              if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ event: 'mark', sequenceNumber: String((seq += 1)), streamSid, mark: { name } }));
            }, Math.max(0, playedUntil - now())).unref();
          }
        });
        socket.on('close', (code) => {
          call.closeCode = code;
          if (timer) clearInterval(timer);
          sockets.delete(socket);
          resolveStarted();
          resolveClosed();
        });
        socket.on('error', () => undefined);
      },
    };
    calls.push(call);
    accountOf.set(call.sid, init.account);
    return call;
  }

  async function runOutbound(account: string, call: ReturnType<typeof makeCall>, form: Record<string, string>): Promise<void> {
    const token = accounts.get(account) ?? '';
    const callbackUrl = form.StatusCallback;
    const plan = { ...outbound, outcome: outbound.answers?.[call.to] ?? outbound.outcome };
    const callback = async (status: string, extra: Record<string, string> = {}) => {
      call.status = status === 'initiated' ? 'queued' : status;
      if (status === 'in-progress') call.answeredAt = Date.now();
      if (!callbackUrl) return;
      const params = { AccountSid: account, CallSid: call.sid, From: call.from, To: call.to, CallStatus: status, Direction: 'outbound-api', ApiVersion: '2010-04-01', ...extra };
      const answer = await postSigned(callbackUrl, token, params).catch(() => ({ status: 0, text: '' }));
      call.callbacks.push({ status, answer: answer.status });
    };
    await callback('initiated');
    await callback('ringing');
    const timeoutMs = form.Timeout ? Number(form.Timeout) * 1000 : null;
    if (plan.answerAfterMs !== undefined && timeoutMs !== null && plan.answerAfterMs > timeoutMs) {
      await new Promise((r) => setTimeout(r, timeoutMs));
      await callback('no-answer');
      return;
    }
    if (plan.answerAfterMs !== undefined) await new Promise((r) => setTimeout(r, plan.answerAfterMs));
    if (plan.ringMs) await new Promise((r) => setTimeout(r, plan.ringMs));
    if (plan.outcome !== 'completed') {
      await callback(plan.outcome);
      return;
    }
    await callback('in-progress');
    const started = Date.now();
    // A leg that runs TwiML without a stream (a supervisor in a conference) stays up until it is updated.
    if (!parseStreamTwiml(form.Twiml ?? '')) {
      call.connect(form.Twiml ?? '');
      return;
    }
    call.connect(form.Twiml ?? '');
    await call.started;
    if (plan.say) call.say(plan.say);
    const amd = call.machineDetection;
    if (amd?.asyncAmd === 'true' && amd.callbackUrl && plan.callee) {
      const { answeredBy, atMs } = amdVerdict(amd.mode, plan.callee);
      const t = setTimeout(() => {
        if (call.closeCode !== null) return;
        const params = { AccountSid: account, CallSid: call.sid, AnsweredBy: answeredBy, MachineDetectionDuration: String(Math.round(atMs)) };
        void postSigned(amd.callbackUrl!, token, params)
          .catch(() => ({ status: 0, text: '' }))
          .then((answer) => call.amdCallbacks.push({ answeredBy, atMs: call.now(), answer: answer.status }));
      }, Math.max(0, atMs - call.now()));
      t.unref();
    }
    // The call lasts talkMs, unless the service ends it first (its stream closes: Twilio hangs up).
    await Promise.race([new Promise((r) => setTimeout(r, plan.talkMs)), call.closed]);
    await call.hangUp();
    await callback('completed', { CallDuration: String(Math.ceil((Date.now() - started) / 1000)) });
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = req.method === 'POST' ? await readForm(req) : {};
      const match = /^\/2010-04-01\/Accounts\/([^/]+)(\/.*)$/.exec(url.pathname);
      const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      const [user, password] = auth ? Buffer.from(auth[1] ?? '', 'base64').toString().split(':') : [];
      const account = match?.[1] ?? null;
      const authorized = account !== null && user === account && accounts.has(account) && accounts.get(account) === password;
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, account, authorized, form });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!match || !account) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (!authorized) return json(401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
      const rest = match[2] ?? '';
      const view = (n: StandInNumber) => ({
        sid: n.sid,
        account_sid: n.account,
        phone_number: n.phone_number,
        friendly_name: n.phone_number,
        voice_url: n.voice_url,
        voice_method: n.voice_method,
        status_callback: n.status_callback,
        capabilities: { voice: true, sms: true, mms: false, fax: false },
      });
      if (req.method === 'GET' && rest === '/IncomingPhoneNumbers.json') {
        const wanted = url.searchParams.get('PhoneNumber');
        const list = [...numbers.values()].filter((n) => n.account === account && (!wanted || n.phone_number === wanted)).map(view);
        return json(200, { incoming_phone_numbers: list, page: 0, page_size: 50, next_page_uri: null });
      }
      const update = /^\/IncomingPhoneNumbers\/(PN[0-9a-f]+)\.json$/.exec(rest);
      if (req.method === 'GET' && update) {
        const n = numbers.get(update[1] ?? '');
        if (!n || n.account !== account) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        return json(200, view(n));
      }
      if (req.method === 'POST' && update) {
        const n = numbers.get(update[1] ?? '');
        if (!n || n.account !== account) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        if (form.VoiceUrl !== undefined) n.voice_url = form.VoiceUrl;
        if (form.VoiceMethod !== undefined) n.voice_method = form.VoiceMethod;
        if (form.StatusCallback !== undefined) n.status_callback = form.StatusCallback;
        return json(200, view(n));
      }
      const live = /^\/Calls\/(CA[0-9a-f]+)\.json$/.exec(rest);
      if (live) {
        const c = calls.find((x) => x.sid === live[1]);
        if (!c || accountOf.get(c.sid) !== account) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        const view = () => ({ sid: c.sid, account_sid: account, status: c.status, to: c.to, from: c.from, direction: c.direction });
        if (req.method === 'GET') return json(200, view());
        if (form.Status === 'completed' || form.Status === 'canceled') c.update(null);
        else if (form.Twiml) c.update(form.Twiml);
        else return json(400, { code: 21218, message: 'Invalid ApplicationSid or Twiml', status: 400 });
        return json(200, view());
      }
      if (req.method === 'POST' && rest === '/Calls.json') {
        if (!form.To || !form.From || (!form.Twiml && !form.Url)) return json(400, { code: 21205, message: 'To, From and Twiml or Url are required', status: 400 });
        if (form.MachineDetection !== undefined && !['Enable', 'DetectMessageEnd'].includes(form.MachineDetection)) return json(400, { code: 21218, message: 'Invalid MachineDetection', status: 400 });
        const call = makeCall({ sid: `CA${hex(16)}`, direction: 'outbound-api', from: form.From, to: form.To, account });
        call.twiml = form.Twiml ?? '';
        if (form.MachineDetection) call.machineDetection = { mode: form.MachineDetection, asyncAmd: form.AsyncAmd ?? null, callbackUrl: form.AsyncAmdStatusCallback ?? null, callbackMethod: form.AsyncAmdStatusCallbackMethod ?? null };
        json(201, { sid: call.sid, account_sid: account, status: 'queued', to: form.To, from: form.From, direction: 'outbound-api' });
        void runOutbound(account, call, form);
        return;
      }
      return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    calls,
    outbound,
    addAccount() {
      const sid = `AC${hex(16)}`;
      const token = hex(16);
      accounts.set(sid, token);
      return { sid, token };
    },
    addNumber(account, phoneNumber) {
      const n: StandInNumber = { sid: `PN${hex(16)}`, account, phone_number: phoneNumber, voice_url: null, voice_method: null, status_callback: null };
      numbers.set(n.sid, n);
      return n;
    },
    number: (phoneNumber) => [...numbers.values()].find((n) => n.phone_number === phoneNumber),
    async dial(from, to) {
      const n = [...numbers.values()].find((x) => x.phone_number === to);
      if (!n?.voice_url) throw new Error(`No voice URL for ${to}`);
      const call = makeCall({ sid: `CA${hex(16)}`, direction: 'inbound', from, to, account: n.account });
      const params = { AccountSid: n.account, CallSid: call.sid, From: from, To: to, CallStatus: 'ringing', Direction: 'inbound', ApiVersion: '2010-04-01' };
      const answer = await postSigned(n.voice_url, accounts.get(n.account) ?? '', params);
      call.webhookStatus = answer.status;
      call.status = 'in-progress';
      call.connect(answer.status === 200 ? answer.text : '');
      await call.started;
      return call;
    },
    async close() {
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
