import { z } from 'zod';
import { lenientRecord, numberish, openString } from './common';

/*
 * Speech (our extension, issue 23): the same voices the recordings speak with, for the console's Test chat
 * (POST /speech reads a reply aloud; GET /speech says whether there is any speech, so the speaker switch
 * hides when there is none), and keeping a conversation as a call of type web.
 */

/** Where the service's speech comes from: a TTS endpoint, eSpeak NG, or none (recordings are then a murmur). */
export const SPEECH_ENGINES = ['tts', 'espeak-ng', 'none'] as const;
export type SpeechEngineName = (typeof SPEECH_ENGINES)[number];
export const SPEECH_VOICES = ['assistant', 'customer'] as const;
/** The most POST /speech speaks at once. */
export const SPEECH_TEXT_MAX_CHARS = 1000;

// ---- requests (strict) ----

/** POST /speech: `language` is a tag such as `en`, `de` or `pt-BR` (English when absent), `voice` the assistant's by default. */
export const speechRequest = z.object({
  text: z.string().trim().min(1).max(SPEECH_TEXT_MAX_CHARS),
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, { message: 'The language field must be a language tag such as en or de-DE.' })
    .max(35)
    .optional(),
  voice: z.enum(SPEECH_VOICES).optional(),
});
export type SpeechRequestBody = z.input<typeof speechRequest>;

// ---- responses (lenient readers) ----

/** GET /speech */
export const speechInfoSchema = lenientRecord({
  engine: openString.transform((v): SpeechEngineName => (v === 'tts' || v === 'espeak-ng' ? v : 'none')),
});
export type SpeechInfo = z.output<typeof speechInfoSchema>;

/** POST /conversations/{uuid}/web-call: the call the conversation is kept as. */
export const webCallCreatedSchema = lenientRecord({ call_id: numberish });
export type WebCallCreated = z.output<typeof webCallCreatedSchema>;
