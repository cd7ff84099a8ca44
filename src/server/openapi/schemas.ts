import { z } from 'zod';
import {
  GROUP_COLORS,
  accountSchema,
  assistantGroupSchema,
  assistantMutationDataSchema,
  assistantSchema,
  assistantSummarySchema,
  availablePhoneNumberSchema,
  callSchema,
  campaignProgressSchema,
  campaignSchema,
  campaignStatusResponseSchema,
  conversationAiSwitchSchema,
  conversationCreatedSchema,
  conversationHistorySchema,
  conversationMessageSchema,
  conversationReplySchema,
  conversationSchema,
  conversationsPageSchema,
  functionCallSchema,
  generatedReplySchema,
  knowledgeBaseSchema,
  knowledgeDocumentSchema,
  searchPassageSchema,
  languageSchema,
  leadSchema,
  llmModelSchema,
  makeCallResponseSchema,
  overviewSchema,
  scenarioSchema,
  scenariosAnswerSchema,
  suiteRunSchema,
  replaySetSchema,
  ownedPhoneNumberSchema,
  paginationLinkSchema,
  phoneNumberSchema,
  providerSchema,
  purchasedPhoneNumberSchema,
  serviceEventSchema,
  sipInfoSchema,
  sipTrunkDetailSchema,
  sipTrunkSchema,
  speechInfoSchema,
  webCallCreatedSchema,
  toolSchema,
  voiceSchema,
  webhookDeliverySchema,
  webhookSecretSchema,
} from '../../contract';
import { voiceInfoSchema, webCallTicketSchema } from '../../contract/voice';
import { refine, wireSchema, type Refinements } from './wire';

/** A JSON Schema (draft 2020-12) object, as OpenAPI 3.1 takes it. */
export type JsonSchema = { [key: string]: unknown };

/*
 * zod 4 writes JSON Schema draft 2020-12 itself (z.toJSONSchema), which is the dialect OpenAPI 3.1 uses, and
 * the contract already holds every schema the service validates with: so the document is generated from those
 * schemas with no library in between (`@hono/zod-openapi` would mean rewriting every route around its own
 * route objects; `zod-openapi` adds a dependency to do what toJSONSchema does).
 *
 * Requests are described as the service reads them (`io: 'input'`). Responses are the contract's lenient
 * parsers, whose fields are transforms that take any value (so a drifting host never fails the console):
 * zod cannot write their output as JSON Schema, so records are walked with the wire hints of the contract's
 * field helpers instead (wire.ts), refined below where the service sends a narrower type. Records and
 * envelopes are closed (`additionalProperties: false`): the test suite checks every answer against them
 * (validate-response.ts), so a field the service sends but the document lacks fails a test.
 */
export function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out: JsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  delete out.$schema;
  if (out.$defs) throw new Error('A contract schema with $defs (recursion) needs hoisting into components');
  return out;
}

export const ref = (name: ComponentName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Response records, by the name the document gives them (components.schemas). */
const RECORDS = {
  Account: accountSchema,
  Assistant: assistantSchema,
  AssistantSummary: assistantSummarySchema,
  AssistantMutationData: assistantMutationDataSchema,
  Tool: toolSchema,
  Lead: leadSchema,
  Campaign: campaignSchema,
  CampaignStatusAnswer: campaignStatusResponseSchema,
  Call: callSchema,
  MakeCallAnswer: makeCallResponseSchema,
  LookupPhoneNumber: phoneNumberSchema,
  Voice: voiceSchema,
  LlmModel: llmModelSchema,
  Language: languageSchema,
  Provider: providerSchema,
  OwnedPhoneNumber: ownedPhoneNumberSchema,
  WebCallTicket: webCallTicketSchema,
  VoiceInfo: voiceInfoSchema,
  AvailablePhoneNumber: availablePhoneNumberSchema,
  PurchasedPhoneNumber: purchasedPhoneNumberSchema,
  PaginationLink: paginationLinkSchema,
  ServiceEvent: serviceEventSchema,
  Overview: overviewSchema,
  CampaignProgress: campaignProgressSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookSecret: webhookSecretSchema,
  Conversation: conversationSchema,
  ConversationMessage: conversationMessageSchema,
  FunctionCall: functionCallSchema,
  ConversationCreated: conversationCreatedSchema,
  ConversationReply: conversationReplySchema,
  ConversationHistory: conversationHistorySchema,
  ConversationsPage: conversationsPageSchema,
  ConversationAiSwitch: conversationAiSwitchSchema,
  GeneratedReply: generatedReplySchema,
  Scenario: scenarioSchema,
  ScenarioList: scenariosAnswerSchema,
  SuiteRun: suiteRunSchema,
  ReplaySet: replaySetSchema,
  SpeechInfo: speechInfoSchema,
  WebCallCreated: webCallCreatedSchema,
  AssistantGroup: assistantGroupSchema,
  Knowledgebase: knowledgeBaseSchema,
  KnowledgeDocument: knowledgeDocumentSchema,
  KnowledgeSearchHit: searchPassageSchema,
  SipTrunk: sipTrunkSchema,
  SipTrunkDetail: sipTrunkDetailSchema,
  SipInfo: sipInfoSchema,
} as const;

const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] });
const flag: JsonSchema = { type: 'integer', enum: [0, 1] };
const numericString: JsonSchema = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$', description: 'A decimal as a string ("0.30"), as the spec shows it' };

/** What the service sends on a SIP trunk, narrower than the contract's readers. */
const SIP_TRUNK_FIELDS: Refinements = {
  phone_number: { type: 'string', description: 'An extension (1 to 15 characters) or an E.164 number' },
  sip_trunk_type: { type: 'string', enum: ['extension', 'number'], description: 'Our extension: the hosted record leaves it out' },
  sip_username: { type: 'string' },
  sip_address: { type: 'string', description: 'A host, no port' },
  sip_calling_format: { type: 'string', enum: ['+e164', 'e164', 'national'] },
  inbound_authorization_type: { type: 'string', enum: ['auth', 'ip'] },
  allowed_inbound_ips: { type: ['array', 'null'], items: { type: 'string' }, description: 'Addresses or CIDR ranges; null unless the authorization is ip' },
  country_code: { type: 'string' },
  created_at: { type: 'string' },
  updated_at: { type: 'string' },
};

/**
 * Where the local service's mappers (src/server/resources, the routes) send a narrower or other type than the
 * contract's helper reads, and the fields it leaves out on some records (optional). Checked against every
 * answer of the test suite.
 */
const WIRE: Partial<Record<keyof typeof RECORDS, { fields?: Refinements; optional?: readonly string[] }>> = {
  Assistant: {
    fields: {
      engine_id: { type: 'null' },
      synthesizer_id: { type: 'null' },
      transcriber_id: { type: 'null' },
      flows_platform_id: { type: 'null' },
      instance_id: { type: 'integer' },
      fillers: flag,
      end_call_on_voicemail: flag,
      llm_temperature: numericString,
      voice_stability: numericString,
      voice_similarity: numericString,
      speech_speed: numericString,
      ambient_sound_volume: numericString,
      'tools[]': {
        anyOf: [
          { $ref: '#/components/schemas/Tool' },
          {
            type: 'object',
            description: 'A built-in tool: `end_call` with its description, or another sent as it was',
            properties: { type: { type: 'string' }, data: { type: 'object' } },
            required: ['type', 'data'],
            additionalProperties: false,
          },
        ],
      },
      'filler_config.neutral': { type: 'array', items: { type: 'string' } },
      'filler_config.negative': { type: 'array', items: { type: 'string' } },
      'filler_config.positive': { type: 'array', items: { type: 'string' } },
      'filler_config.question': { type: 'array', items: { type: 'string' } },
      ringing_time: nullable('integer'),
      max_initial_silence_duration: nullable('integer'),
    },
  },
  AssistantGroup: {
    fields: {
      color: { type: ['string', 'null'], enum: [...GROUP_COLORS, null], description: 'The badge colour, or null' },
      assistants_count: { type: 'integer', description: 'Live assistants in the folder (carrying the label); a local extension' },
    },
  },
  Call: {
    fields: {
      evaluation: { type: 'object' },
      webhook_response: nullable('object'),
      carrier_cost: { type: 'number' },
      total_cost: { type: 'number' },
    },
    optional: ['campaign_name', 'recording_url'],
  },
  SpeechInfo: { fields: { engine: { type: 'string', enum: ['tts', 'espeak-ng', 'none'] } } },
  WebCallCreated: { fields: { call_id: { type: 'integer' } } },
  SipTrunk: { fields: SIP_TRUNK_FIELDS },
  SipTrunkDetail: { fields: { ...SIP_TRUNK_FIELDS, inbound_trunk_id: { type: 'string', pattern: '^ST_' }, outbound_trunk_id: { type: 'string', pattern: '^ST_' } } },
  SipInfo: { fields: { address: { type: ['string', 'null'], description: 'PUBLIC_SIP_HOST (default the host of PUBLIC_URL); null without voice services' }, port: { type: 'integer' } } },
};

/** One entry of a model call's transcript (engine/talk/entries.ts): the hosted line with our extension fields. */
const TRANSCRIPT_ENTRY: JsonSchema = {
  type: 'object',
  properties: {
    sender: { type: 'string', enum: ['bot', 'human', 'tool'] },
    type: { type: 'string', enum: ['message', 'filler', 'function_call', 'handover'], description: "Our extension: 'message' when absent; 'handover' marks where the call went on with another assistant (assistant_transfer)" },
    text: { type: 'string', description: "What was said ('' on a function call)" },
    timestamp: { type: 'string', format: 'date-time', description: 'When it was said (ISO 8601)' },
    latency_ms: { type: 'number', description: "An assistant message: the model's time to produce it" },
    name: { type: 'string', description: 'A function call: the tool' },
    arguments: { type: 'object', description: 'A function call: the arguments the model chose' },
    result: { description: 'A function call: what the tool answered (any JSON), null when it failed' },
    error: { type: ['string', 'null'], description: 'A function call: why it failed' },
    duration_ms: { type: 'number', description: "A function call: the tool's time" },
    endpointing_ms: { type: 'number', description: "A live voice call's assistant message: end of the caller's speech to the end of their turn" },
    stt_ms: { type: 'number', description: "A live voice call's assistant message: the transcription's time" },
    llm_ms: { type: 'number', description: "A live voice call's assistant message: the transcript to the model's first token" },
    tts_ms: { type: 'number', description: "A live voice call's assistant message: the first sentence to the first audio out" },
    interrupted: { type: 'boolean', description: 'A live voice call\'s assistant message cut by the caller: `text` is what was played' },
    from_assistant_id: { type: 'integer', description: 'A hand-over: the assistant that handed the call over' },
    assistant_id: { type: 'integer', description: 'A hand-over: the assistant the call went on with' },
    assistant_name: { type: 'string', description: 'A hand-over: that assistant\'s name' },
  },
  required: ['sender', 'text', 'timestamp'],
  additionalProperties: false,
};

/**
 * Our extensions of the Call record (issue 23), written out: the contract's reader takes any value for
 * them, the service sends exactly these.
 */
const CALL_EXTENSIONS: Record<string, JsonSchema> = {
  transcript: {
    anyOf: [
      { type: 'string', description: '`AI: …` / `User: …` lines; empty without a transcript (calls the model did not hold)' },
      { type: 'array', items: TRANSCRIPT_ENTRY, description: 'A call the model held (conversation_mode "model"): the list of what was said, tool calls and fillers' },
    ],
  },
  conversation_mode: {
    type: 'string',
    enum: ['model', 'scripted'],
    description: 'Our extension, on calls the local service played: "model" (the language model held the conversation) or "scripted" (simulated without a model)',
  },
  latency: {
    anyOf: [
      {
        type: 'object',
        properties: { p50_ms: { type: 'number' }, p95_ms: { type: 'number' }, turns: { type: 'integer' } },
        required: ['p50_ms', 'p95_ms', 'turns'],
        additionalProperties: false,
      },
      { type: 'null' },
    ],
    description: "Our extension: the assistant turns' model latency; null on calls the model did not hold",
  },
  transferred_to_assistant_id: { type: 'integer', description: 'Our extension (assistant_transfer): the assistant the call was handed to; absent when it was not (assistant_id stays the first)' },
  transferred_to_assistant_name: { type: ['string', 'null'], description: "Our extension: that assistant's name when it was handed over" },
};

function recordSchema(name: keyof typeof RECORDS): JsonSchema {
  const spec = WIRE[name];
  const schema = wireSchema(RECORDS[name]);
  const refined = spec ? refine(schema, spec.fields ?? {}, spec.optional) : schema;
  if (name !== 'Call') return refined;
  const properties = { ...(refined.properties as Record<string, JsonSchema>), ...CALL_EXTENSIONS };
  // Optional: a hosted record has neither (the contract's examples are checked against this document too).
  const required = ((refined.required ?? []) as string[]).filter((k) => k !== 'conversation_mode' && k !== 'latency' && !k.startsWith('transferred_to_'));
  return { ...refined, properties, required };
}

/** Written out: these are the service's own shapes, typed exactly. */
const ENVELOPES = {
  Message: {
    type: 'object',
    properties: { message: { type: 'string' } },
    required: ['message'],
    additionalProperties: false,
  },
  ValidationError: {
    type: 'object',
    description: "Laravel's form: `message` is the first error plus \"(and N more errors)\"; keys are dotted paths.",
    properties: {
      message: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
    required: ['message', 'errors'],
    additionalProperties: false,
  },
  TooManyRequests: {
    type: 'object',
    properties: {
      message: { type: 'string', const: 'Too Many Attempts.' },
      retry_after: { type: 'integer', description: 'Seconds until the budget refills (as Retry-After).' },
    },
    required: ['message', 'retry_after'],
    additionalProperties: false,
  },
  MessageWithEmptyData: {
    type: 'object',
    properties: { message: { type: 'string' }, data: { type: 'array', maxItems: 0 } },
    required: ['message', 'data'],
    additionalProperties: false,
  },
  StatusError: {
    type: 'object',
    description: 'The conversation API\'s errors (404 not found, 400 insufficient balance or a failed reply, 422 validation, 503 no language model)',
    properties: { status: { type: 'boolean', const: false }, error: { type: 'string' } },
    required: ['status', 'error'],
    additionalProperties: false,
  },
  ReplyError: {
    type: 'object',
    description: 'generate-reply\'s errors; error_code ASSISTANT_NOT_FOUND (404), INSUFFICIENT_BALANCE (402), PROCESSING_ERROR (400), MODEL_NOT_CONFIGURED (503)',
    properties: { success: { type: 'boolean', const: false }, error: { type: 'string' }, error_code: { type: 'string' } },
    required: ['success', 'error', 'error_code'],
    additionalProperties: false,
  },
  LocalInfo: {
    type: 'object',
    properties: {
      service: { type: 'string', const: 'local' },
      demo_data: { type: 'boolean' },
      sign_in_hint: { type: 'string' },
      voice: { $ref: '#/components/schemas/VoiceInfo' },
      sip: { $ref: '#/components/schemas/SipInfo' },
    },
    required: ['service', 'demo_data', 'sign_in_hint', 'voice', 'sip'],
    additionalProperties: false,
  },
} satisfies Record<string, JsonSchema>;

export type ComponentName = keyof typeof RECORDS | keyof typeof ENVELOPES;

/** Laravel's length-aware paginator around one page of `item`. */
export function paginated(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      current_page: { type: 'integer' },
      data: { type: 'array', items: item },
      first_page_url: nullable('string'),
      from: nullable('integer'),
      last_page: { type: 'integer' },
      last_page_url: nullable('string'),
      links: { type: 'array', items: ref('PaginationLink') },
      next_page_url: nullable('string'),
      path: nullable('string'),
      per_page: { type: 'integer' },
      prev_page_url: nullable('string'),
      to: nullable('integer'),
      total: { type: 'integer' },
    },
    required: ['current_page', 'data', 'first_page_url', 'from', 'last_page', 'last_page_url', 'links', 'next_page_url', 'path', 'per_page', 'prev_page_url', 'to', 'total'],
    additionalProperties: false,
  };
}

export const listOf = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });

/** `{data: record}`, as the local service's own record answers are wrapped. */
export const dataOf = (record: JsonSchema): JsonSchema => ({ type: 'object', properties: { data: record }, required: ['data'], additionalProperties: false });

/** `{message, data}` as creates and updates answer. */
export function messageWith(data: JsonSchema): JsonSchema {
  return { type: 'object', properties: { message: { type: 'string' }, data }, required: ['message', 'data'], additionalProperties: false };
}

export function componentSchemas(): Record<ComponentName, JsonSchema> {
  const records = {} as Record<keyof typeof RECORDS, JsonSchema>;
  for (const name of Object.keys(RECORDS) as (keyof typeof RECORDS)[]) records[name] = recordSchema(name);
  return { ...records, ...ENVELOPES };
}
