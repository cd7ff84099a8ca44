import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { createRequire } from 'node:module';
import { randomInt } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { StreamResampler } from '../audio/stream-resampler';
import { PIPELINE_RATE, type VoiceTransport, type VoiceEndReason } from '../voice/session-types';
import { dtmfTones } from '../voice/phone-tools/tones';
import { buildRtp, parseRtp } from './rtp';
import type { G711, MediaChoice } from './sdp';
import { telephoneEventPayload } from './telephone-events';

/*
 * One call's audio over RTP, both ways, as the voice pipeline takes it (the SIP counterpart of
 * telephony/twilio/media-stream.ts): G.711 at 8 kHz ↔ 16 kHz floats. In: packets of the negotiated payload type
 * from anywhere are decoded (telephone-events go to `onDtmfPacket`: sip/telephone-events.ts); out: the
 * assistant's audio is queued and sent as 20 ms packets on our own clock (RTP has no buffer at the far end to
 * absorb a burst), silence in between so the stream is continuous. clearAudio drops what is queued (barge-in).
 * dtmf_input's keys go out as RFC 4733 events in the same stream (sequence numbers, SSRC) in place of audio
 * frames: 100 ms of event packets, the end packet three times, 60 ms apart; tones in the audio when the far
 * end did not offer telephone-event.
 *
 * A far end behind NAT names a private address in its SDP (RFC 1918, RFC 6598), which cannot be reached from
 * here: once its first packet of the call's payload type comes, our RTP goes to where that packet came from
 * (symmetric RTP, RFC 4961; latching as RFC 7362 describes it). Only then and only once: a public address in the
 * SDP is never redirected by a stray packet. Inbound calls from such carriers go through rtpengine when it runs
 * (kamailio-config.ts); this is what makes an outbound call to a PBX behind NAT heard.
 */

/** Whether an SDP address is one a NAT hides (private or shared address space). */
export function behindNat(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'private' || range === 'carrierGradeNat';
}

const { mulaw, alaw } = createRequire(import.meta.url)('alawmulaw') as typeof import('alawmulaw');

export const RTP_RATE = 8_000;
/** 20 ms at 8 kHz: bytes of G.711, and the timestamp step. */
export const FRAME_SAMPLES = 160;
const FRAME_MS = 20;
const SILENCE: Record<G711, number> = { PCMU: 0xff, PCMA: 0xd5 };
/** The resampler's look-ahead is released this long after the last assistant audio. */
const FLUSH_AFTER_MS = 40;
/** A key sent: frames of event packets, then its end packet (3 times), then frames of silence before the next. */
const KEY_FRAMES = 5;
const KEY_END_FRAMES = 3;
const KEY_GAP_FRAMES = 3;

function toPcm16(samples: Float32Array): Int16Array {
  const pcm16 = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm16[i] = Math.round(Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32767);
  return pcm16;
}

export function encodeG711(codec: G711, samples: Float32Array): Uint8Array {
  return codec === 'PCMU' ? mulaw.encode(toPcm16(samples)) : alaw.encode(toPcm16(samples));
}

export function decodeG711(codec: G711, bytes: Uint8Array): Float32Array {
  const pcm16 = codec === 'PCMU' ? mulaw.decode(bytes) : alaw.decode(bytes);
  const out = new Float32Array(pcm16.length);
  for (let i = 0; i < pcm16.length; i++) out[i] = (pcm16[i] ?? 0) / 32768;
  return out;
}

/** A bound RTP socket, before the far end is known (its port goes in our SDP). */
export async function openRtpSocket(host: string): Promise<Socket> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return socket;
}

export interface RtpMediaEvents {
  /** Caller audio at PIPELINE_RATE. */
  audio(samples: Float32Array): void;
  /** The session ended the call: the SIP side sends BYE (after the queued audio has played). */
  hangUp(reason: VoiceEndReason): void;
}

export class RtpMedia {
  private remote: MediaChoice | null = null;
  private readonly fromCaller = new StreamResampler(RTP_RATE, PIPELINE_RATE);
  private toCaller = new StreamResampler(PIPELINE_RATE, RTP_RATE);
  /** G.711 to send, in chunks (the first partly sent: queueOffset). */
  private queue: Uint8Array[] = [];
  private queueOffset = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private startedAt = 0;
  private sentFrames = 0;
  private sequence = randomInt(0, 0xffff);
  private timestamp = randomInt(0, 0x7fffffff);
  private readonly ssrc = randomInt(1, 0x7fffffff);
  private hangingUp = false;
  private closed = false;
  /** Our RTP goes to where the far end's first packet came from (its SDP named a private address). */
  private latched = false;
  /** Packets and bytes each way (tests, the benchmark). */
  readonly counts = { in: 0, out: 0 };
  /** RFC 4733 packets: their payload and RTP timestamp (an event's packets share its start timestamp). */
  onDtmfPacket: ((payload: Uint8Array, timestamp: number) => void) | null = null;
  /** Keys waiting to be sent, each with what to call once it has gone. */
  private keysOut: { key: string; sent?: () => void }[] = [];
  /** The key being sent: its start timestamp and the frames sent of it so far. */
  private keyOut: { key: string; timestamp: number; frame: number; sent?: () => void } | null = null;

  constructor(
    readonly socket: Socket,
    private readonly events: RtpMediaEvents,
  ) {
    socket.on('message', (msg, from) => this.receive(msg, from));
    socket.on('error', () => undefined);
  }

  get localPort(): number {
    return this.socket.address().port;
  }

  get codec(): G711 | null {
    return this.remote?.codec ?? null;
  }

  /** The far end's address and codec are known (its SDP): packets flow both ways from now. */
  connect(remote: MediaChoice): void {
    // A re-INVITE's new address may be a NAT's again: its first packet is looked for anew.
    this.latched = false;
    this.remote = remote;
    if (this.timer || this.closed) return;
    this.startedAt = performance.now();
    // Packets by the clock, not by the timer's count: a late timer sends what is due.
    this.timer = setInterval(() => this.tick(), 10);
  }

  readonly transport: VoiceTransport = {
    sendAudio: (samples) => {
      this.queueOut(samples, false);
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = setTimeout(() => this.queueOut(new Float32Array(0), true), FLUSH_AFTER_MS);
      this.flushTimer.unref();
    },
    clearAudio: () => {
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.queue = [];
      this.queueOffset = 0;
      this.toCaller = new StreamResampler(PIPELINE_RATE, RTP_RATE);
    },
    sendDigits: (digits) => this.sendDigits(digits),
    hangUp: (reason) => {
      // BYE once what was queued has been played (10 s at most: see tick).
      this.hangingUp = true;
      this.hangUpReason = reason;
      this.hangUpBy = performance.now() + 10_000;
      if (!this.timer) this.events.hangUp(reason);
    },
  };

  private hangUpReason: VoiceEndReason = 'end_call';
  private hangUpBy = 0;

  private queueOut(samples: Float32Array, flush: boolean): void {
    const codec = this.remote?.codec ?? 'PCMU';
    const down = this.toCaller.push(flush ? new Float32Array(PIPELINE_RATE / 100) : samples);
    if (down.length > 0) this.queue.push(encodeG711(codec, down));
  }

  /** Resolves once the keys have been sent (or the call is over). */
  private sendDigits(digits: string): Promise<void> {
    const remote = this.remote;
    if (this.closed || digits === '') return Promise.resolve();
    if (remote && remote.dtmfPayloadType === null) {
      // No telephone-event on this call: the keys' tones, as the audio.
      this.transport.sendAudio(dtmfTones(digits, PIPELINE_RATE));
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const keys = [...digits];
      keys.forEach((key, i) => this.keysOut.push({ key, ...(i === keys.length - 1 ? { sent: resolve } : {}) }));
    });
  }

  /** The next packet of a key being sent, in place of an audio frame; null when no key is being sent. */
  private keyPacket(remote: MediaChoice): Buffer | null {
    if (!this.keyOut) {
      const next = this.keysOut.shift();
      if (!next) return null;
      this.keyOut = { ...next, timestamp: this.timestamp, frame: 0 };
    }
    const k = this.keyOut;
    k.frame += 1;
    if (k.frame > KEY_FRAMES + KEY_END_FRAMES) {
      // The gap after a key: silence (the audio queue waits, a menu hears the keys first).
      if (k.frame >= KEY_FRAMES + KEY_END_FRAMES + KEY_GAP_FRAMES) {
        this.keyOut = null;
        k.sent?.();
      }
      return null;
    }
    const end = k.frame > KEY_FRAMES;
    const duration = Math.min(k.frame, KEY_FRAMES) * FRAME_SAMPLES;
    return buildRtp({ payloadType: remote.dtmfPayloadType ?? 101, marker: k.frame === 1, sequence: this.sequence, timestamp: k.timestamp, ssrc: this.ssrc, payload: telephoneEventPayload(k.key, end, duration) });
  }

  private tick(): void {
    const remote = this.remote;
    if (!remote || this.closed) return;
    const due = Math.floor((performance.now() - this.startedAt) / FRAME_MS);
    while (this.sentFrames < due) {
      this.sentFrames += 1;
      const key = this.keyPacket(remote);
      const frame = new Uint8Array(FRAME_SAMPLES).fill(SILENCE[remote.codec]);
      if (!key && !this.keyOut) this.takeFrame(frame);
      this.socket.send(key ?? buildRtp({ payloadType: remote.payloadType, marker: false, sequence: this.sequence, timestamp: this.timestamp, ssrc: this.ssrc, payload: frame }), remote.port, remote.address);
      this.sequence = (this.sequence + 1) & 0xffff;
      this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
      this.counts.out += 1;
    }
    if (this.hangingUp && (this.queue.length === 0 || performance.now() > this.hangUpBy)) {
      this.hangingUp = false;
      this.events.hangUp(this.hangUpReason);
    }
  }

  /** Fills `frame` from the queue's head (what is missing stays silence). */
  private takeFrame(frame: Uint8Array): void {
    let filled = 0;
    while (filled < frame.length && this.queue.length > 0) {
      const head = this.queue[0]!;
      const part = head.subarray(this.queueOffset, this.queueOffset + frame.length - filled);
      frame.set(part, filled);
      filled += part.length;
      this.queueOffset += part.length;
      if (this.queueOffset >= head.length) {
        this.queue.shift();
        this.queueOffset = 0;
      }
    }
  }

  /** Where our RTP goes now (the SDP's address, or the one latched onto). */
  get sendingTo(): { address: string; port: number } | null {
    return this.remote ? { address: this.remote.address, port: this.remote.port } : null;
  }

  private receive(msg: Buffer, from: RemoteInfo): void {
    if (this.closed) return;
    const packet = parseRtp(msg);
    let remote = this.remote;
    if (!packet || !remote) return;
    if (!this.latched && packet.payloadType === remote.payloadType && behindNat(remote.address)) {
      this.latched = true;
      if (from.address !== remote.address || from.port !== remote.port) remote = this.remote = { ...remote, address: from.address, port: from.port };
    }
    if (packet.payloadType === remote.dtmfPayloadType) {
      this.onDtmfPacket?.(packet.payload, packet.timestamp);
      return;
    }
    if (packet.payloadType !== remote.payloadType) return;
    this.counts.in += 1;
    this.events.audio(this.fromCaller.push(decodeG711(remote.codec, packet.payload)));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // Keys not sent are not waited for.
    this.keyOut?.sent?.();
    for (const k of this.keysOut.splice(0)) k.sent?.();
    if (this.timer) clearInterval(this.timer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    try {
      this.socket.close();
    } catch {
      // closed already
    }
  }
}
