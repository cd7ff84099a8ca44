import {
  ASSISTANT_DEFAULTS,
  KNOWLEDGEBASE_MODES,
  type Assistant,
  type CreateAssistantRequest,
  type Language,
  type LlmModel,
  type UpdateAssistantRequest,
} from '@contract';
import { isAttachedTool } from './attached-tools';
import { browserTimeZone, FILLER_KINDS, fillerPhrases, type AssistantFormOutput, type AssistantFormValues, type FillerKind } from './form-schema';

/*
 * Between the Assistant record (what the API shows), the form's values, and the create/update request
 * (what the API takes): the three name the same things differently (`type: 'inbound'` is
 * `calls_direction: 'receive'`, `max_duration` is `max_call_duration`, the model is an id in the record
 * and a name in the request).
 */

export function attachedToolIds(record: Pick<Assistant, 'tools'>): number[] {
  return record.tools.filter(isAttachedTool).map((t) => t.id);
}

/** The end-call tool's description, from the built-in `{type: 'end_call', data: {description}}` item. */
export function endCallDescription(record: Pick<Assistant, 'tools'>): string {
  const item = record.tools.find((t) => t.type === 'end_call');
  const data = item?.data;
  if (data && typeof data === 'object' && 'description' in data) {
    const d = (data as { description?: unknown }).description;
    return typeof d === 'string' ? d : '';
  }
  return '';
}

function variableText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export interface FormLookups {
  languages: readonly Language[];
  models: readonly LlmModel[];
}

/** The language as the languages list spells it: by name (any case), then by id. */
function languageName(record: Pick<Assistant, 'language' | 'language_id'>, languages: readonly Language[]): string {
  const named = record.language?.trim().toLowerCase();
  const byName = named ? languages.find((l) => l.name.toLowerCase() === named) : undefined;
  if (byName) return byName.name;
  const byId = record.language_id !== null ? languages.find((l) => l.id === record.language_id) : undefined;
  // A language the list does not hold still shows, as the record has it.
  return byId?.name ?? record.language ?? '';
}

const num = (v: number | null, fallback: number) => (v === null ? fallback : v);

type KnowledgebaseMode = (typeof KNOWLEDGEBASE_MODES)[number];
/** The record's mode; one the form does not know (or none without a base) reads as 'none'. */
function knowledgebaseMode(record: Pick<Assistant, 'knowledgebase_id' | 'knowledgebase_mode'>): KnowledgebaseMode {
  const mode = KNOWLEDGEBASE_MODES.find((m) => m === record.knowledgebase_mode);
  return mode && record.knowledgebase_id != null ? mode : 'none';
}

/** The record's filler phrases as the form edits them: each kind's list, one phrase a line. */
function fillerLines(config: Assistant['filler_config']): Record<FillerKind, string> {
  const out = { neutral: '', question: '', positive: '', negative: '' };
  for (const kind of FILLER_KINDS) out[kind] = (config?.[kind] ?? []).join('\n');
  return out;
}

/** The request's `filler_config`: every kind's phrases as a list (the service replaces the whole config). */
export function fillerConfigOf(lines: Record<FillerKind, string>): FillerConfig {
  return { neutral: fillerPhrases(lines.neutral), question: fillerPhrases(lines.question), positive: fillerPhrases(lines.positive), negative: fillerPhrases(lines.negative) };
}

export type FillerConfig = Record<FillerKind, string[]>;

/** The form's values for an existing assistant (edit, and the base of a duplicate). */
export function assistantToForm(record: Assistant, lookups: FormLookups): AssistantFormValues {
  const D = ASSISTANT_DEFAULTS;
  const minWords = record.min_interrupt_words ?? 0;
  return {
    assistant_name: record.name,
    calls_direction: record.type === 'inbound' ? 'receive' : 'make',
    engine_type: record.mode === 'multimodal' ? 'multimodal' : 'pipeline',
    timezone: record.timezone ?? browserTimeZone(),
    phone_number_id: record.phone_number_id,
    folder_id: record.folder_id,
    label_ids: [...record.label_ids],
    voice_id: record.voice_id,
    language: languageName(record, lookups.languages),
    secondary_language_ids: [...(record.secondary_language_ids ?? [])],
    speech_speed: num(record.speech_speed, D.speech_speed),
    voice_stability: num(record.voice_stability, D.voice_stability),
    voice_similarity: num(record.voice_similarity, D.voice_similarity),
    llm_model:
      lookups.models.find((m) => m.id === record.llm_model_id)?.name ??
      lookups.models.find((m) => m.id === record.multimodal_model_id)?.name ??
      '',
    llm_temperature: num(record.llm_temperature, D.llm_temperature),
    system_prompt: record.system_prompt ?? '',
    initial_message: record.initial_message ?? '',
    who_speaks_first: record.wait_for_customer ? 'Customer' : 'AI assistant',
    allow_interruptions: record.allow_interruptions,
    use_min_interrupt_words: minWords > 0,
    min_interrupt_words: minWords,
    endpoint_type: record.endpoint_type === 'ai' ? 'ai' : 'vad',
    endpoint_sensitivity: num(record.endpoint_sensitivity, D.endpoint_sensitivity),
    interrupt_sensitivity: num(record.interrupt_sensitivity, D.interrupt_sensitivity),
    max_silence_duration: num(record.max_silence_duration, D.max_silence_duration),
    re_engagement_interval: num(record.reengagement_interval, D.re_engagement_interval),
    max_call_duration: num(record.max_duration, D.max_call_duration),
    end_call_on_voicemail: record.end_call_on_voicemail,
    noise_cancellation: record.enable_noise_cancellation,
    ambient_sound_volume: num(record.ambient_sound_volume, D.ambient_sound_volume),
    filler_audios: record.fillers,
    filler_config: fillerLines(record.filler_config),
    record_call: record.record,
    post_call_evaluation: record.post_call_evaluation,
    post_call_schema: record.post_call_schema.map((row) => ({
      name: row.name,
      // The hosted service has been seen to say 'boolean' where the spec says 'bool'.
      type: row.type === 'boolean' ? 'bool' : row.type,
      description: row.description,
    })),
    variables: Object.entries(record.variables).map(([key, value]) => ({ key, value: variableText(value) })),
    is_webhook_active: record.is_webhook_active,
    webhook_url: record.webhook_url ?? '',
    send_webhook_only_on_completed: record.send_webhook_only_on_completed,
    include_recording_in_webhook: record.include_recording_in_webhook,
    tool_ids: attachedToolIds(record),
    end_call_tool: { description: endCallDescription(record) },
    knowledgebase_id: record.knowledgebase_id ?? null,
    knowledgebase_mode: knowledgebaseMode(record),
  };
}

/**
 * A new assistant prefilled from an existing one. An inbound number belongs to one assistant, so the
 * copy of an inbound assistant starts without one.
 */
export function duplicateToForm(record: Assistant, lookups: FormLookups): AssistantFormValues {
  const values = assistantToForm(record, lookups);
  return {
    ...values,
    assistant_name: `${record.name} (copy)`.slice(0, 255),
    phone_number_id: values.calls_direction === 'receive' ? null : values.phone_number_id,
  };
}

/**
 * Variable rows to the request's object. A value left as it was keeps its original type (a number stays
 * a number); a typed one is text, as the form edits it.
 */
export function rowsToVariables(
  rows: readonly { key: string; value: string }[],
  original: Readonly<Record<string, unknown>> = {},
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (key === '') continue;
    const before = original[key];
    const unchanged =
      Object.prototype.hasOwnProperty.call(original, key) &&
      (before === null || typeof before === 'number' || typeof before === 'boolean') &&
      variableText(before) === row.value;
    out[key] = unchanged ? (before as number | boolean | null) : row.value;
  }
  return out;
}

/** The hosted record's knowledge fields, which the local service takes too (not in the spec's request). */
export interface KnowledgeRequestFields {
  knowledgebase_id: number | null;
  knowledgebase_mode: KnowledgebaseMode;
}

export type AssistantRequestBody = Required<Omit<CreateAssistantRequest, 'phone_number_id'>> & {
  phone_number_id: number | null;
  /** Not in the spec's request; the hosted API and the local service take it (shared/spec/service-api.md). */
  filler_config: FillerConfig;
  /** Not in the spec's request either: the hosted record's secondary languages (ids of the languages lookup). */
  secondary_language_ids: number[];
} & KnowledgeRequestFields;

/** Every field of the request, from validated form values. */
export function formToRequest(
  v: AssistantFormOutput,
  originalVariables: Readonly<Record<string, unknown>> = {},
): AssistantRequestBody {
  const endCall = v.end_call_tool.description.trim();
  return {
    assistant_name: v.assistant_name,
    calls_direction: v.calls_direction,
    engine_type: v.engine_type,
    timezone: v.timezone,
    phone_number_id: v.phone_number_id,
    folder_id: v.folder_id,
    label_ids: v.label_ids,
    voice_id: v.voice_id,
    language: v.language,
    secondary_language_ids: v.secondary_language_ids,
    speech_speed: v.speech_speed,
    voice_stability: v.voice_stability,
    voice_similarity: v.voice_similarity,
    llm_model: v.llm_model,
    llm_temperature: v.llm_temperature,
    system_prompt: v.system_prompt,
    initial_message: v.initial_message,
    who_speaks_first: v.who_speaks_first,
    allow_interruptions: v.allow_interruptions,
    use_min_interrupt_words: v.use_min_interrupt_words,
    min_interrupt_words: v.min_interrupt_words,
    endpoint_type: v.endpoint_type,
    endpoint_sensitivity: v.endpoint_sensitivity,
    interrupt_sensitivity: v.interrupt_sensitivity,
    max_silence_duration: v.max_silence_duration,
    re_engagement_interval: v.re_engagement_interval,
    max_call_duration: v.max_call_duration,
    end_call_on_voicemail: v.end_call_on_voicemail,
    noise_cancellation: v.noise_cancellation,
    ambient_sound_volume: v.ambient_sound_volume,
    filler_audios: v.filler_audios,
    filler_config: fillerConfigOf(v.filler_config),
    record_call: v.record_call,
    post_call_evaluation: v.post_call_evaluation,
    post_call_schema: v.post_call_schema.map((r) => ({ name: r.name, type: r.type, description: r.description })),
    variables: rowsToVariables(v.variables, originalVariables),
    is_webhook_active: v.is_webhook_active,
    webhook_url: v.webhook_url,
    send_webhook_only_on_completed: v.send_webhook_only_on_completed,
    include_recording_in_webhook: v.include_recording_in_webhook,
    tool_ids: v.tool_ids,
    'end_call_tool.description': endCall === '' ? null : v.end_call_tool.description,
    knowledgebase_id: v.knowledgebase_id,
    knowledgebase_mode: v.knowledgebase_id === null ? 'none' : v.knowledgebase_mode,
  };
}

/** The create request: a number left empty is not sent, nor the knowledge fields when no base is chosen. */
export function formToCreateRequest(v: AssistantFormOutput): CreateAssistantRequest & Partial<KnowledgeRequestFields> {
  const { phone_number_id, knowledgebase_id, knowledgebase_mode, ...rest } = formToRequest(v);
  const knowledge = knowledgebase_id === null ? {} : { knowledgebase_id, knowledgebase_mode };
  return phone_number_id === null ? { ...rest, ...knowledge } : { ...rest, ...knowledge, phone_number_id };
}

type FormKey = keyof AssistantFormValues;
type RequestKey = keyof AssistantRequestBody;

/** The request field each form field becomes. */
const requestKeyOf: { [K in FormKey]: RequestKey } = {
  assistant_name: 'assistant_name',
  calls_direction: 'calls_direction',
  engine_type: 'engine_type',
  timezone: 'timezone',
  phone_number_id: 'phone_number_id',
  folder_id: 'folder_id',
  label_ids: 'label_ids',
  voice_id: 'voice_id',
  language: 'language',
  secondary_language_ids: 'secondary_language_ids',
  speech_speed: 'speech_speed',
  voice_stability: 'voice_stability',
  voice_similarity: 'voice_similarity',
  llm_model: 'llm_model',
  llm_temperature: 'llm_temperature',
  system_prompt: 'system_prompt',
  initial_message: 'initial_message',
  who_speaks_first: 'who_speaks_first',
  allow_interruptions: 'allow_interruptions',
  use_min_interrupt_words: 'use_min_interrupt_words',
  min_interrupt_words: 'min_interrupt_words',
  endpoint_type: 'endpoint_type',
  endpoint_sensitivity: 'endpoint_sensitivity',
  interrupt_sensitivity: 'interrupt_sensitivity',
  max_silence_duration: 'max_silence_duration',
  re_engagement_interval: 're_engagement_interval',
  max_call_duration: 'max_call_duration',
  end_call_on_voicemail: 'end_call_on_voicemail',
  noise_cancellation: 'noise_cancellation',
  ambient_sound_volume: 'ambient_sound_volume',
  filler_audios: 'filler_audios',
  filler_config: 'filler_config',
  record_call: 'record_call',
  post_call_evaluation: 'post_call_evaluation',
  post_call_schema: 'post_call_schema',
  variables: 'variables',
  is_webhook_active: 'is_webhook_active',
  webhook_url: 'webhook_url',
  send_webhook_only_on_completed: 'send_webhook_only_on_completed',
  include_recording_in_webhook: 'include_recording_in_webhook',
  tool_ids: 'tool_ids',
  end_call_tool: 'end_call_tool.description',
  knowledgebase_id: 'knowledgebase_id',
  knowledgebase_mode: 'knowledgebase_mode',
};

/** Fields that mean something only together: a change to one sends the others. */
const travelTogether: readonly (readonly RequestKey[])[] = [
  ['is_webhook_active', 'webhook_url'],
  ['use_min_interrupt_words', 'min_interrupt_words'],
  // A new direction re-checks the number; a new mode re-checks the voice.
  ['calls_direction', 'phone_number_id'],
  ['engine_type', 'voice_id'],
  ['knowledgebase_id', 'knowledgebase_mode'],
];

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The update request: only the fields that differ from what was loaded (plus the partners of a changed
 * field). Empty when nothing changed.
 */
export function formToUpdateRequest(
  initial: AssistantFormValues,
  current: AssistantFormOutput,
  originalVariables: Readonly<Record<string, unknown>> = {},
): UpdateAssistantRequest & Partial<KnowledgeRequestFields> {
  const body = formToRequest(current, originalVariables);
  const changed = new Set<RequestKey>();
  for (const key of Object.keys(requestKeyOf) as FormKey[]) {
    const requestKey = requestKeyOf[key];
    // Lists edited as text compare as the lists they send: a blank line or a trailing space changes nothing.
    const before =
      key === 'variables' ? rowsToVariables(initial.variables, originalVariables) : key === 'filler_config' ? fillerConfigOf(initial.filler_config) : initial[key];
    const after =
      key === 'variables' ? body.variables : key === 'end_call_tool' ? current.end_call_tool : key === 'filler_config' ? body.filler_config : current[key];
    const beforeCmp = key === 'webhook_url' ? initial.webhook_url.trim() || null : before;
    if (!sameValue(beforeCmp, after)) changed.add(requestKey);
  }
  for (const group of travelTogether) {
    if (group.some((k) => changed.has(k))) group.forEach((k) => changed.add(k));
  }
  const out: Record<string, unknown> = {};
  for (const key of changed) out[key] = body[key];
  return out as UpdateAssistantRequest & Partial<KnowledgeRequestFields>;
}
