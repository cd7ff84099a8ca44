import { z } from 'zod';
import { ASSISTANT_BOUNDS, CALLS_DIRECTIONS, ENDPOINT_TYPES, ENGINE_TYPES, POST_CALL_TYPES, WHO_SPEAKS_FIRST } from './assistant';
import { laxBool, laxId, laxInt, laxNumber } from './request-fields';
import { variablesInput } from './shared-inputs';
import { httpUrl, isTimeZone } from './validation';

/*
 * The assistant's write rules: the create and update requests as the console sends them and as the service
 * takes them (the spec's names and the hosted API's), validated strictly. The records the API answers with,
 * parsed leniently, and the vocabulary and bounds both sides show are in assistant.ts.
 */

// ---- requests, validated strictly ----
const B = ASSISTANT_BOUNDS;
const num = (b: { min: number; max: number }) => laxNumber(z.number().min(b.min).max(b.max));
const int = (b: { min: number; max: number }) => laxInt(z.number().int().min(b.min).max(b.max));

export const postCallFieldInput = z.object({
  name: z.string().trim().min(1).max(B.post_call_schema.nameMax),
  type: z.enum(POST_CALL_TYPES),
  description: z.string().max(B.post_call_schema.descriptionMax).default(''),
});

/** The spec's create-assistant fields, under the spec's names. */
const assistantFields = {
  assistant_name: z.string().trim().min(1).max(B.assistant_name.max),
  voice_id: laxId(),
  language: z.string().trim().min(1),
  llm_model: z.string().trim().min(1),
  calls_direction: z.enum(CALLS_DIRECTIONS),
  engine_type: z.enum(ENGINE_TYPES),
  timezone: z.string().refine(isTimeZone, { message: 'The timezone field must be a valid timezone.' }),
  initial_message: z.string().max(B.initial_message.max),
  system_prompt: z.string().trim().min(1).max(B.system_prompt.max),
  phone_number_id: laxId().nullable(),
  tool_ids: z.array(laxId()).max(50),
  endpoint_type: z.enum(ENDPOINT_TYPES),
  endpoint_sensitivity: num(B.endpoint_sensitivity),
  interrupt_sensitivity: num(B.interrupt_sensitivity),
  ambient_sound_volume: num(B.ambient_sound_volume),
  post_call_evaluation: laxBool(),
  send_webhook_only_on_completed: laxBool(),
  include_recording_in_webhook: laxBool(),
  is_webhook_active: laxBool(),
  webhook_url: httpUrl.max(2048).nullable(),
  use_min_interrupt_words: laxBool(),
  min_interrupt_words: int(B.min_interrupt_words),
  variables: variablesInput,
  post_call_schema: z.array(postCallFieldInput).max(B.post_call_schema.maxRows),
  'end_call_tool.description': z.string().max(B.end_call_tool_description.max).nullable(),
  llm_temperature: num(B.llm_temperature),
  voice_stability: num(B.voice_stability),
  voice_similarity: num(B.voice_similarity),
  speech_speed: num(B.speech_speed),
  allow_interruptions: laxBool(),
  filler_audios: laxBool(),
  re_engagement_interval: int(B.re_engagement_interval),
  max_call_duration: int(B.max_call_duration),
  max_silence_duration: int(B.max_silence_duration),
  end_call_on_voicemail: laxBool(),
  noise_cancellation: laxBool(),
  record_call: laxBool(),
  who_speaks_first: z.enum(WHO_SPEAKS_FIRST),
  // Not in the spec's request, but the console sends them (the hosted API's newer fields): where the
  // assistant is sorted. Ids of the caller's own folder and labels; null takes it out of its folder.
  folder_id: laxId().nullable(),
  label_ids: z.array(laxId()).max(50),
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

/*
 * The console's request types: the spec's names only. The service parses bodies with
 * `assistantCreateBody`/`assistantUpdateBody` below, which also take the hosted API's names.
 */
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
  assistant_id: laxId(),
  webhook_url: httpUrl.max(2048),
});
export const assistantIdRequest = z.object({ assistant_id: laxId() });
/** POST /user/assistants/enable-webhook: the post-call webhook. */
export const webhookEnableRequest = inboundWebhookEnableRequest;

export const callsDirectionToType = { receive: 'inbound', make: 'outbound' } as const;
const typeToCallsDirection = { inbound: 'receive', outbound: 'make' } as const;

// ---- the hosted API's names: today's clients send the Assistant record's own fields ----

/** Kept and returned, not acted on (the local service has no knowledge bases). */
export const KNOWLEDGEBASE_MODES = ['none', 'function_call', 'prompt'] as const;
export const AMBIENT_SOUNDS = ['none', 'off', 'office', 'city', 'forest', 'crowded_room', 'cafe', 'nature'] as const;
export const ASSISTANT_STATUSES = ['active', 'inactive'] as const;
export const BUILTIN_TOOL_TYPES = [
  'end_call',
  'call_transfer',
  'warm_call_transfer',
  'assistant_transfer',
  'calendar_integration',
  'dtmf_input',
  'collect_keypad',
] as const;
/** `tools` items that name an attached mid-call tool (a tool record, or `{type: "mid_call_tool", id}`). */
export const ATTACHED_TOOL_TYPE = 'mid_call_tool';

/** Fields of the record the service assigns itself: a record sent back whole carries them, they change nothing. */
export const ASSISTANT_READ_ONLY_FIELDS = [
  'id',
  'user_id',
  'uuid',
  'created_at',
  'updated_at',
  'deleted_at',
  'instance_id',
  'engine_id',
  'synthesizer_id',
  'transcriber_id',
  'flows_platform_id',
] as const;

const E164 = /^\+[1-9]\d{6,14}$/;
const e164 = z.string().trim().regex(E164, { message: 'The phone number must be in E.164 format (+ and country code).' });
const toolDescription = z.string().trim().min(1).max(B.end_call_tool_description.max);
const toolText = z.string().max(2000);

const builtinToolData = {
  end_call: z.strictObject({ description: toolDescription }),
  call_transfer: z.strictObject({
    phone_number: e164,
    description: toolDescription,
    custom: laxBool().optional(),
    warm_transfer: laxBool().optional(),
    warm_transfer_message: toolText.optional(),
  }),
  warm_call_transfer: z
    .strictObject({
      supervisor_phone: e164.optional(),
      custom_sip: z.string().trim().min(1).max(255).optional(),
      outbound_phone_id: laxId(),
      description: toolDescription,
      caller_id_mode: z.enum(['outbound_number', 'customer_number', 'custom']).optional(),
      custom_caller_id: e164.optional(),
      hold_music: z.string().max(64).optional(),
      hold_music_volume: laxInt(z.number().int().min(0).max(100)).optional(),
      hold_message: toolText.optional(),
      summary_instructions: toolText.optional(),
      briefing_initial_message: toolText.optional(),
      connected_message: toolText.optional(),
    })
    .superRefine((v, ctx) => {
      if (v.supervisor_phone === undefined && v.custom_sip === undefined) {
        ctx.addIssue({ code: 'custom', path: ['supervisor_phone'], message: 'The supervisor phone field is required when custom sip is not present.' });
      }
      if (v.caller_id_mode === 'custom' && v.custom_caller_id === undefined) {
        ctx.addIssue({ code: 'custom', path: ['custom_caller_id'], message: 'The custom caller id field is required when caller id mode is custom.' });
      }
    }),
  assistant_transfer: z.strictObject({
    assistant_id: laxId(),
    description: toolDescription,
    message_before_transfer: toolText.optional(),
    speak_transfer_greeting: laxBool().optional(),
  }),
  calendar_integration: z
    .strictObject({
      description: toolDescription,
      calcom_api_key: z.string().trim().min(1).max(255),
      calcom_event_slug: z.string().trim().min(1).max(255),
      calcom_team_slug: z.string().trim().max(255).optional(),
      calcom_endpoint: z.enum(['us', 'eu', 'custom']).optional(),
      calcom_custom_endpoint: httpUrl.max(2048).optional(),
      calcom_booking_fields: z.array(z.record(z.string(), z.unknown())).max(50).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.calcom_endpoint === 'custom' && v.calcom_custom_endpoint === undefined) {
        ctx.addIssue({ code: 'custom', path: ['calcom_custom_endpoint'], message: 'The calcom custom endpoint field is required when calcom endpoint is custom.' });
      }
    }),
  dtmf_input: z.strictObject({ description: toolDescription }),
  collect_keypad: z.strictObject({
    description: toolDescription.optional(),
    timeout: laxInt(z.number().int().min(1).max(60)).optional(),
    stop_key: z.string().regex(/^[0-9*#]$/).optional(),
  }),
} satisfies Record<(typeof BUILTIN_TOOL_TYPES)[number], z.ZodType>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A `tools` item to `{type, data}`: the record's nested form, the flat form hosted clients send
 * (`{type: "end_call", description}`), or an attached tool's record (it has an `id` and no `type`).
 */
function nestToolItem(item: unknown): unknown {
  if (!isPlainObject(item)) return item;
  if (!('type' in item)) return 'id' in item ? { type: ATTACHED_TOOL_TYPE, id: item.id } : item;
  if (item.type === ATTACHED_TOOL_TYPE || 'data' in item) return item;
  const { type, ...data } = item;
  return { type, data };
}

function builtinTool<T extends (typeof BUILTIN_TOOL_TYPES)[number]>(type: T) {
  return z.strictObject({ type: z.literal(type), data: builtinToolData[type] });
}

const toolItemInput = z.preprocess(
  nestToolItem,
  z.discriminatedUnion(
    'type',
    [
      z.strictObject({ type: z.literal(ATTACHED_TOOL_TYPE), id: laxId() }),
      builtinTool('end_call'),
      builtinTool('call_transfer'),
      builtinTool('warm_call_transfer'),
      builtinTool('assistant_transfer'),
      builtinTool('calendar_integration'),
      builtinTool('dtmf_input'),
      builtinTool('collect_keypad'),
    ],
    {
      error: (issue) => {
        if (issue.code !== 'invalid_union') return undefined;
        const field = (issue.path ?? []).map(String).join('.').replace(/_/g, ' ');
        const item = issue.input;
        return isPlainObject(item) && item.type === undefined
          ? `The ${field} field is required.`
          : `The selected ${field} is invalid.`;
      },
    },
  ),
);
type ToolItemOutput = z.output<typeof toolItemInput>;
export type BuiltinTool = Exclude<ToolItemOutput, { type: typeof ATTACHED_TOOL_TYPE }>;
/** What the service stores beside the end-call description: every built-in tool but `end_call`. */
export type StoredBuiltinTool = Exclude<BuiltinTool, { type: 'end_call' }>;

const fillerPhrases = z.array(z.string().trim().min(1).max(200)).max(20);
export const fillerConfigInput = z
  .strictObject({
    neutral: fillerPhrases.optional(),
    negative: fillerPhrases.optional(),
    positive: fillerPhrases.optional(),
    question: fillerPhrases.optional(),
  })
  // The whole config is replaced: a list left out is empty.
  .transform((v) => ({
    neutral: v.neutral ?? [],
    negative: v.negative ?? [],
    positive: v.positive ?? [],
    question: v.question ?? [],
  }));

/** The record's names of spec fields (aliases), and the fields the hosted API added. */
const hostedFields = {
  name: assistantFields.assistant_name,
  type: z.enum(['inbound', 'outbound']),
  mode: assistantFields.engine_type,
  language_id: laxId(),
  llm_model_id: laxId(),
  // The record carries null here on pipeline assistants: null says nothing.
  multimodal_model_id: laxId().nullable(),
  max_duration: int(B.max_call_duration),
  reengagement_interval: int(B.re_engagement_interval),
  fillers: laxBool(),
  record: laxBool(),
  enable_noise_cancellation: laxBool(),
  wait_for_customer: laxBool(),
  tools: z.array(toolItemInput).max(50),
  filler_config: fillerConfigInput,
  secondary_language_ids: z.array(laxId()).max(20),
  knowledgebase_id: laxId().nullable(),
  knowledgebase_mode: z.enum(KNOWLEDGEBASE_MODES),
  // Ids from the provider lookups; null leaves the choice to the service (see README "Assistants").
  synthesizer_provider_id: laxId().nullable(),
  transcriber_provider_id: laxId().nullable(),
  // Kept and returned, not acted on; null clears them.
  ringing_time: int(B.ringing_time).nullable(),
  max_initial_silence_duration: int(B.max_initial_silence_duration).nullable(),
  tts_emotion_enabled: laxBool(),
  chat_llm_fallback_id: laxId().nullable(),
  turn_detection_threshold: num(B.turn_detection_threshold).nullable(),
  reengagement_prompt: z.string().max(B.initial_message.max).nullable(),
  voice_mail_message: z.string().max(B.initial_message.max).nullable(),
  ambient_sound: z.enum(AMBIENT_SOUNDS),
  status: z.enum(ASSISTANT_STATUSES),
  inbound_webhook_url: httpUrl.max(2048).nullable(),
  widget_settings: z.union([z.record(z.string(), z.unknown()), z.array(z.never()).max(0)]).transform((v) => (Array.isArray(v) ? {} : v)),
};

const readOnlyFields = Object.fromEntries(ASSISTANT_READ_ONLY_FIELDS.map((k) => [k, z.unknown().optional()])) as {
  [K in (typeof ASSISTANT_READ_ONLY_FIELDS)[number]]: z.ZodOptional<z.ZodUnknown>;
};

const optionalHostedFields = Object.fromEntries(
  Object.entries(hostedFields).map(([k, v]) => [k, v.optional()]),
) as { [K in keyof typeof hostedFields]: z.ZodOptional<(typeof hostedFields)[K]> };

const KNOWN_FIELDS = new Set<string>([
  ...Object.keys(assistantFields),
  ...Object.keys(hostedFields),
  ...ASSISTANT_READ_ONLY_FIELDS,
  'end_call_tool',
]);

export const ASSISTANT_UNKNOWN_FIELDS_ON_CREATE = 'The following fields cannot be set:';
export const ASSISTANT_UNKNOWN_FIELDS_ON_UPDATE = 'The following fields cannot be updated:';

/** Fields of a create or update body the service does not know (refused, never dropped). */
export function unknownAssistantFields(body: unknown): string[] {
  if (!isPlainObject(body)) return [];
  return Object.keys(body).filter((k) => !KNOWN_FIELDS.has(k));
}

/** A field under either of its names counts as given. */
const REQUIRED_ALIASES: Record<(typeof ASSISTANT_REQUIRED_ON_CREATE)[number], readonly string[]> = {
  assistant_name: ['name'],
  voice_id: [],
  language: ['language_id'],
  llm_model: ['llm_model_id', 'multimodal_model_id'],
  calls_direction: ['type'],
  engine_type: ['mode'],
  timezone: [],
  system_prompt: [],
};

const writeBody = z.object({ ...optionalFields, ...optionalHostedFields, ...readOnlyFields });
type WriteBody = z.output<typeof writeBody>;
type SpecInput = z.output<typeof updateAssistantRequest>;

/**
 * One shape for create and update, whichever names the client used: the spec's request names, plus the
 * fields the spec's request lacks. `*_key(s)` say which request key a value came from, so the database's
 * checks answer on the key the client sent.
 */
export interface AssistantWrite extends SpecInput {
  language_id?: number;
  llm_model_id?: number;
  llm_model_id_key?: 'llm_model_id' | 'multimodal_model_id';
  tool_id_keys?: string[];
  builtin_tools?: StoredBuiltinTool[];
  builtin_tool_keys?: string[];
  filler_config?: z.output<typeof fillerConfigInput>;
  secondary_language_ids?: number[];
  knowledgebase_id?: number | null;
  knowledgebase_mode?: (typeof KNOWLEDGEBASE_MODES)[number];
  synthesizer_provider_id?: number | null;
  transcriber_provider_id?: number | null;
  ringing_time?: number | null;
  max_initial_silence_duration?: number | null;
  tts_emotion_enabled?: boolean;
  chat_llm_fallback_id?: number | null;
  turn_detection_threshold?: number | null;
  reengagement_prompt?: string | null;
  voice_mail_message?: string | null;
  ambient_sound?: (typeof AMBIENT_SOUNDS)[number];
  status?: (typeof ASSISTANT_STATUSES)[number];
  inbound_webhook_url?: string | null;
  widget_settings?: Record<string, unknown>;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const endCallText = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);

function toWrite(v: WriteBody, ctx: z.RefinementCtx): AssistantWrite {
  const {
    name,
    type,
    mode,
    language_id,
    llm_model_id,
    multimodal_model_id,
    max_duration,
    reengagement_interval,
    fillers,
    record,
    enable_noise_cancellation,
    wait_for_customer,
    tools,
    // Assigned by the service: a record sent back carries them, they change nothing.
    id: _id,
    user_id: _userId,
    uuid: _uuid,
    created_at: _createdAt,
    updated_at: _updatedAt,
    deleted_at: _deletedAt,
    instance_id: _instanceId,
    engine_id: _engineId,
    synthesizer_id: _synthesizerId,
    transcriber_id: _transcriberId,
    flows_platform_id: _flowsPlatformId,
    ...rest
  } = v;
  const out: AssistantWrite = { ...rest };

  const disagree = (a: string, b: string) => {
    const message = `The ${a} and ${b} fields disagree.`;
    ctx.addIssue({ code: 'custom', path: [a], message });
    ctx.addIssue({ code: 'custom', path: [b], message });
  };
  const merge = <K extends keyof AssistantWrite>(canonical: K, alias: string, value: AssistantWrite[K] | undefined) => {
    if (value === undefined) return;
    if (out[canonical] === undefined) out[canonical] = value;
    else if (!sameValue(out[canonical], value)) disagree(alias, canonical);
  };

  merge('assistant_name', 'name', name);
  merge('calls_direction', 'type', type && typeToCallsDirection[type]);
  merge('engine_type', 'mode', mode);
  merge('max_call_duration', 'max_duration', max_duration);
  merge('re_engagement_interval', 'reengagement_interval', reengagement_interval);
  merge('filler_audios', 'fillers', fillers);
  merge('record_call', 'record', record);
  merge('noise_cancellation', 'enable_noise_cancellation', enable_noise_cancellation);
  merge('who_speaks_first', 'wait_for_customer', wait_for_customer === undefined ? undefined : wait_for_customer ? 'Customer' : 'AI assistant');

  if (llm_model_id !== undefined) {
    out.llm_model_id = llm_model_id;
    out.llm_model_id_key = 'llm_model_id';
  }
  if (multimodal_model_id !== undefined && multimodal_model_id !== null) {
    if (out.llm_model_id === undefined) {
      out.llm_model_id = multimodal_model_id;
      out.llm_model_id_key = 'multimodal_model_id';
    } else if (out.llm_model_id !== multimodal_model_id) disagree('multimodal_model_id', 'llm_model_id');
  }
  if (language_id !== undefined) out.language_id = language_id;

  if (tools !== undefined) {
    const attached: number[] = [];
    const attachedKeys: string[] = [];
    const builtins: StoredBuiltinTool[] = [];
    const builtinKeys: string[] = [];
    let endCall: string | null = null;
    tools.forEach((item, i) => {
      if (item.type === ATTACHED_TOOL_TYPE) {
        attached.push(item.id);
        attachedKeys.push(`tools.${i}.id`);
      } else if (item.type === 'end_call') {
        if (endCall !== null) ctx.addIssue({ code: 'custom', path: ['tools', i], message: 'Only one end_call tool is allowed.' });
        endCall = item.data.description;
      } else {
        builtins.push(item);
        builtinKeys.push(`tools.${i}.data`);
      }
    });
    // `tools` lists every built-in tool: an end-call tool it leaves out is removed.
    const sentEndCall = out['end_call_tool.description'];
    if (sentEndCall === undefined) out['end_call_tool.description'] = endCall;
    else if (endCallText(sentEndCall) !== endCall) disagree('tools', 'end_call_tool.description');
    // Attachments change only when `tools` names some: a client sending built-ins alone keeps its mid-call tools.
    if (attached.length > 0) {
      if (out.tool_ids === undefined) {
        out.tool_ids = attached;
        out.tool_id_keys = attachedKeys;
      } else if (!sameValue([...new Set(out.tool_ids)].sort(), [...new Set(attached)].sort())) {
        disagree('tools', 'tool_ids');
      }
    }
    out.builtin_tools = builtins;
    out.builtin_tool_keys = builtinKeys;
  }
  if (out.tool_ids !== undefined && out.tool_id_keys === undefined) {
    out.tool_id_keys = out.tool_ids.map((_, i) => `tool_ids.${i}`);
  }
  return out;
}

function requireOnCreate(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const key of ASSISTANT_REQUIRED_ON_CREATE) {
    const given = [key, ...REQUIRED_ALIASES[key]].some((k) => v[k] !== undefined && v[k] !== null);
    if (!given) {
      ctx.addIssue({ code: 'custom', path: [key], message: `The ${key.replace(/_/g, ' ')} field is required.` });
    }
  }
}

/**
 * Create and update bodies as the service takes them: each field under the spec's request name or the
 * record's name (the same field both ways must agree), the record's read-only fields ignored, numbers and
 * booleans in Laravel's lax forms. Check `unknownAssistantFields` first: these schemas drop what they do
 * not know.
 */
export const assistantCreateBody = writeBody
  // Required fields are reported beside every other mistake, not only once the rest is right.
  .superRefine(requireOnCreate, { when: () => true })
  .superRefine(requireWebhookUrl)
  .transform(toWrite);
export const assistantUpdateBody = writeBody.superRefine(requireWebhookUrl).transform(toWrite);
