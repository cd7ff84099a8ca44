import { z } from 'zod';
import { boolish, idish, openString, textish } from './common';

export const phoneNumberSchema = z.looseObject({
  id: idish,
  phone_number: textish,
  country_code: textish,
  type_label: openString,
  is_available: boolish,
});
export type PhoneNumber = z.output<typeof phoneNumberSchema>;

export const VOICE_MODES = ['pipeline', 'multimodal'] as const;
export type VoiceMode = (typeof VOICE_MODES)[number];

export const voiceSchema = z.looseObject({ id: idish, name: openString, mode: openString });
export type Voice = z.output<typeof voiceSchema>;

export const llmModelSchema = z.looseObject({ id: idish, name: openString });
export type LlmModel = z.output<typeof llmModelSchema>;

export const languageSchema = z.looseObject({ id: idish, name: openString, iso_2: openString });
export type Language = z.output<typeof languageSchema>;

/** Lookups are bare arrays; tolerate a `{data: [...]}` wrapper too. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), z.looseObject({ data: z.array(item) }).transform((v) => v.data)]);
}

export const phoneNumbersQuerySchema = z.object({ type: z.enum(['inbound', 'outbound']).optional() });
export const voicesQuerySchema = z.object({ mode: z.enum(VOICE_MODES).optional() });

export const PHONE_TYPE_LABELS = ['Normal', 'SIP', 'Caller ID'] as const;
