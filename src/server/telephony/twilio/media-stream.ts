import { createRequire } from 'node:module';
import { WebSocket } from 'ws';
import { resample } from '../../audio/pcm';
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

/** μ-law bytes (8 kHz) → pipeline floats (16 kHz). */
export function mulawToPipeline(bytes: Uint8Array): Float32Array {
  const pcm16 = mulaw.decode(bytes);
  const floats = new Float32Array(pcm16.length);
  for (let i = 0; i < pcm16.length; i++) floats[i] = (pcm16[i] ?? 0) / 32768;
  return resample({ sampleRate: TWILIO_RATE, samples: floats }, PIPELINE_RATE).samples;
}

/** Pipeline floats (16 kHz) → μ-law bytes (8 kHz). */
export function pipelineToMulaw(samples: Float32Array): Uint8Array {
  const down = resample({ sampleRate: PIPELINE_RATE, samples }, TWILIO_RATE).samples;
  const pcm16 = new Int16Array(down.length);
  for (let i = 0; i < down.length; i++) pcm16[i] = Math.round(Math.max(-1, Math.min(1, down[i] ?? 0)) * 32767);
  return mulaw.encode(pcm16);
}

interface TwilioMessage {
  event?: string;
  streamSid?: string;
  start?: { streamSid?: string; callSid?: string; customParameters?: Record<string, string> };
  media?: { payload?: string; track?: string };
  mark?: { name?: string };
}

export function acceptTwilioMedia(ws: WebSocket, context: MediaSocketContext): void {
  let streamSid: string | null = null;
  let session: VoiceSessionInput | null = null;
  let starting: Promise<void> | null = null;
  let ended = false;
  let marks = 0;
  let closeOnMark: string | null = null;
  /** Caller audio that came while the session was starting. */
  const early: Float32Array[] = [];

  const send = (message: object) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };

  const transport: VoiceTransport = {
    sendAudio(samples) {
      if (!streamSid) return;
      const bytes = pipelineToMulaw(samples);
      for (let at = 0; at < bytes.length; at += TWILIO_FRAME_BYTES) {
        const frame = new Uint8Array(TWILIO_FRAME_BYTES).fill(MULAW_SILENCE);
        frame.set(bytes.subarray(at, at + TWILIO_FRAME_BYTES));
        send({ event: 'media', streamSid, media: { payload: Buffer.from(frame).toString('base64') } });
      }
    },
    clearAudio() {
      if (streamSid) send({ event: 'clear', streamSid });
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

  const end = async (reason: VoiceEndReason) => {
    if (ended) return;
    ended = true;
    await starting;
    await session?.end(reason);
  };

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
        starting = context.begin(message.start?.customParameters?.ticket, transport).then((live) => {
          if (!live) {
            ended = true;
            ws.close(VOICE_CLOSE.badTicket, 'ticket refused');
            return;
          }
          session = live.input;
          // (A stop or a close meanwhile ends it in end(), which waited for this.)
          for (const frame of early.splice(0)) session.pushAudio(frame);
        });
        return;
      }
      case 'media': {
        const payload = message.media?.payload;
        if (!payload || ended || (message.media?.track && message.media.track !== 'inbound')) return;
        const samples = mulawToPipeline(Buffer.from(payload, 'base64'));
        if (session) session.pushAudio(samples);
        else if (starting) early.push(samples);
        return;
      }
      case 'mark':
        if (closeOnMark !== null && message.mark?.name === closeOnMark) ws.close(VOICE_CLOSE.normal);
        return;
      case 'stop':
        void end('caller_ended').finally(() => ws.close(VOICE_CLOSE.normal));
        return;
      default:
        // connected, dtmf: nothing to do (keypresses are not part of the conversation yet).
        return;
    }
  });
  ws.on('close', () => void end('dropped'));
  ws.on('error', () => undefined);
}
