import { z } from 'zod';
import { anyValue, boolish, idish, lenientList, lenientRecord, nestedRecord, nullableIdish, numberish, objectish, openString, textish } from './common';
import { namedRecordSchema } from './lookups';
import { paginatedSchema } from './pagination';
import { VARIABLES_MAX_KEYS } from './shared-inputs';

/*
 * The assistant as both sides read it: the vocabulary and bounds of its fields, its defaults, and the
 * records the API answers with, parsed leniently (a drifted field reads as empty, never fails the page).
 * The write rules (create and update requests, validated strictly) are in assistant-write.ts.
 */

export const CALLS_DIRECTIONS = ['receive', 'make'] as const;
export const ENGINE_TYPES = ['pipeline', 'multimodal'] as const;
export const ENDPOINT_TYPES = ['vad', 'ai'] as const;
export const WHO_SPEAKS_FIRST = ['AI assistant', 'Customer'] as const;
export const POST_CALL_TYPES = ['string', 'number', 'bool'] as const;

/** Bounds of the create/update assistant fields: the service enforces them, the form shows them. */
export const ASSISTANT_BOUNDS = {
  assistant_name: { max: 255 },
  endpoint_sensitivity: { min: 0, max: 5, step: 0.5 },
  interrupt_sensitivity: { min: 0, max: 5, step: 0.5 },
  ambient_sound_volume: { min: 0, max: 1, step: 0.05 },
  llm_temperature: { min: 0, max: 1, step: 0.05 },
  voice_stability: { min: 0, max: 1, step: 0.05 },
  voice_similarity: { min: 0, max: 1, step: 0.05 },
  speech_speed: { min: 0.7, max: 1.2, step: 0.05 },
  re_engagement_interval: { min: 7, max: 600 },
  max_call_duration: { min: 20, max: 1200 },
  max_silence_duration: { min: 1, max: 120 },
  min_interrupt_words: { min: 0, max: 10 },
  end_call_tool_description: { max: 500 },
  initial_message: { max: 2000 },
  system_prompt: { max: 20000 },
  post_call_schema: { maxRows: 50, nameMax: 64, descriptionMax: 500 },
  variables: { maxKeys: VARIABLES_MAX_KEYS },
  // Kept and returned, not acted on (the hosted API's clients send them; bounds are ours, wide enough for any
  // sensible value): seconds of ringing before giving up, seconds of silence at the start, a 0-1 threshold.
  ringing_time: { min: 1, max: 300 },
  max_initial_silence_duration: { min: 1, max: 600 },
  turn_detection_threshold: { min: 0, max: 1 },
} as const;

export const ASSISTANT_DEFAULTS = {
  endpoint_type: 'vad',
  endpoint_sensitivity: 2.5,
  interrupt_sensitivity: 2.5,
  ambient_sound_volume: 0.2,
  llm_temperature: 0.3,
  voice_stability: 0.5,
  voice_similarity: 0.75,
  speech_speed: 1,
  re_engagement_interval: 30,
  max_call_duration: 600,
  max_silence_duration: 15,
  min_interrupt_words: 0,
  who_speaks_first: 'AI assistant',
} as const;

// ---- records, parsed leniently ----
export const postCallFieldSchema = lenientRecord({
  name: openString,
  /** `bool` in the spec, `boolean` in some hosted examples: shown as sent. */
  type: openString,
  description: openString,
});

/** An item of `tools`: an attached mid-call tool record, or a built-in `{type, data}` item (`end_call`, ...). */
export const assistantToolItemSchema = lenientRecord({
  id: nullableIdish.optional(),
  name: textish.optional(),
  type: textish.optional(),
  data: z.unknown().optional(),
});
export type AssistantToolItem = z.output<typeof assistantToolItemSchema>;

/** Filler phrases per mood; a list of anything reads as its words, anything else as none. */
const phrases = anyValue((v): string[] | undefined =>
  Array.isArray(v) ? v.filter((item) => item !== null && item !== undefined).map(String) : undefined,
);
export const fillerConfigSchema = nestedRecord(
  lenientRecord({
    neutral: phrases.optional(),
    negative: phrases.optional(),
    positive: phrases.optional(),
    question: phrases.optional(),
  }),
);

/** A list of ids (`secondary_language_ids`, `label_ids`): items that are no id are left out. */
const idList = lenientList(idish);

export const assistantSchema = lenientRecord({
  id: idish,
  user_id: nullableIdish,
  phone_number_id: nullableIdish,
  engine_id: nullableIdish.optional(),
  synthesizer_id: nullableIdish.optional(),
  transcriber_id: nullableIdish.optional(),
  voice_id: nullableIdish,
  instance_id: nullableIdish.optional(),
  name: openString,
  variables: objectish,
  post_call_evaluation: boolish,
  fillers: boolish,
  post_call_schema: lenientList(postCallFieldSchema),
  tools: lenientList(assistantToolItemSchema),
  is_webhook_active: boolish,
  webhook_url: textish,
  inbound_webhook_url: textish,
  language: textish,
  type: openString,
  status: openString,
  max_duration: numberish,
  record: boolish,
  initial_message: textish,
  system_prompt: textish,
  flows_platform_id: nullableIdish.optional(),
  timezone: textish,
  created_at: textish,
  updated_at: textish,
  max_silence_duration: numberish,
  reengagement_interval: numberish,
  reengagement_prompt: textish,
  voice_mail_message: textish,
  deleted_at: textish.optional(),
  end_call_on_voicemail: boolish,
  llm_temperature: numberish,
  voice_stability: numberish,
  voice_similarity: numberish,
  speech_speed: numberish,
  allow_interruptions: boolish,
  enable_noise_cancellation: boolish,
  endpoint_sensitivity: numberish,
  interrupt_sensitivity: numberish,
  endpoint_type: textish,
  wait_for_customer: boolish,
  mode: openString,
  language_id: nullableIdish,
  secondary_language_ids: idList,
  transcriber_provider_id: nullableIdish.optional(),
  synthesizer_provider_id: nullableIdish.optional(),
  llm_model_id: nullableIdish,
  multimodal_model_id: nullableIdish.optional(),
  ambient_sound: textish,
  ambient_sound_volume: numberish,
  uuid: textish,
  send_webhook_only_on_completed: boolish,
  include_recording_in_webhook: boolish,
  filler_config: fillerConfigSchema,
  knowledgebase_id: nullableIdish.optional(),
  knowledgebase_mode: textish.optional(),
  label_ids: idList,
  /** The assistant's folder (ours and the hosted API's newer field); null when it is in none. */
  folder_id: nullableIdish,
  // Kept and returned by the local service, not acted on.
  ringing_time: numberish,
  max_initial_silence_duration: numberish,
  tts_emotion_enabled: boolish,
  chat_llm_fallback_id: nullableIdish,
  turn_detection_threshold: numberish,
  min_interrupt_words: numberish,
  widget_settings: objectish.optional(),
});
export type Assistant = z.output<typeof assistantSchema>;

export const assistantSummarySchema = lenientRecord({
  id: idish,
  user_id: nullableIdish,
  name: openString,
  initial_message: textish,
  system_prompt: textish,
  timezone: textish,
  type: openString,
  mode: openString,
  status: openString,
  voice_id: nullableIdish,
  language_id: nullableIdish,
  variables: objectish,
  webhook_url: textish,
  is_webhook_active: boolish,
  created_at: textish,
  updated_at: textish,
});
export type AssistantSummary = z.output<typeof assistantSummarySchema>;

/** GET /user/assistants/get: one page of assistants. */
export const assistantsPageSchema = paginatedSchema(assistantSchema);

/** GET /user/assistants/get as a picker reads it (the call log's filter): ids and names. */
export const assistantNamesPageSchema = paginatedSchema(namedRecordSchema);

/** What create answers of the new assistant. */
export const assistantMutationDataSchema = lenientRecord({
  id: idish,
  name: openString,
  status: openString,
  type: openString,
  mode: openString,
});

/** Create answers `{message, data: {id, ...}}`: the new assistant's id is required, the message is not. */
export const assistantMutationResponseSchema = lenientRecord({ message: openString, data: assistantMutationDataSchema }, ['data']);
