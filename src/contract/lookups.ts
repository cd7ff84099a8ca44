import { z } from 'zod';
import { boolish, idish, lenientRecord, nullableIdish, openString, textish } from './common';
import { laxId } from './request-fields';

export const phoneNumberSchema = lenientRecord({
  id: idish,
  phone_number: textish,
  country_code: textish,
  type_label: openString,
  is_available: boolish,
});
export type PhoneNumber = z.output<typeof phoneNumberSchema>;

export const VOICE_MODES = ['pipeline', 'multimodal'] as const;
export type VoiceMode = (typeof VOICE_MODES)[number];

/**
 * A voice. The hosted examples leave `mode` out and describe a voice by language, gender, accent, age
 * and a preview instead: a voice without a mode is still a voice ('' here), to be offered, not dropped.
 */
export const voiceSchema = lenientRecord({
  id: idish,
  name: openString,
  mode: openString,
  language_id: nullableIdish,
  gender: textish,
  accent: textish,
  age: textish,
  preview_url: textish,
  synthesizer_provider_id: nullableIdish,
});
export type Voice = z.output<typeof voiceSchema>;

/** A model; `type` (`llm`, `multimodal`) when the host says. */
export const llmModelSchema = lenientRecord({ id: idish, name: openString, type: textish.optional() });
export type LlmModel = z.output<typeof llmModelSchema>;

/** What a picker or a filter reads of any record (an assistant, a campaign): its id and, when there, its name. */
export const namedRecordSchema = lenientRecord({ id: idish, name: textish });
export type NamedRecord = z.output<typeof namedRecordSchema>;

export const languageSchema = lenientRecord({ id: idish, name: openString, iso_2: openString });
export type Language = z.output<typeof languageSchema>;

/**
 * Lookups are bare arrays; tolerate a `{data: [...]}` wrapper too. The list itself is required; an item
 * without an id is no record and fails it.
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), z.looseObject({ data: z.array(item) }).transform((v) => v.data)]);
}

export const phoneNumbersQuerySchema = z.object({ type: z.enum(['inbound', 'outbound']).optional() });
export const voicesQuerySchema = z.object({
  mode: z.enum(VOICE_MODES).optional(),
  language_id: laxId().optional(),
});

/** `llm` gives the text models a pipeline assistant runs on, `multimodal` the realtime ones. */
export const MODEL_TYPES = ['llm', 'multimodal'] as const;
export const modelsQuerySchema = z.object({ type: z.enum(MODEL_TYPES).optional() });

/** Synthesizer (TTS) and transcriber (STT) providers: reference data like the models. */
export const providerSchema = lenientRecord({ id: idish, name: openString, code: textish });
export type Provider = z.output<typeof providerSchema>;
export const providersQuerySchema = z.object({ language_id: laxId().optional() });

export const PHONE_TYPE_LABELS = ['Normal', 'SIP', 'Caller ID'] as const;
