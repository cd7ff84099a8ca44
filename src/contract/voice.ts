import { z } from 'zod';
import { idish, lenientRecord, nullableIdish, numberish, openString, textish } from './common';

/*
 * Real-time voice (our extension): the browser's web call and what the console learns of the service's voice.
 *
 * A web call in three steps:
 * 1. `POST /api/voice/web-calls` `{assistant_id, variables?}` with the API token → 201 `{ticket, socket_path,
 *    expires_at}`: a one-time ticket, valid 60 seconds, bound to the user and the assistant. 422 `{message,
 *    errors}` for another user's or an unknown assistant; 503 `{message}` naming STT_BASE_URL / LLM_BASE_URL when
 *    the service cannot hear or think.
 * 2. The browser opens a WebSocket to `socket_path` (same origin, `ws:`/`wss:`) with `?ticket=…` in the query:
 *    the ticket, never the API token, is in the URL. A ticket used or expired is refused (close code 4401).
 * 3. Both ways: binary frames are audio, PCM 16-bit little-endian, mono, 16 kHz (the browser resamples in its
 *    AudioWorklet); text frames are the JSON messages below. The call ends on `{type: 'end'}`, on the
 *    assistant's end_call, on silence, at max_duration, or when the socket drops (what was said is kept).
 */

/** Audio on the web-call socket, both ways. */
export const WEB_CALL_SAMPLE_RATE = 16_000;

export const webCallStartRequest = z.object({
  assistant_id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).transform(Number),
  variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type WebCallStart = z.input<typeof webCallStartRequest>;

export const webCallTicketSchema = lenientRecord({
  ticket: textish,
  socket_path: textish,
  expires_at: textish,
});
export type WebCallTicket = z.output<typeof webCallTicketSchema>;

/** What the service can do with voice (part of GET /api/local/info). */
export const voiceInfoSchema = lenientRecord({
  /** STT_BASE_URL is set (the service can hear). */
  transcription: z.boolean().catch(false),
  /** LLM_BASE_URL is set (the service can think). */
  model: z.boolean().catch(false),
  /** Where speech comes from: 'tts', 'espeak-ng' or null (none: the assistant cannot speak). */
  speech: z.string().nullable().catch(null),
  /** Both of the above: a web call can start. */
  web_call: z.boolean().catch(false),
  /** REALTIME_BASE_URL is set: multimodal and dualplex assistants can hold calls (absent from older services: false). */
  realtime: z.boolean().catch(false),
});
export type VoiceInfo = z.output<typeof voiceInfoSchema>;

/** The pipeline's state, as the console shows it. */
export const VOICE_STATES = ['listening', 'thinking', 'speaking', 'ended'] as const;

/**
 * Service → browser, text frames: socket messages, not HTTP answers (a message the console cannot read, of a
 * newer service, is skipped by web-call-session.ts rather than read leniently).
 */
export const webCallServerMessage = z.discriminatedUnion('type', [
  /** The call exists (in the call log as type web). */
  z.object({ type: z.literal('ready'), call_id: idish }),
  z.object({ type: z.literal('state'), state: openString }),
  /**
   * A transcript line as it grows: the same `id` comes again with more text (`final: false` while the caller is
   * still speaking or the assistant's sentences are still coming), then once with `final: true`. An assistant
   * line cut by the caller ends with `interrupted: true` and only the words that were played.
   */
  z.object({
    type: z.literal('transcript'),
    id: textish,
    sender: z.enum(['human', 'bot']).catch('bot'),
    text: textish,
    final: z.boolean().catch(false),
    interrupted: z.boolean().optional().catch(undefined),
    latency_ms: numberish.optional().catch(undefined),
  }),
  /** A mid-call tool the assistant called (shown in the transcript; nothing is spoken). */
  z.object({ type: z.literal('tool'), name: textish, arguments: z.unknown(), result: z.unknown().optional(), error: z.string().nullable().optional() }),
  /** Barge-in: drop every buffered sample of the assistant's audio now. */
  z.object({ type: z.literal('clear') }),
  z.object({ type: z.literal('ended'), call_id: nullableIdish, reason: textish }),
  z.object({ type: z.literal('error'), message: textish }),
]);
export type WebCallServerMessage = z.output<typeof webCallServerMessage>;

/** Keys of a telephone keypad (DTMF), as a caller presses them. */
export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
export type KeypadKey = (typeof KEYPAD_KEYS)[number];

/**
 * Browser → service, text frames. `dtmf`: the caller pressed a key of the panel's keypad (one message a key);
 * the assistant hears it as a keypress (collect_keypad, or a turn of keys).
 */
export const webCallClientInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('dtmf'), digit: z.enum(KEYPAD_KEYS) }),
]);
export type WebCallClientMessage = z.output<typeof webCallClientInput>;

/** WebSocket close codes of the voice sockets. */
export const VOICE_CLOSE = {
  /** The call ended normally. */
  normal: 1000,
  /** No ticket, a used one, or an expired one. */
  badTicket: 4401,
  /** Voice is not configured (no STT_BASE_URL or no model). */
  unavailable: 4503,
} as const;

/** POST /api/user/phone-numbers/import (our extension): a number the user owns at Twilio, answered by the service. */
export const phoneNumberImportRequest = z.object({
  provider: z.literal('twilio'),
  phone_number: z.string().trim().min(1),
  account_sid: z.string().trim().regex(/^AC[0-9a-fA-F]{32}$/, 'The account sid must be AC followed by 32 hexadecimal digits.'),
  // Twilio's are 32 hexadecimal digits; the cap keeps the Basic credentials within any server's header limit.
  auth_token: z.string().trim().min(1).max(256),
});
export type PhoneNumberImport = z.input<typeof phoneNumberImportRequest>;
