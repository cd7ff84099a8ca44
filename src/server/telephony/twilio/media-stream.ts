import { createRequire } from 'node:module';
import { WebSocket } from 'ws';
import { resample } from '../../audio/pcm';
import { StreamResampler } from '../../audio/stream-resampler';
import { PIPELINE_RATE, type VoiceEndReason, type VoiceSessionInput, type VoiceTransport } from '../../voice/session-types';
import { VOICE_CLOSE } from '../../../contract/voice';
import type { MediaSocketContext } from '../media';

/*
 * Twilio Media Streams, bidirectional (<Connect><Stream>): JSON text frames both ways. In: connected, start
 * (with the ticket in customParameters), media (base64 audio/x-mulaw, 8 kHz mono, 20 ms a frame), dtmf, mark,
 * stop. Out: media, mark, clear. This file converts μ-law 8 kHz to the pipeline's 16 kHz floats and back, and
 * nothing else. Telnyx and SignalWire send the same shape.
 */

// alawmulaw ships CommonJS whose named exports Node's ESM loader does not see.
const { mulaw } = createRequire(import.meta.url)('alawmulaw') as typeof import('alawmulaw');

export const TWILIO_RATE = 8_000;
/** 20 ms of μ-law at 8 kHz. */
export const TWILIO_FRAME_BYTES = 160;
const MULAW_SILENCE = 0xff;
/** After the assistant hangs up, its last words are played before the stream closes (a mark tells when), this long at most. */
const HANG_UP_DRAIN_MS = 10_000;
/** The end of a stretch of assistant audio (less than a frame, and the resampler's look-ahead) goes out this long after the last audio. */
const FLUSH_AFTER_MS = 40;
/** Twilio sends `start` right after `connected`: a socket that has not said which call it is by then is closed. */
const START_WITHIN_MS = 15_000;

function floatsToMulaw(samples: Float32Array): Uint8Array {
  const pcm16 = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm16[i] = Math.round(Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32767);
  return mulaw.encode(pcm16);
}

function mulawToFloats(bytes: Uint8Array): Float32Array {
  const pcm16 = mulaw.decode(bytes);
  const floats = new Float32Array(pcm16.length);
  for (let i = 0; i < pcm16.length; i++) floats[i] = (pcm16[i] ?? 0) / 32768;
  return floats;
}

/** μ-law bytes (8 kHz) → pipeline floats (16 kHz), a whole clip at once. */
export function mulawToPipeline(bytes: Uint8Array): Float32Array {
  return resample({ sampleRate: TWILIO_RATE, samples: mulawToFloats(bytes) }, PIPELINE_RATE).samples;
}

/** Pipeline floats (16 kHz) → μ-law bytes (8 kHz), a whole clip at once. */
export function pipelineToMulaw(samples: Float32Array): Uint8Array {
  return floatsToMulaw(resample({ sampleRate: PIPELINE_RATE, samples }, TWILIO_RATE).samples);
}

interface TwilioMessage {
  event?: string;
  streamSid?: string;
  start?: { streamSid?: string; callSid?: string; customParameters?: Record<string, string> };
  media?: { payload?: string; track?: string };
  mark?: { name?: string };
  dtmf?: { digit?: string; track?: string };
}

export function acceptTwilioMedia(ws: WebSocket, context: MediaSocketContext): void {
  let streamSid: string | null = null;
  let session: VoiceSessionInput | null = null;
  let starting: Promise<void> | null = null;
  let ended = false;
  let marks = 0;
  let closeOnMark: string | null = null;
  /** Caller audio that came while the session was starting. */
  const early: { mulaw: Uint8Array; pcm: Float32Array }[] = [];
  /** Keys pressed while the session was starting. */
  const earlyKeys: string[] = [];
  // Streams, not clips: each direction keeps its resampler's context across frames (no click every 20 ms).
  const fromCaller = new StreamResampler(TWILIO_RATE, PIPELINE_RATE);
  let toCaller = new StreamResampler(PIPELINE_RATE, TWILIO_RATE);
  /** μ-law of the assistant not yet a whole frame. */
  let pending: number[] = [];
  let flushTimer: NodeJS.Timeout | null = null;

  const send = (message: object) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };

  const transport: VoiceTransport = {
    sendAudio(samples) {
      if (!streamSid) return;
      queueOut(samples, false);
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = setTimeout(() => queueOut(new Float32Array(0), true), FLUSH_AFTER_MS);
      flushTimer.unref();
    },
    clearAudio() {
      // What was not sent yet is dropped with what Twilio buffered.
      if (flushTimer) clearTimeout(flushTimer);
      pending = [];
      toCaller = new StreamResampler(PIPELINE_RATE, TWILIO_RATE);
      if (streamSid) send({ event: 'clear', streamSid });
    },
    sendMulaw(bytes) {
      // A session that speaks the line's μ-law (voice/realtime/): frames as they are, no resampling.
      if (!streamSid) return;
      for (const b of bytes) pending.push(b);
      while (pending.length >= TWILIO_FRAME_BYTES) {
        const frame = Uint8Array.from(pending.splice(0, TWILIO_FRAME_BYTES));
        send({ event: 'media', streamSid, media: { payload: Buffer.from(frame).toString('base64') } });
      }
    },
    hangUp() {
      // The session ends itself; the stream closes once what was sent has been played (Twilio then hangs up).
      ended = true;
      if (!streamSid || ws.readyState !== WebSocket.OPEN) return;
      closeOnMark = `hangup-${(marks += 1)}`;
      send({ event: 'mark', streamSid, mark: { name: closeOnMark } });
      setTimeout(() => ws.close(VOICE_CLOSE.normal), HANG_UP_DRAIN_MS).unref();
    },
  };

  /** Whole 20 ms frames out; `flush`: the rest too (the look-ahead released with silence, the last frame padded). */
  const queueOut = (samples: Float32Array, flush: boolean) => {
    const down = toCaller.push(flush ? new Float32Array(PIPELINE_RATE / 100) : samples);
    for (const b of floatsToMulaw(down)) pending.push(b);
    if (flush && pending.length % TWILIO_FRAME_BYTES !== 0) pending.push(...new Array<number>(TWILIO_FRAME_BYTES - (pending.length % TWILIO_FRAME_BYTES)).fill(MULAW_SILENCE));
    while (pending.length >= TWILIO_FRAME_BYTES) {
      const frame = Uint8Array.from(pending.splice(0, TWILIO_FRAME_BYTES));
      send({ event: 'media', streamSid, media: { payload: Buffer.from(frame).toString('base64') } });
    }
  };

  const end = async (reason: VoiceEndReason) => {
    if (ended) return;
    ended = true;
    await starting;
    await session?.end(reason);
  };

  const startTimer = setTimeout(() => {
    if (!starting) ws.close(VOICE_CLOSE.badTicket, 'no start');
  }, START_WITHIN_MS);
  startTimer.unref();

  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    let message: TwilioMessage;
    try {
      message = JSON.parse(data.toString()) as TwilioMessage;
    } catch {
      return;
    }
    switch (message.event) {
      case 'start': {
        if (starting) return;
        streamSid = message.start?.streamSid ?? message.streamSid ?? null;
        starting = context.begin(message.start?.customParameters?.ticket, transport, { providerCallId: message.start?.callSid ?? null }).then((live) => {
          if (!live) {
            ended = true;
            ws.close(VOICE_CLOSE.badTicket, 'ticket refused');
            return;
          }
          session = live.input;
          // The hold was lost (or outlived max_duration): the call ends here and the stream closes.
          live.record.onLost = () => {
            void end('error');
            ws.close(VOICE_CLOSE.normal);
          };
          // (A stop or a close meanwhile ends it in end(), which waited for this.)
          for (const frame of early.splice(0)) {
            if (session.pushMulaw) session.pushMulaw(frame.mulaw);
            else session.pushAudio(frame.pcm);
          }
          for (const key of earlyKeys.splice(0)) session.pushDigit?.(key);
        });
        return;
      }
      case 'media': {
        const payload = message.media?.payload;
        if (!payload || ended || (message.media?.track && message.media.track !== 'inbound')) return;
        const bytes = new Uint8Array(Buffer.from(payload, 'base64'));
        // A session that hears μ-law (voice/realtime/) gets the line's bytes as they are; the pipeline PCM at 16 kHz.
        if (session?.pushMulaw) session.pushMulaw(bytes);
        else if (session) session.pushAudio(fromCaller.push(mulawToFloats(bytes)));
        else if (starting) early.push({ mulaw: bytes, pcm: fromCaller.push(mulawToFloats(bytes)) });
        return;
      }
      case 'mark':
        if (closeOnMark !== null && message.mark?.name === closeOnMark) ws.close(VOICE_CLOSE.normal);
        return;
      case 'dtmf': {
        // A key the caller pressed (bidirectional streams only): the session hears it as a keypress.
        const digit = message.dtmf?.digit;
        if (typeof digit !== 'string' || ended) return;
        if (session) session.pushDigit?.(digit);
        else if (starting) earlyKeys.push(digit);
        return;
      }
      case 'stop':
        void end('caller_ended');
        ws.close(VOICE_CLOSE.normal);
        return;
      default:
        // connected: nothing to do.
        return;
    }
  });
  ws.on('close', () => {
    clearTimeout(startTimer);
    if (flushTimer) clearTimeout(flushTimer);
    void end('dropped');
  });
  ws.on('error', () => undefined);
}
