import type { IncomingMessage } from 'node:http';
import { WebSocket, type RawData } from 'ws';
import { VOICE_CLOSE, webCallClientInput, type WebCallServerMessage } from '../../contract/voice';
import { redeemTicket } from '../live-calls/tickets';
import type { VoiceServices } from '../live-calls/services';
import { recordDeps } from '../telephony/media';
import { createLiveCall } from './call-record';
import { RealtimeUnavailableError } from './realtime/client';
import type { VoiceEndReason, VoiceSessionInput, VoiceTransport } from './session-types';

/*
 * The browser's web call (src/contract/voice.ts): the socket presents its one-time ticket in the query
 * (`?ticket=`), the call is created as type web for the ticket's user and assistant, and the session speaks
 * both ways: binary frames are PCM 16-bit little-endian mono at 16 kHz (the pipeline's rate), text frames the
 * contract's JSON messages. The transport converts and nothing else.
 */

export const WEB_CALL_SOCKET_PATH = '/api/voice/web-calls/socket';

/** PCM16LE bytes → floats in [-1, 1]. */
export function pcm16ToFloats(bytes: Uint8Array): Float32Array {
  const n = bytes.byteLength >> 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, n * 2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = view.getInt16(i * 2, true) / 32768;
  return out;
}

/** Floats → PCM16LE bytes (clipped). */
export function floatsToPcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32767), i * 2);
  return out;
}

function bytesOf(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data;
}

export function acceptWebCall(ws: WebSocket, request: IncomingMessage, services: VoiceServices): void {
  let session: VoiceSessionInput | null = null;
  let ended = false;
  let callId: number | null = null;
  const early: Float32Array[] = [];
  /** Keys pressed while the session was starting (the browser may press once it is `ready`). */
  const earlyKeys: string[] = [];
  const send = (message: WebCallServerMessage) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };
  const finish = (reason: VoiceEndReason) => {
    send({ type: 'ended', call_id: callId, reason });
    if (ws.readyState === WebSocket.OPEN) ws.close(VOICE_CLOSE.normal);
  };

  const transport: VoiceTransport = {
    sendAudio(samples) {
      if (ws.readyState === WebSocket.OPEN) ws.send(floatsToPcm16(samples));
    },
    clearAudio: () => send({ type: 'clear' }),
    line: (line) => send({ type: 'transcript', ...line }),
    tool: (call) => send({ type: 'tool', ...call }),
    state: (state) => send({ type: 'state', state }),
    hangUp(reason) {
      ended = true;
      finish(reason);
    },
  };

  const end = async (reason: VoiceEndReason) => {
    if (ended) return;
    ended = true;
    await starting;
    // The browser hears at once; the call's ending (recording, post-call reading) goes on without it.
    finish(reason);
    await session?.end(reason);
  };

  // Messages are taken from the start: audio that comes while the call is being made is kept for the session.
  ws.on('message', (data, isBinary) => {
    if (ended) return;
    if (isBinary) {
      const samples = pcm16ToFloats(bytesOf(data));
      if (session) session.pushAudio(samples);
      else early.push(samples);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytesOf(data).toString());
    } catch {
      return;
    }
    const message = webCallClientInput.safeParse(parsed);
    if (!message.success) return;
    if (message.data.type === 'dtmf') {
      if (session) session.pushDigit?.(message.data.digit);
      else earlyKeys.push(message.data.digit);
    }
    else void end('caller_ended');
  });
  ws.on('close', () => void end('dropped'));
  ws.on('error', () => undefined);

  const starting = (async () => {
    const startSession = services.startSession;
    if (!startSession) {
      ended = true;
      ws.close(VOICE_CLOSE.unavailable, 'voice is not configured');
      return;
    }
    const ticketText = new URL(request.url ?? '/', 'http://localhost').searchParams.get('ticket');
    const ticket = await redeemTicket(services.db, services.now(), 'web', ticketText);
    if (!ticket) {
      ended = true;
      ws.close(VOICE_CLOSE.badTicket, 'ticket refused');
      return;
    }
    if (ws.readyState !== WebSocket.OPEN) return;
    const record = await createLiveCall(recordDeps(services), {
      userId: ticket.user_id,
      assistantId: ticket.assistant_id,
      type: 'web',
      clientPhoneNumber: '',
      assistantPhoneNumber: null,
      variables: typeof ticket.details.variables === 'object' && ticket.details.variables !== null ? (ticket.details.variables as Record<string, unknown>) : {},
    });
    if (!record) {
      ended = true;
      send({ type: 'error', message: 'The assistant is gone.' });
      ws.close(VOICE_CLOSE.normal);
      return;
    }
    callId = record.callId;
    // The hold was lost (or outlived max_duration): the call ends with what was said, the browser is told.
    record.onLost = () => void end('error');
    send({ type: 'ready', call_id: record.callId });
    try {
      session = await startSession(record.start, transport, record);
    } catch (e) {
      console.error(`Voice call ${record.callId}: the session did not start:`, e instanceof Error ? e.message : e);
      const realtime = e instanceof RealtimeUnavailableError;
      send({ type: 'error', message: realtime ? `The call could not start: ${e.message}.` : 'The call could not start.' });
      await record.ended({ reason: realtime ? 'realtime_unavailable' : 'error', wav: new Uint8Array(0), audioMs: 0, entries: [] });
      ended = true;
      finish(realtime ? 'realtime_unavailable' : 'error');
      return;
    }
    for (const frame of early.splice(0)) session.pushAudio(frame);
    for (const key of earlyKeys.splice(0)) session.pushDigit?.(key);
  })().catch((e: unknown) => {
    console.error('Web call:', e instanceof Error ? e.message : e);
    ended = true;
    if (ws.readyState === WebSocket.OPEN) ws.close(1011, 'internal error');
  });
}
