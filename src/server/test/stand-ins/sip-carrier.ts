import { spawn, spawnSync } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamResampler } from '../../audio/stream-resampler';
import { decodeG711, encodeG711 } from '../../sip/rtp-media';
import { buildRtp, parseRtp } from '../../sip/rtp';
import { keyReceiver, telephoneEventPayload } from '../../sip/telephone-events';

/*
 * A carrier (or a PBX) for the SIP tests and `npm run bench:sip`: SIPp (Debian's sip-tester) playing scripted
 * calls over real UDP, on its own loopback address (127.0.0.x) as a carrier has its own host. The scenarios are
 * written here (XML, SIPp's own language) with the values of each run filled in:
 * - callTrunk: a caller dials a trunk's number through Kamailio, answers a digest challenge (or not: IP
 *   trunks), speaks from a G.711 WAV (rtp_stream), and hangs up with BYE after `talkMs`, or waits for ours;
 * - refusedCall: an INVITE that must be refused with `expect` (403), with or without credentials;
 * - answerCalls: the callee of an outbound call: challenges the INVITE (401) and checks the answer, rings,
 *   answers with SDP, and ends with BYE after `talkMs` or waits for ours; or answers busy (486), or rings
 *   until CANCELled.
 * The caller's SDP names an RTP port of ours (RtpListener), so the test hears what the service says.
 */

export const sippAvailable = spawnSync('sipp', ['-v'], { stdio: 'ignore' }).error === undefined;

/** The carrier's SDP: G.711 (and keys), or G.722 alone (a carrier rtpengine must transcode for). */
const SDP = (ip: string, port: number, codecs: 'g711' | 'g722' = 'g711') =>
  [
    'v=0',
    `o=carrier 1 1 IN IP4 ${ip}`,
    's=-',
    `c=IN IP4 ${ip}`,
    't=0 0',
    ...(codecs === 'g711' ? [`m=audio ${port} RTP/AVP 0 8 101`, 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:8 PCMA/8000'] : [`m=audio ${port} RTP/AVP 9 101`, 'a=rtpmap:9 G722/8000']),
    'a=rtpmap:101 telephone-event/8000',
    'a=fmtp:101 0-15',
    'a=ptime:20',
    'a=sendrecv',
  ].join('\n');

const xml = (name: string, body: string) => `<?xml version="1.0" encoding="ISO-8859-1" ?>\n<!DOCTYPE scenario SYSTEM "sipp.dtd">\n<scenario name="${name}">\n${body}\n</scenario>\n`;

const cdata = (text: string) => `<![CDATA[\n${text.trim()}\n\n]]>`;

function invite(number: string, cseq: number, auth: boolean, sdp: string): string {
  return cdata(`
INVITE sip:${number}@[remote_ip]:[remote_port] SIP/2.0
Via: SIP/2.0/UDP [local_ip]:[local_port];branch=[branch]
From: "Carrier" <sip:+4930111222@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
To: <sip:${number}@[remote_ip]:[remote_port]>
Call-ID: [call_id]
CSeq: ${cseq} INVITE
Contact: <sip:carrier@[local_ip]:[local_port]>
Max-Forwards: 70
${auth ? '[authentication]\n' : ''}Content-Type: application/sdp
Content-Length: [len]

${sdp}`);
}

const ackFirst = (number: string, cseq: number) =>
  cdata(`
ACK sip:${number}@[remote_ip]:[remote_port] SIP/2.0
[last_Via:]
From: "Carrier" <sip:+4930111222@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
[last_To:]
Call-ID: [call_id]
CSeq: ${cseq} ACK
Max-Forwards: 70
Content-Length: 0`);

const inDialog = (method: string, cseq: number) =>
  cdata(`
${method} [next_url] SIP/2.0
Via: SIP/2.0/UDP [local_ip]:[local_port];branch=[branch]
[routes]
From: "Carrier" <sip:+4930111222@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
[last_To:]
Call-ID: [call_id]
CSeq: ${cseq} ${method}
Contact: <sip:carrier@[local_ip]:[local_port]>
Max-Forwards: 70
Content-Length: 0`);

const answerTo = (status: string, extra = '', sdp = '') =>
  cdata(`
SIP/2.0 ${status}
[last_Via:]
[last_From:]
[last_To:];tag=[pid]SIPpTag01[call_number]
[last_Call-ID:]
[last_CSeq:]
[last_Record-Route:]
Contact: <sip:callee@[local_ip]:[local_port]>
${extra}${sdp ? 'Content-Type: application/sdp\n' : ''}Content-Length: [len]
${sdp ? `\n${sdp}` : ''}`);

export interface CallTrunk {
  number: string;
  /** Digest credentials; none: an IP trunk (no challenge expected). */
  auth?: { username: string; password: string };
  /** The caller's voice: a G.711 μ-law WAV at 8 kHz (wavForSipp). */
  wav: string;
  /** The caller's BYE this long after the answer; null: wait for the service's BYE. */
  talkMs: number | null;
  rtpPort: number;
  /** `theirs`: the caller REFERs the call elsewhere after the answer (expects 202). */
  refer?: 'theirs' | 'ours';
  referTo?: string;
  referToRegex?: string;
  /** `ours`: the answer to our REFER (default `202 Accepted`; a refusal such as `603 Declined`). */
  referAnswer?: string;
  /** The address the SDP names (default the carrier's own): a private one is a carrier behind NAT. */
  sdpAddress?: string;
  /** g722: the offer has no G.711 (and no caller audio is played: SIPp speaks G.711 only). */
  codecs?: 'g711' | 'g722';
  /** SIPp plays no audio: the test's RTP socket speaks (RtpListener.say), from the port it listens on, as a phone does. */
  silent?: boolean;
  /** A re-INVITE with the same SDP this long after the ACK (as a carrier refreshes or moves its media). */
  reinviteAfterMs?: number;
  /** A regular expression (XML-escaped) the re-INVITE's answer must match in its body (the SDP), or SIPp fails. */
  reinviteAnswerMatches?: string;
}

export function callTrunkScenario(c: CallTrunk): string {
  const sdp = SDP(c.sdpAddress ?? '[local_ip]', c.rtpPort, c.codecs);
  const parts: string[] = [];
  let cseq = 1;
  if (c.auth) {
    parts.push(`<send retrans="500">${invite(c.number, cseq, false, sdp)}</send>`, '<recv response="100" optional="true"/>', '<recv response="401" auth="true"/>', `<send>${ackFirst(c.number, cseq)}</send>`);
    cseq += 1;
  }
  // Response time 1 (-trace_rtt): the INVITE that is answered → its 200 (set-up time, the challenge apart).
  parts.push(`<send retrans="500" start_rtd="1">${invite(c.number, cseq, !!c.auth, sdp)}</send>`, '<recv response="100" optional="true"/>', '<recv response="180" optional="true"/>', '<recv response="200" rrs="true" rtd="1"/>', `<send>${inDialog('ACK', cseq)}</send>`);
  if (c.codecs !== 'g722' && !c.silent) parts.push(`<nop><action><exec rtp_stream="${c.wav},1,0"/></action></nop>`);
  let seq = cseq + 1;
  if (c.reinviteAfterMs !== undefined) {
    const reinvite = inDialog('INVITE', seq).replace('Content-Length: 0', `Content-Type: application/sdp\nContent-Length: [len]\n\n${sdp}`);
    const check = c.reinviteAnswerMatches ? `<action><ereg regexp="${c.reinviteAnswerMatches}" search_in="body" check_it="true" assign_to="answered"/></action>` : '';
    // A variable SIPp assigns must be used: the ACK names what matched.
    const ack = c.reinviteAnswerMatches ? inDialog('ACK', seq).replace('Content-Length: 0', 'X-Seen: [$answered]\nContent-Length: 0') : inDialog('ACK', seq);
    parts.push(`<pause milliseconds="${c.reinviteAfterMs}"/>`, `<send retrans="500">${reinvite}</send>`, '<recv response="100" optional="true"/>', `<recv response="200">${check}</recv>`, `<send>${ack}</send>`);
    seq += 1;
  }
  if (c.refer === 'theirs') {
    parts.push('<pause milliseconds="500"/>', `<send retrans="500">${inDialog('REFER', seq).replace('Content-Length: 0', 'Refer-To: <sip:+4930999888@[local_ip]>\nContent-Length: 0')}</send>`, '<recv response="202"/>');
    seq += 1;
  }
  if (c.refer === 'ours') {
    // referToRegex: a regular expression (XML-escaped) for targets that are not known in full (Replaces).
    const target = c.referToRegex ?? (c.referTo ?? '').replace(/[.+?]/g, (ch) => `\\${ch}`);
    // A BYE of ours after it names the service's side by the REFER's From ([last_To:] would be our own).
    const keepFrom = c.talkMs !== null ? '<ereg regexp="&lt;.*$" search_in="hdr" header="From:" check_it="true" assign_to="svc"/>' : '';
    parts.push(`<recv request="REFER"><action><ereg regexp="Refer-To: *&lt;${target}&gt;" search_in="msg" check_it="true" assign_to="referto"/>${keepFrom}</action></recv>`, `<send>${cdata(`SIP/2.0 ${c.referAnswer ?? '202 Accepted'}\n[last_Via:]\n[last_From:]\n[last_To:]\n[last_Call-ID:]\n[last_CSeq:]\nX-Seen: [$referto]\nContent-Length: 0`)}</send>`);
  }
  if (c.talkMs !== null) {
    const bye = inDialog('BYE', seq);
    parts.push(`<pause milliseconds="${c.talkMs}"/>`, `<send retrans="500">${c.refer === 'ours' ? bye.replace('[last_To:]', 'To: [$svc]') : bye}</send>`, '<recv response="200"/>');
  } else {
    parts.push('<recv request="BYE"/>', `<send>${answerTo('200 OK')}</send>`);
  }
  return xml('a carrier calls a trunk', parts.join('\n'));
}

export interface RefusedCall {
  number: string;
  /** Answer the challenge with these (a wrong password), or send no credentials at all. */
  auth?: { username: string; password: string };
  expect: number;
}

export function refusedCallScenario(c: RefusedCall): string {
  const sdp = SDP('[local_ip]', 4000);
  const parts: string[] = [];
  let cseq = 1;
  if (c.auth) {
    parts.push(`<send retrans="500">${invite(c.number, cseq, false, sdp)}</send>`, '<recv response="100" optional="true"/>', '<recv response="401" auth="true"/>', `<send>${ackFirst(c.number, cseq)}</send>`);
    cseq += 1;
  }
  parts.push(`<send retrans="500">${invite(c.number, cseq, !!c.auth, sdp)}</send>`, '<recv response="100" optional="true"/>', `<recv response="${c.expect}"/>`, `<send>${ackFirst(c.number, cseq)}</send>`);
  return xml('a call that is refused', parts.join('\n'));
}

export interface AnswerCalls {
  mode: 'answer' | 'busy' | 'no-answer';
  /** Challenge the INVITE first (401) and check the credentials. */
  auth?: { username: string; password: string };
  rtpPort: number;
  /** Answer after ringing this long. */
  ringMs?: number;
  /** answer: our BYE this long after the ACK; null: wait for the service's BYE. */
  talkMs?: number | null;
  /** answer: a WAV to speak (rtp_stream) after the ACK. */
  wav?: string;
}

/** The caller's From and To kept (a BYE of ours swaps them). */
const fromToActions = '<ereg regexp="^ *(.*)$" search_in="hdr" header="From:" check_it="true" assign_to="fromall,from"/><ereg regexp="^ *(.*)$" search_in="hdr" header="To:" check_it="true" assign_to="toall,to"/>';

export function answerCallsScenario(c: AnswerCalls): string {
  // The INVITE's Record-Route and Contact make the route set and target of a BYE of ours (rrs); its From and
  // To are kept for that BYE (SIPp refuses variables it never uses: only then).
  const byeOfOurs = c.mode === 'answer' && c.talkMs != null;
  // The 487 that ends a CANCELled INVITE goes back along the INVITE's Vias (the CANCEL has Kamailio's only).
  const keep = byeOfOurs ? fromToActions : c.mode === 'no-answer' ? '<ereg regexp="Via:.*Via:[^[:cntrl:]]*" search_in="msg" check_it="true" assign_to="vias"/>' : '';
  const parts: string[] = [`<recv request="INVITE" rrs="true">${keep ? `<action>${keep}</action>` : ''}</recv>`];
  if (c.auth) {
    parts.push(
      `<send>${answerTo('401 Unauthorized', 'WWW-Authenticate: Digest realm="carrier.test", nonce="47ebe028cda119c35d4877b383027d28da013815"\n')}</send>`,
      '<recv request="ACK"/>',
      `<recv request="INVITE" rrs="true"><action><verifyauth assign_to="authvalid" username="${c.auth.username}" password="${c.auth.password}"/>${keep}</action></recv>`,
      '<nop test="authvalid" next="good"/>',
      `<send next="end">${answerTo('403 Forbidden')}</send>`,
      '<label id="good"/>',
    );
  }
  if (c.mode === 'busy') {
    parts.push(`<send>${answerTo('486 Busy Here')}</send>`, '<recv request="ACK"/>');
  } else if (c.mode === 'no-answer') {
    parts.push(`<send>${answerTo('180 Ringing')}</send>`, '<recv request="CANCEL"><action><ereg regexp="[0-9]+" search_in="hdr" header="CSeq:" check_it="true" assign_to="csn"/></action></recv>', `<send>${cdata('SIP/2.0 200 OK\n[last_Via:]\n[last_From:]\n[last_To:]\n[last_Call-ID:]\n[last_CSeq:]\nContent-Length: 0')}</send>`, `<send>${answerTo('487 Request Terminated').replace('[last_CSeq:]', 'CSeq: [$csn] INVITE').replace('[last_Via:]', '[$vias]')}</send>`, '<recv request="ACK"/>');
  } else {
    parts.push(`<send>${answerTo('180 Ringing')}</send>`, `<pause milliseconds="${c.ringMs ?? 200}"/>`, `<send retrans="500">${answerTo('200 OK', '', SDP('[local_ip]', c.rtpPort))}</send>`, '<recv request="ACK"/>');
    if (c.wav) parts.push(`<nop><action><exec rtp_stream="${c.wav},1,0"/></action></nop>`);
    if (c.talkMs != null) {
      parts.push(`<pause milliseconds="${c.talkMs}"/>`, `<send retrans="500">${cdata(`
BYE [next_url] SIP/2.0
Via: SIP/2.0/UDP [local_ip]:[local_port];branch=[branch]
[routes]
From: [$to];tag=[pid]SIPpTag01[call_number]
To: [$from]
Call-ID: [call_id]
CSeq: 1 BYE
Max-Forwards: 70
Content-Length: 0`)}</send>`, '<recv response="200"/>');
    } else {
      parts.push('<recv request="BYE"/>', `<send>${answerTo('200 OK')}</send>`);
    }
  }
  parts.push('<label id="end"/>');
  return xml('the callee of an outbound call', parts.join('\n'));
}

export interface SippRun {
  /** Its working folder (the -trace_rtt file is written there). */
  dir: string;
  /** SIPp's exit: 0 when every call went as scripted. */
  done: Promise<{ code: number | null; output: string }>;
  stop(): void;
}

let dirs = 0;
/** Runs one SIPp with the scenario; `remote` null: a UAS (it waits for the call). */
export function runSipp(options: { scenario: string; ip: string; port: number; remote: string | null; calls?: number; rate?: number; mediaPort?: number; authUser?: string; authPass?: string; timeoutS?: number; traceRtt?: boolean }): SippRun {
  const dir = mkdtempSync(join(tmpdir(), `sipp-${(dirs += 1)}-`));
  const file = join(dir, 'scenario.xml');
  writeFileSync(file, options.scenario);
  const calls = options.calls ?? 1;
  const args = ['-sf', file, '-i', options.ip, '-p', String(options.port), '-m', String(calls), '-l', String(calls), '-r', String(options.rate ?? calls)];
  args.push('-timeout', `${options.timeoutS ?? 60}s`, '-timeout_error', '-nostdin', '-trace_err', '-error_file', join(dir, 'errors.log'), '-mp', String(options.mediaPort ?? 20000 + Math.floor(Math.random() * 20000) * 2));
  if (options.traceRtt) args.push('-trace_rtt', '-rtt_freq', '1');
  if (process.env.SIPP_TRACE) args.push('-trace_msg');
  if (options.authUser) args.push('-au', options.authUser);
  if (options.authPass) args.push('-ap', options.authPass);
  if (options.remote) args.push(options.remote);
  const child = spawn('sipp', args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output = (output + d.toString('latin1')).slice(-20_000)));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('latin1')));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => {
    child.on('exit', (code) => {
      let errors = '';
      try {
        errors = spawnSync('cat', [join(dir, 'errors.log')]).stdout.toString();
      } catch {
        // none
      }
      resolve({ code, output: `${output.slice(-3000)}\n${errors.slice(-3000)}` });
    });
  });
  return { dir, done, stop: () => child.kill('SIGKILL') };
}

/** eSpeak-made (or any) 16-bit WAV → the μ-law 8 kHz WAV SIPp's rtp_stream plays. */
export function wavForSipp(wav: string, out: string): string {
  const run = spawnSync('sox', [wav, '-r', '8000', '-c', '1', '-e', 'u-law', out]);
  if (run.status !== 0) throw new Error(`sox: ${run.stderr.toString()}`);
  return out;
}

/** Text said by eSpeak NG into a μ-law WAV for SIPp (with a second of silence before and after). */
export function spokenWavForSipp(text: string, dir: string, name: string): string {
  const raw = join(dir, `${name}-raw.wav`);
  const run = spawnSync('espeak-ng', ['-v', 'en-us+m3', '-w', raw, text]);
  if (run.status !== 0) throw new Error(`espeak-ng: ${run.stderr.toString()}`);
  const out = join(dir, `${name}.wav`);
  const sox = spawnSync('sox', [raw, '-r', '8000', '-c', '1', '-e', 'u-law', out, 'pad', '1', '1']);
  if (sox.status !== 0) throw new Error(`sox: ${sox.stderr.toString()}`);
  return out;
}

/** What the service sent to the carrier's RTP port: packets with their arrival time and loudness. */
export interface RtpListener {
  port: number;
  packets: { atMs: number; payloadType: number; rms: number; bytes: number; ssrc: number }[];
  /** ms (performance.now()) of the first packet louder than `level` after `afterMs`. */
  loudAfter(afterMs: number, level?: number): number | null;
  /** Seconds of loud audio received. */
  loudSeconds(level?: number): number;
  /** The keys received as RFC 4733 telephone-events (payload type 101), in order, each once. */
  keys(): string;
  /** RFC 4733 telephone-event packets received. */
  eventPackets: number;
  /** Packets of other payload types than G.711 and keys (a transcoded call's G.722: 9), by type. */
  otherPackets: Map<number, number>;
  /** Where the first packet came from. */
  source(): { address: string; port: number } | null;
  /**
   * Speaks 16 kHz audio as PCMU (a second of silence after it), 20 ms packets in real time, from this socket to where the service's RTP comes
   * from (symmetric RTP, as phones and carriers send it). Resolves once sent.
   */
  say(samples: Float32Array): Promise<void>;
  /**
   * Presses keys as a phone does (RFC 4733, payload type 101): for each key 3 packets of the event and its end
   * packet 3 times, 20 ms apart, to where the service's RTP comes from. Resolves once sent.
   */
  press(keys: string): Promise<void>;
  close(): Promise<void>;
}

export async function listenRtp(ip: string): Promise<RtpListener> {
  const socket: Socket = createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, ip, () => r()));
  const packets: RtpListener['packets'] = [];
  let keys = '';
  let eventPackets = 0;
  let source: { address: string; port: number } | null = null;
  const other = new Map<number, number>();
  const onEvent = keyReceiver((key) => (keys += key));
  socket.on('message', (msg, rinfo) => {
    const p = parseRtp(msg);
    source ??= { address: rinfo.address, port: rinfo.port };
    if (p?.payloadType === 101) {
      eventPackets += 1;
      onEvent(p.payload, p.timestamp);
      return;
    }
    if (p && p.payloadType !== 0 && p.payloadType !== 8) other.set(p.payloadType, (other.get(p.payloadType) ?? 0) + 1);
    if (!p || (p.payloadType !== 0 && p.payloadType !== 8)) return;
    const s = decodeG711(p.payloadType === 0 ? 'PCMU' : 'PCMA', p.payload);
    let sum = 0;
    for (const v of s) sum += v * v;
    packets.push({ atMs: performance.now(), payloadType: p.payloadType, rms: Math.sqrt(sum / Math.max(1, s.length)), bytes: p.payload.length, ssrc: p.ssrc });
  });
  return {
    port: socket.address().port,
    packets,
    loudAfter: (afterMs, level = 0.03) => packets.find((p) => p.atMs >= afterMs && p.rms > level)?.atMs ?? null,
    loudSeconds: (level = 0.03) => (packets.filter((p) => p.rms > level).length * 20) / 1000,
    keys: () => keys,
    otherPackets: other,
    source: () => source,
    get eventPackets() {
      return eventPackets;
    },
    async press(pressed) {
      if (!source) throw new Error('no RTP has come from the service yet: nowhere to send keys');
      const to = source;
      const ssrc = 0x5eed;
      let sequence = 1;
      let timestamp = 8000;
      for (const key of pressed) {
        for (let i = 1; i <= 6; i++) {
          const end = i > 3;
          const payload = telephoneEventPayload(key, end, Math.min(i, 3) * 160);
          socket.send(buildRtp({ payloadType: 101, marker: i === 1, sequence: sequence++, timestamp, ssrc, payload }), to.port, to.address);
          await new Promise((r) => setTimeout(r, 20));
        }
        timestamp += 8 * 160;
        await new Promise((r) => setTimeout(r, 60));
      }
    },
    async say(samples) {
      if (!source) throw new Error('no RTP has come from the service yet: nowhere to speak to');
      const to = source;
      // A second of silence after the words, as a phone goes on sending (the pause that ends the caller's turn).
      const padded = new Float32Array(samples.length + 16_000);
      padded.set(samples);
      const mulaw = encodeG711('PCMU', new StreamResampler(16_000, 8_000).push(padded));
      const started = performance.now();
      for (let i = 0; i * 160 < mulaw.length; i++) {
        const payload = new Uint8Array(160).fill(0xff);
        payload.set(mulaw.subarray(i * 160, (i + 1) * 160));
        socket.send(buildRtp({ payloadType: 0, marker: i === 0, sequence: 100 + i, timestamp: 16_000 + i * 160, ssrc: 0xca11, payload }), to.port, to.address);
        await new Promise((r) => setTimeout(r, Math.max(0, started + (i + 1) * 20 - performance.now())));
      }
    },
    close: () => new Promise((r) => socket.close(() => r())),
  };
}
