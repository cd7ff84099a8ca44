import { z } from 'zod';
import { boolish, idish, nullableIdish, numberish, objectish, openString, textish } from './common';
import { httpUrl, isTimeZone } from './validation';

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
  variables: { maxKeys: 100 },
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
export const postCallFieldSchema = z.looseObject({
  name: openString,
  type: openString,
  description: openString,
});

/** An item of `tools`: an attached mid-call tool record, or a built-in `{type, data}` item. */
export const assistantToolItemSchema = z.looseObject({
  id: nullableIdish.optional(),
  name: textish.optional(),
  type: textish.optional(),
  data: z.unknown().optional(),
});
export type AssistantToolItem = z.output<typeof assistantToolItemSchema>;

const stringArray = z.array(z.unknown()).transform((v) => v.map(String));
export const fillerConfigSchema = z
  .looseObject({
    neutral: stringArray.optional(),
    negative: stringArray.optional(),
    positive: stringArray.optional(),
    question: stringArray.optional(),
  })
  .nullish();

export const assistantSchema = z.looseObject({
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
  post_call_schema: z.array(postCallFieldSchema).nullish().transform((v) => v ?? []),
  tools: z.array(assistantToolItemSchema).nullish().transform((v) => v ?? []),
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
  min_interrupt_words: numberish,
  widget_settings: objectish.optional(),
});
export type Assistant = z.output<typeof assistantSchema>;

export const assistantSummarySchema = z.looseObject({
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

export const assistantMutationResponseSchema = z.looseObject({
  message: z.string(),
  data: z.looseObject({ id: idish, name: openString, status: openString, type: openString, mode: openString }),
});

// ---- requests, validated strictly ----
const B = ASSISTANT_BOUNDS;
const num = (b: { min: number; max: number }) => z.number().min(b.min).max(b.max);
const int = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max);

export const postCallFieldInput = z.object({
  name: z.string().trim().min(1).max(B.post_call_schema.nameMax),
  type: z.enum(POST_CALL_TYPES),
  description: z.string().max(B.post_call_schema.descriptionMax).default(''),
});

export const variableValue = z.union([z.string().max(10000), z.number(), z.boolean(), z.null()]);
export const variablesInput = z
  .record(z.string().trim().min(1).max(255), variableValue)
  .refine((v) => Object.keys(v).length <= B.variables.maxKeys, {
    message: `The variables field must not have more than ${B.variables.maxKeys} items.`,
  });

const assistantFields = {
  assistant_name: z.string().trim().min(1).max(B.assistant_name.max),
  voice_id: z.number().int(),
  language: z.string().trim().min(1),
  llm_model: z.string().trim().min(1),
  calls_direction: z.enum(CALLS_DIRECTIONS),
  engine_type: z.enum(ENGINE_TYPES),
  timezone: z.string().refine(isTimeZone, { message: 'The timezone field must be a valid timezone.' }),
  initial_message: z.string().max(B.initial_message.max),
  system_prompt: z.string().trim().min(1).max(B.system_prompt.max),
  phone_number_id: z.number().int().nullable(),
  tool_ids: z.array(z.number().int()).max(50),
  endpoint_type: z.enum(ENDPOINT_TYPES),
  endpoint_sensitivity: num(B.endpoint_sensitivity),
  interrupt_sensitivity: num(B.interrupt_sensitivity),
  ambient_sound_volume: num(B.ambient_sound_volume),
  post_call_evaluation: z.boolean(),
  send_webhook_only_on_completed: z.boolean(),
  include_recording_in_webhook: z.boolean(),
  is_webhook_active: z.boolean(),
  webhook_url: httpUrl.max(2048).nullable(),
  use_min_interrupt_words: z.boolean(),
  min_interrupt_words: int(B.min_interrupt_words),
  variables: variablesInput,
  post_call_schema: z.array(postCallFieldInput).max(B.post_call_schema.maxRows),
  'end_call_tool.description': z.string().max(B.end_call_tool_description.max).nullable(),
  llm_temperature: num(B.llm_temperature),
  voice_stability: num(B.voice_stability),
  voice_similarity: num(B.voice_similarity),
  speech_speed: num(B.speech_speed),
  allow_interruptions: z.boolean(),
  filler_audios: z.boolean(),
  re_engagement_interval: int(B.re_engagement_interval),
  max_call_duration: int(B.max_call_duration),
  max_silence_duration: int(B.max_silence_duration),
  end_call_on_voicemail: z.boolean(),
  noise_cancellation: z.boolean(),
  record_call: z.boolean(),
  who_speaks_first: z.enum(WHO_SPEAKS_FIRST),
};

type Fields = typeof assistantFields;
/** Required on create; the rest are optional there, and everything is optional on update. */
export const ASSISTANT_REQUIRED_ON_CREATE = [
  'assistant_name',
  'voice_id',
  'language',
  'llm_model',
  'calls_direction',
  'engine_type',
  'timezone',
  'system_prompt',
] as const satisfies readonly (keyof Fields)[];

const optionalFields = Object.fromEntries(
  Object.entries(assistantFields).map(([k, v]) => [k, v.optional()]),
) as { [K in keyof Fields]: z.ZodOptional<Fields[K]> };

/** The cross-field rule of create and update (and of the console's form): a live webhook needs a URL. */
export function requireWebhookUrl(
  v: { is_webhook_active?: boolean | undefined; webhook_url?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.is_webhook_active === true && !v.webhook_url) {
    ctx.addIssue({
      code: 'custom',
      path: ['webhook_url'],
      message: 'The webhook url field is required when is webhook active is true.',
    });
  }
}

/**
 * The documented body has `post_call_schema` items whose keys read literally `post_call_schema[].name`;
 * both spellings are taken and normalised to plain `name`/`type`/`description`. `end_call_tool` may come
 * as the dotted key (documented) or as a nested object.
 */
export function normalizeAssistantBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (Array.isArray(out.post_call_schema)) {
    out.post_call_schema = out.post_call_schema.map((row: unknown) => {
      if (typeof row !== 'object' || row === null) return row;
      const r = row as Record<string, unknown>;
      const pick = (k: string) => (k in r ? r[k] : r[`post_call_schema[].${k}`]);
      return { name: pick('name'), type: pick('type'), description: pick('description') };
    });
  }
  const nested = out.end_call_tool;
  if (nested && typeof nested === 'object' && !Array.isArray(nested) && !('end_call_tool.description' in out)) {
    out['end_call_tool.description'] = (nested as Record<string, unknown>).description;
  }
  delete out.end_call_tool;
  return out;
}

export const createAssistantRequest = z
  .object({
    ...optionalFields,
    assistant_name: assistantFields.assistant_name,
    voice_id: assistantFields.voice_id,
    language: assistantFields.language,
    llm_model: assistantFields.llm_model,
    calls_direction: assistantFields.calls_direction,
    engine_type: assistantFields.engine_type,
    timezone: assistantFields.timezone,
    system_prompt: assistantFields.system_prompt,
  } satisfies Record<(typeof ASSISTANT_REQUIRED_ON_CREATE)[number], z.ZodType> & Record<string, z.ZodType>)
  .superRefine(requireWebhookUrl);
export type CreateAssistantRequest = z.input<typeof createAssistantRequest>;

export const updateAssistantRequest = z.object(optionalFields).superRefine(requireWebhookUrl);
export type UpdateAssistantRequest = z.input<typeof updateAssistantRequest>;

export const inboundWebhookEnableRequest = z.object({
  assistant_id: z.number().int(),
  webhook_url: httpUrl.max(2048),
});
export const assistantIdRequest = z.object({ assistant_id: z.number().int() });

export const callsDirectionToType = { receive: 'inbound', make: 'outbound' } as const;
