import { z } from 'zod';
import {
  ASSISTANT_BOUNDS,
  ASSISTANT_DEFAULTS,
  CALLS_DIRECTIONS,
  ENDPOINT_TYPES,
  ENGINE_TYPES,
  KNOWLEDGEBASE_MODES,
  POST_CALL_TYPES,
  WHO_SPEAKS_FIRST,
  isTimeZone,
  laravelErrorMap,
  updateAssistantRequest,
  variablesInput,
} from '@contract';
import { currentLocale, m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/*
 * The assistant form's schema, built from the contract's request fields so the bounds and messages are the
 * service's own: a person sees the sentence the server would answer, before sending. The form's shape
 * differs from the request only where an input needs it:
 * - `variables` are key/value rows (an object has no order and cannot hold a half-typed key);
 * - `end_call_tool.description` is the nested `end_call_tool.description` path, which is also how
 *   react-hook-form reads the dotted key the server answers with;
 * - `webhook_url` is text ('' for none).
 * While a number or a choice is empty the form holds null, which the schema refuses as "required".
 *
 * The messages are read when a value is checked, in the reader's language: in English the service's own
 * sentences (laravelErrorMap); in another language `assistantErrorMap` gives way to the console's zod
 * messages (installed with z.config), and the form's own rules say theirs from the catalog.
 */

/** The service's sentences in English; in another language the console's translated zod messages. */
export const assistantErrorMap: z.core.$ZodErrorMap = (issue) => (currentLocale() === 'en' ? laravelErrorMap(issue) : undefined);

const fields = updateAssistantRequest.shape;
/** The contract's schema of one request field, without the "optional" of the update request. */
function field<K extends keyof typeof fields>(key: K): ReturnType<(typeof fields)[K]['unwrap']> {
  return fields[key].unwrap() as ReturnType<(typeof fields)[K]['unwrap']>;
}

const B = ASSISTANT_BOUNDS;

export const variableRowSchema = z.object({
  key: variablesInput.keyType,
  // The form edits values as text; the contract's text member bounds them.
  value: variablesInput.valueType.options[0],
});

const variableRows = z
  .array(variableRowSchema)
  .max(B.variables.maxKeys, { error: () => m.assistants_variables_too_many({ max: formatNumber(B.variables.maxKeys) }) })
  .superRefine((rows, ctx) => {
    const seen = new Map<string, number>();
    rows.forEach((row, i) => {
      const key = row.key.trim();
      if (key === '') return;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'key'],
          message: m.assistants_variables_duplicate_key({ key, row: formatNumber((seen.get(key) ?? 0) + 1) }),
        });
      } else seen.set(key, i);
    });
  });

/** The filler phrase lists (`filler_config`) and the service's bounds of each: at most 20 phrases of 200 characters. */
export const FILLER_KINDS = ['neutral', 'question', 'positive', 'negative'] as const;
export type FillerKind = (typeof FILLER_KINDS)[number];
export const FILLER_PHRASES_MAX = 20;
export const FILLER_PHRASE_MAX = 200;

/** A list's phrases as the form edits them, one a line: the lines that say something, trimmed. */
export function fillerPhrases(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const fillerLines = z.string().superRefine((text, ctx) => {
  const phrases = fillerPhrases(text);
  if (phrases.length > FILLER_PHRASES_MAX) {
    ctx.addIssue({ code: 'custom', message: m.assistants_fillers_too_many({ max: formatNumber(FILLER_PHRASES_MAX) }) });
  }
  const long = phrases.findIndex((p) => p.length > FILLER_PHRASE_MAX);
  if (long !== -1) {
    ctx.addIssue({ code: 'custom', message: m.assistants_fillers_too_long({ line: formatNumber(long + 1), max: formatNumber(FILLER_PHRASE_MAX) }) });
  }
});

export const assistantFormSchema = z
  .object({
    // Basics
    assistant_name: field('assistant_name'),
    calls_direction: field('calls_direction'),
    engine_type: field('engine_type'),
    // The contract's rule, with the message in the reader's language.
    timezone: z.string().refine(isTimeZone, { error: () => m.assistants_timezone_invalid() }),
    phone_number_id: field('phone_number_id'),
    folder_id: field('folder_id'),
    label_ids: field('label_ids'),
    // Voice and language
    voice_id: field('voice_id'),
    language: field('language'),
    // The hosted record's field (not in the spec's request): ids of the languages lookup, the contract's bound.
    secondary_language_ids: z.array(z.number().int().positive()).max(20, { error: () => m.assistants_secondary_languages_too_many({ max: '20' }) }),
    speech_speed: field('speech_speed'),
    voice_stability: field('voice_stability'),
    voice_similarity: field('voice_similarity'),
    // Model and prompts
    llm_model: field('llm_model'),
    llm_temperature: field('llm_temperature'),
    system_prompt: field('system_prompt'),
    initial_message: field('initial_message'),
    who_speaks_first: field('who_speaks_first'),
    // Conversation
    allow_interruptions: field('allow_interruptions'),
    use_min_interrupt_words: field('use_min_interrupt_words'),
    min_interrupt_words: field('min_interrupt_words'),
    endpoint_type: field('endpoint_type'),
    endpoint_sensitivity: field('endpoint_sensitivity'),
    interrupt_sensitivity: field('interrupt_sensitivity'),
    max_silence_duration: field('max_silence_duration'),
    re_engagement_interval: field('re_engagement_interval'),
    max_call_duration: field('max_call_duration'),
    end_call_on_voicemail: field('end_call_on_voicemail'),
    noise_cancellation: field('noise_cancellation'),
    ambient_sound_volume: field('ambient_sound_volume'),
    filler_audios: field('filler_audios'),
    filler_config: z.object({ neutral: fillerLines, question: fillerLines, positive: fillerLines, negative: fillerLines }),
    record_call: field('record_call'),
    // After the call
    post_call_evaluation: field('post_call_evaluation'),
    post_call_schema: field('post_call_schema'),
    variables: variableRows,
    // Webhooks
    is_webhook_active: field('is_webhook_active'),
    webhook_url: z
      .string()
      .trim()
      .transform((v) => (v === '' ? null : v))
      .pipe(field('webhook_url')),
    send_webhook_only_on_completed: field('send_webhook_only_on_completed'),
    include_recording_in_webhook: field('include_recording_in_webhook'),
    // Tools
    tool_ids: field('tool_ids'),
    end_call_tool: z.object({ description: field('end_call_tool.description').unwrap() }),
    // Knowledge (the hosted record's fields, beside the spec's request): the base and how it is used.
    knowledgebase_id: z.number().int().positive().nullable(),
    knowledgebase_mode: z.enum(KNOWLEDGEBASE_MODES),
  })
  // The contract's requireWebhookUrl, with the message in the reader's language. Shown together with the
  // other mistakes, not only once every field is right.
  .superRefine(
    (v, ctx) => {
      if (v.is_webhook_active === true && !v.webhook_url) {
        ctx.addIssue({ code: 'custom', path: ['webhook_url'], message: m.assistants_webhook_url_needed() });
      }
      if (v.knowledgebase_mode !== 'none' && v.knowledgebase_id == null) {
        ctx.addIssue({ code: 'custom', path: ['knowledgebase_id'], message: m.knowledge_assistant_mode_needs_base() });
      }
    },
    { when: () => true },
  );

export type AssistantFormOutput = z.output<typeof assistantFormSchema>;

/** A post-call row's type; the hosted service may hold one the form does not offer ('boolean'). */
export type PostCallType = (typeof POST_CALL_TYPES)[number] | (string & {});

/** What the form holds while a person edits it. */
export interface AssistantFormValues {
  assistant_name: string;
  calls_direction: (typeof CALLS_DIRECTIONS)[number];
  engine_type: (typeof ENGINE_TYPES)[number];
  timezone: string;
  phone_number_id: number | null;
  folder_id: number | null;
  label_ids: number[];
  voice_id: number | null;
  language: string;
  /** secondary_language_ids: the languages the assistant also understands and answers in. */
  secondary_language_ids: number[];
  speech_speed: number;
  voice_stability: number;
  voice_similarity: number;
  llm_model: string;
  llm_temperature: number;
  system_prompt: string;
  initial_message: string;
  who_speaks_first: (typeof WHO_SPEAKS_FIRST)[number];
  allow_interruptions: boolean;
  use_min_interrupt_words: boolean;
  min_interrupt_words: number | null;
  endpoint_type: (typeof ENDPOINT_TYPES)[number];
  endpoint_sensitivity: number;
  interrupt_sensitivity: number;
  max_silence_duration: number | null;
  re_engagement_interval: number | null;
  max_call_duration: number | null;
  end_call_on_voicemail: boolean;
  noise_cancellation: boolean;
  ambient_sound_volume: number;
  filler_audios: boolean;
  /** The filler phrases of each kind, one a line (`filler_config`: a list per kind). */
  filler_config: Record<FillerKind, string>;
  record_call: boolean;
  post_call_evaluation: boolean;
  post_call_schema: { name: string; type: PostCallType; description: string }[];
  variables: { key: string; value: string }[];
  is_webhook_active: boolean;
  webhook_url: string;
  send_webhook_only_on_completed: boolean;
  include_recording_in_webhook: boolean;
  tool_ids: number[];
  end_call_tool: { description: string };
  knowledgebase_id: number | null;
  knowledgebase_mode: (typeof KNOWLEDGEBASE_MODES)[number];
}

/** The zone of this browser, or UTC where the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A new assistant: the contract's defaults, nothing chosen that needs a lookup. */
export function emptyAssistantForm(timezone = browserTimeZone()): AssistantFormValues {
  const D = ASSISTANT_DEFAULTS;
  return {
    assistant_name: '',
    calls_direction: 'make',
    engine_type: 'pipeline',
    timezone,
    phone_number_id: null,
    folder_id: null,
    label_ids: [],
    voice_id: null,
    language: '',
    secondary_language_ids: [],
    speech_speed: D.speech_speed,
    voice_stability: D.voice_stability,
    voice_similarity: D.voice_similarity,
    llm_model: '',
    llm_temperature: D.llm_temperature,
    system_prompt: '',
    initial_message: '',
    who_speaks_first: D.who_speaks_first,
    allow_interruptions: true,
    use_min_interrupt_words: false,
    min_interrupt_words: D.min_interrupt_words,
    endpoint_type: D.endpoint_type,
    endpoint_sensitivity: D.endpoint_sensitivity,
    interrupt_sensitivity: D.interrupt_sensitivity,
    max_silence_duration: D.max_silence_duration,
    re_engagement_interval: D.re_engagement_interval,
    max_call_duration: D.max_call_duration,
    end_call_on_voicemail: false,
    noise_cancellation: false,
    ambient_sound_volume: D.ambient_sound_volume,
    filler_audios: false,
    filler_config: { neutral: '', question: '', positive: '', negative: '' },
    record_call: true,
    post_call_evaluation: false,
    post_call_schema: [],
    variables: [],
    is_webhook_active: false,
    webhook_url: '',
    send_webhook_only_on_completed: false,
    include_recording_in_webhook: false,
    tool_ids: [],
    end_call_tool: { description: '' },
    knowledgebase_id: null,
    knowledgebase_mode: 'none',
  };
}

/** Parses form values with the service's messages; used by the resolver and by tests. */
export function parseAssistantForm(values: unknown) {
  return assistantFormSchema.safeParse(values, { error: assistantErrorMap });
}

/** A new post-call row. */
export const emptyPostCallRow = (): AssistantFormValues['post_call_schema'][number] => ({
  name: '',
  type: 'string',
  description: '',
});

/** The bounds of a post-call row, for counters. */
export const POST_CALL_ROW = {
  nameMax: B.post_call_schema.nameMax,
  descriptionMax: B.post_call_schema.descriptionMax,
  maxRows: B.post_call_schema.maxRows,
} as const;
