import type { z } from 'zod';
import * as contract from '../index';
import { CONVERSATION_EXAMPLES } from './conversation-examples';
import { SUITE_EXAMPLES } from './suite-examples';
import { REPLAY_EXAMPLES } from './replay-examples';
import { SPEECH_EXAMPLES } from './speech-examples';
import { KNOWLEDGE_EXAMPLES } from './knowledge-examples';
import { VOICE_EXAMPLES } from './voice-examples';
import { SIP_EXAMPLES } from './sip-examples';
import { paginatorExample, recordAnswerExample } from './example-builders';
import { liveFailedDelivery, toolRecord } from './record-examples';

/*
 * One FULL example of every response schema in the contract: every field the schema names, filled as the
 * hosted service fills it (our own data). The property test in response-schemas.test.ts takes each one
 * apart, field by field and in random combinations, and checks the schema still reads it. Test-only: the
 * console does not import this file.
 *
 * A new response schema in src/contract needs an entry here: the test fails until it has one.
 */

export interface ResponseExample {
  /** The exported names this entry covers (for schema factories such as paginatedSchema, the factory's). */
  covers: readonly string[];
  /** A label for test output when one export has several entries. */
  label: string;
  schema: z.ZodType;
  example: unknown;
  /** Where the record's own id is, when it has one: it must come out of any variant unchanged (as a number). */
  idPath?: readonly (string | number)[];
  /**
   * Dotted paths that may be required, `*` standing for any list index: the record's id, the list itself,
   * a list's items and their ids. These are never deleted, nulled or replaced; they may still be stringified.
   */
  required: readonly string[];
}

const ts = '2024-05-02T09:14:07.000000Z';
const laravelTs = '2024-05-02 09:14:07';

const assistant = {
  id: 8,
  user_id: 3,
  phone_number_id: 12,
  engine_id: 2,
  synthesizer_id: 4,
  transcriber_id: 5,
  voice_id: 11,
  instance_id: 6,
  name: 'Front desk',
  variables: { company: 'Acme GmbH', discount: 10 },
  post_call_evaluation: 1,
  fillers: 0,
  post_call_schema: [{ name: 'interested', type: 'boolean', description: 'Did the caller want an offer?' }],
  tools: [
    { id: 31, name: 'check_availability', type: 'mid_call', data: { endpoint: 'https://api.example.com/slots' } },
    { type: 'end_call', data: { description: 'End when the caller says goodbye' } },
  ],
  is_webhook_active: true,
  webhook_url: 'https://hooks.example.com/post-call',
  inbound_webhook_url: 'https://hooks.example.com/inbound',
  language: 'German',
  type: 'inbound',
  status: 'active',
  max_duration: 600,
  record: true,
  initial_message: 'Guten Tag, hier ist Anna von Acme.',
  system_prompt: 'You are Anna, the front desk of Acme.',
  flows_platform_id: 9,
  timezone: 'Europe/Berlin',
  created_at: ts,
  updated_at: laravelTs,
  max_silence_duration: 15,
  reengagement_interval: 30,
  reengagement_prompt: 'Are you still there?',
  voice_mail_message: 'Please call us back.',
  deleted_at: ts,
  end_call_on_voicemail: 1,
  llm_temperature: '0.30',
  voice_stability: '0.50',
  voice_similarity: '0.75',
  speech_speed: '1.00',
  allow_interruptions: true,
  enable_noise_cancellation: false,
  endpoint_sensitivity: 2.5,
  interrupt_sensitivity: 2.5,
  endpoint_type: 'vad',
  wait_for_customer: false,
  mode: 'pipeline',
  language_id: 2,
  secondary_language_ids: [1, 3],
  transcriber_provider_id: 1,
  synthesizer_provider_id: 2,
  llm_model_id: 1,
  multimodal_model_id: 7,
  ambient_sound: 'office',
  ambient_sound_volume: '0.20',
  uuid: '0f6c2a86-5f55-4d36-9d51-3c4f1f6e2a11',
  send_webhook_only_on_completed: 0,
  include_recording_in_webhook: 1,
  filler_config: { neutral: ['Hmm.'], negative: ['Oh.'], positive: ['Great!'], question: ['Let me see.'] },
  knowledgebase_id: 4,
  knowledgebase_mode: 'function_call',
  label_ids: [2, 5],
  folder_id: 3,
  ringing_time: 30,
  max_initial_silence_duration: 10,
  tts_emotion_enabled: false,
  chat_llm_fallback_id: 2,
  turn_detection_threshold: 0.5,
  min_interrupt_words: 2,
  widget_settings: { color: '#336699' },
};

const assistantSummary = {
  id: 9,
  user_id: 3,
  name: 'Outbound sales',
  initial_message: 'Hello!',
  system_prompt: 'You call back leads.',
  timezone: 'Europe/Vienna',
  type: 'outbound',
  mode: 'multimodal',
  status: 'active',
  voice_id: 10,
  language_id: 1,
  variables: { product: 'Solar' },
  webhook_url: null,
  is_webhook_active: 0,
  created_at: laravelTs,
  updated_at: ts,
};

const call = {
  id: 1234569,
  assistant_id: 8,
  assistant_name: 'Front desk',
  campaign_id: 5,
  campaign_name: 'Spring offers',
  type: 'outbound',
  duration: 83,
  assistant_phone_number: '+4930123456',
  client_phone_number: '+4917612345678',
  status: 'completed',
  transcript: [
    { text: 'Guten Tag!', type: 'text', sender: 'bot', timestamp: '2024-05-02 09:14:08' },
    { text: 'Hallo.', type: 'text', sender: 'human', timestamp: 1714641250 },
    // Our extension: a model call's filler, tool call and timed assistant turn.
    { text: 'Einen Moment bitte.', type: 'filler', sender: 'bot', timestamp: '2024-05-02T09:14:12.000Z' },
    {
      text: '',
      type: 'function_call',
      sender: 'tool',
      timestamp: '2024-05-02T09:14:12.400Z',
      name: 'check_availability',
      arguments: { day: '2024-05-03' },
      result: { slots: ['10:00', '14:30'] },
      error: null,
      duration_ms: 412,
    },
    { text: 'Morgen um 10 Uhr ist frei.', type: 'message', sender: 'bot', timestamp: '2024-05-02T09:14:13.100Z', latency_ms: 930 },
    // Our extension: the call handed to another assistant (assistant_transfer).
    { text: '', type: 'handover', sender: 'tool', timestamp: '2024-05-02T09:14:20.000Z', from_assistant_id: 8, assistant_id: 9, assistant_name: 'Sales' },
  ],
  variables: { customer_name: 'Max' },
  evaluation: [{ name: 'interested', value: true }],
  webhook_response: { status: 200 },
  carrier_cost: '0.08000000',
  total_cost: 0.12,
  answered_by: 'human',
  recording_url: 'https://cdn.example.com/rec/1234569.mp3',
  created_at: laravelTs,
  updated_at: ts,
  conversation_mode: 'model',
  latency: { p50_ms: 640, p95_ms: 930, turns: 2 },
  transferred_to_assistant_id: 9,
  transferred_to_assistant_name: 'Sales',
};

const secondaryContact = {
  id: 77,
  phone_number: '+4915112345678',
  variables: { role: 'assistant' },
  status: 'created',
  created_at: ts,
  updated_at: ts,
};

const lead = {
  id: 501,
  campaign_id: 5,
  phone_number: '+4917612345678',
  variables: { customer_name: 'Max', budget: 4000 },
  status: 'created',
  created_at: ts,
  updated_at: laravelTs,
  campaign: { id: 5, name: 'Spring offers' },
  secondary_contacts: [secondaryContact],
};

const campaign = {
  id: 5,
  name: 'Spring offers',
  status: 'running',
  assistant_id: 9,
  assistant: { id: 9, name: 'Outbound sales' },
  timezone: 'Europe/Berlin',
  max_calls_in_parallel: 3,
  allowed_hours_start_time: '09:00:00',
  allowed_hours_end_time: '17:00',
  allowed_days: ['monday', 'tuesday'],
  max_retries: 3,
  retry_interval: 60,
  phone_number_ids: [12, 13],
  leads_count: 40,
  retry_on_voicemail: 1,
  retry_on_goal_incomplete: false,
  goal_completion_variable: 'interested',
  mark_complete_when_no_leads: true,
  created_at: ts,
  updated_at: laravelTs,
};

const ownedPhoneNumber = {
  id: 12,
  phone_number: '+4930123456',
  country_code: 'DE',
  type: 'normal',
  type_label: 'Normal',
  nickname: 'Berlin office',
  sms_capable: false,
  region: 'Berlin',
  has_active_subscription: true,
  monthly_price: '4.50',
  assistant: { id: 8, name: 'Front desk', type: 'inbound' },
  provider: 'twilio',
  created_at: ts,
};

const purchasedPhoneNumber = { id: 14, phone_number: '+4940123456', country_code: 'DE', type: 'normal', sms_capable: 0 };

const listItemIds = ['*', '*.id'];

const webhookOutcome = {
  delivery_id: 77,
  webhook_id: 'msg_6f1c2b9e-3d4a-4b8e-9f10-2a3b4c5d6e7f',
  event: 'call.ended',
  url: 'https://hooks.example.com/post-call',
  status: 'pending',
  delivered: false,
  status_code: 500,
  body: 'Internal Server Error',
  error: 'HTTP 500',
  attempts: 2,
  last_attempt_at: laravelTs,
  next_attempt_at: '2024-05-02 09:19:07',
  delivered_at: null,
};

const webhookDelivery = {
  id: 77,
  webhook_id: 'msg_6f1c2b9e-3d4a-4b8e-9f10-2a3b4c5d6e7f',
  assistant_id: 8,
  call_id: 1234567,
  kind: 'post_call',
  event: 'call.ended',
  url: 'https://hooks.example.com/post-call',
  status: 'delivered',
  attempts: 2,
  last_status_code: 200,
  last_response: 'ok',
  last_error: null,
  last_attempt_at: laravelTs,
  next_attempt_at: null,
  delivered_at: laravelTs,
  created_at: laravelTs,
  payload: { event: 'call.ended', id: 1234567, customer_phone: '+4915123456789', status: 'completed', lead: null, campaign: null },
};

const assistantGroup = { id: 4, name: 'Dental practices', color: 'teal', assistants_count: 3, created_at: ts, updated_at: ts };

const webhookSecretExample = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

// Live (GET /user/events, /user/overview, /user/campaigns/{id}/progress).
const liveCall = {
  id: 9012,
  status: 'in-progress',
  type: 'outbound',
  assistant_id: 8,
  assistant_name: 'Front desk',
  campaign_id: 5,
  campaign_name: 'Spring follow-up',
  client_phone_number: '+12025550100',
  assistant_phone_number: '+4930123456',
  created_at: laravelTs,
  answered_at: '2024-05-02 09:14:10',
};
const todayStats = { date: '2024-05-02', calls: 12, answered: 9, answer_rate: 0.75, minutes: 18.5, cost: 1.4625 };
const campaignSummary = {
  id: 5,
  name: 'Spring follow-up',
  status: 'running',
  leads_total: 40,
  leads_by_status: { created: 22, completed: 15, 'reached-max-retries': 3 },
  calls_in_progress: 2,
  attempts: 51,
};
const overview = {
  timezone: 'Europe/Berlin',
  live_calls: [liveCall],
  today: todayStats,
  yesterday: { ...todayStats, date: '2024-05-01', calls: 20, answered: 11, answer_rate: 0.55 },
  running_campaigns: [campaignSummary],
  failed_deliveries: [liveFailedDelivery],
};
const progressPoint = { at: '2024-05-02 09:10:00', calls: 4, answered: 3, completed_leads: 2 };
const campaignProgress = {
  ...campaignSummary,
  calls_by_status: { completed: 30, busy: 8, 'no-answer': 11, 'in-progress': 2 },
  live_calls: [liveCall],
  series: [progressPoint, { ...progressPoint, at: '2024-05-02 09:15:00' }],
  bucket_seconds: 300,
};

/** Every entry; `covers` ties it to the exported names the completeness check looks for. */
export const RESPONSE_EXAMPLES: readonly ResponseExample[] = [
  {
    covers: ['serviceEventSchema'],
    label: 'service event',
    schema: contract.serviceEventSchema,
    example: { type: 'call', id: 9012, status: 'ringing', campaign_id: 5, assistant_id: 8, call_id: null, knowledgebase_id: null },
    idPath: ['id'],
    required: ['id'],
  },
  { covers: ['liveCallSchema'], label: 'live call', schema: contract.liveCallSchema, example: liveCall, idPath: ['id'], required: ['id'] },
  { covers: ['dayStatsSchema'], label: 'day stats', schema: contract.dayStatsSchema, example: todayStats, required: [] },
  { covers: ['campaignSummarySchema'], label: 'campaign summary', schema: contract.campaignSummarySchema, example: campaignSummary, idPath: ['id'], required: ['id'] },
  { covers: ['overviewSchema'], label: 'overview', schema: contract.overviewSchema, example: overview, required: [] },
  { covers: ['overviewAnswerSchema', 'recordAnswer'], label: 'overview (in {data})', schema: contract.overviewAnswerSchema, example: { data: overview }, required: ['data'] },
  { covers: ['progressPointSchema'], label: 'progress point', schema: contract.progressPointSchema, example: progressPoint, required: [] },
  { covers: ['campaignProgressSchema'], label: 'campaign progress', schema: contract.campaignProgressSchema, example: campaignProgress, idPath: ['id'], required: ['id'] },
  recordAnswerExample({ covers: ['campaignProgressAnswerSchema', 'recordAnswer'], label: 'campaign progress (in {data})', schema: contract.campaignProgressAnswerSchema }, campaignProgress),
  // ---- pagination
  {
    covers: ['paginationLinkSchema'],
    label: 'paginator link',
    schema: contract.paginationLinkSchema,
    example: { url: 'https://host/api/user/calls?page=2', label: '2', active: false },
    required: [],
  },
  paginatorExample({ covers: ['paginatedSchema', 'callsPageSchema'], label: 'paginator of calls', schema: contract.paginatedSchema(contract.callSchema) }, 'https://host/api/user/calls', [call]),
  paginatorExample({ covers: ['paginatedSchema', 'assistantsPageSchema'], label: 'paginator of assistants', schema: contract.paginatedSchema(contract.assistantSchema) }, 'https://host/api/user/assistants/get', [assistant]),
  paginatorExample({ covers: ['paginatedSchema'], label: 'paginator of leads', schema: contract.paginatedSchema(contract.leadSchema) }, 'https://host/api/user/leads', [lead]),
  // ---- errors
  { covers: ['fieldErrorsSchema'], label: 'field errors', schema: contract.fieldErrorsSchema, example: { name: ['The name field is required.'] }, required: [] },
  { covers: ['simpleErrorSchema'], label: 'error {message}', schema: contract.simpleErrorSchema, example: { message: 'Assistant not found' }, required: [] },
  {
    covers: ['validationErrorSchema'],
    label: 'error {message, errors}',
    schema: contract.validationErrorSchema,
    example: { message: 'The name field is required. (and 1 more error)', errors: { name: ['The name field is required.'], 'post_call_schema.0.type': ['The selected type is invalid.'] } },
    required: [],
  },
  {
    covers: ['anyErrorBodySchema'],
    label: 'any error body',
    schema: contract.anyErrorBodySchema,
    example: { message: 'Too Many Attempts.', error: 'rate_limited', errors: { name: ['Taken.'] }, retry_after: 30 },
    required: [],
  },
  // ---- lookups
  {
    covers: ['phoneNumberSchema'],
    label: 'phone number (lookup)',
    schema: contract.phoneNumberSchema,
    example: { id: 12, phone_number: '+4930123456', country_code: 'DE', type_label: 'Normal', is_available: 1 },
    idPath: ['id'],
    required: ['id'],
  },
  {
    covers: ['voiceSchema', 'listOf'],
    label: 'voices (bare list)',
    schema: contract.listOf(contract.voiceSchema),
    example: [
      {
        id: 10,
        name: 'Zephyr',
        mode: 'multimodal',
        language_id: 1,
        gender: 'female',
        accent: 'American',
        age: 'Middle aged',
        preview_url: 'https://cdn.example.com/voices/zephyr.wav',
        synthesizer_provider_id: 1,
      },
    ],
    required: listItemIds,
  },
  { covers: ['llmModelSchema'], label: 'model', schema: contract.llmModelSchema, example: { id: 1, name: 'GPT-4o-mini', type: 'llm' }, idPath: ['id'], required: ['id'] },
  { covers: ['languageSchema'], label: 'language', schema: contract.languageSchema, example: { id: 2, name: 'German', iso_2: 'de' }, idPath: ['id'], required: ['id'] },
  {
    covers: ['providerSchema'],
    label: 'providers (wrapped list)',
    schema: contract.listOf(contract.providerSchema),
    example: { data: [{ id: 1, name: 'ElevenLabs', code: 'elevenlabs' }] },
    required: ['data', ...listItemIds.map((p) => `data.${p}`)],
  },
  // ---- tools
  { covers: ['toolHeaderSchema'], label: 'tool header', schema: contract.toolHeaderSchema, example: { name: 'X-Api-Key', value: 'secret' }, required: [] },
  { covers: ['toolParamSchema'], label: 'tool parameter', schema: contract.toolParamSchema, example: { name: 'date', type: 'string', description: 'The day' }, required: [] },
  { covers: ['toolSchema'], label: 'tool', schema: contract.toolSchema, example: toolRecord, idPath: ['id'], required: ['id'] },
  // ---- assistants
  { covers: ['postCallFieldSchema'], label: 'post-call field', schema: contract.postCallFieldSchema, example: assistant.post_call_schema[0], required: [] },
  { covers: ['assistantToolItemSchema'], label: 'assistant tool item', schema: contract.assistantToolItemSchema, example: assistant.tools[0], required: [] },
  { covers: ['fillerConfigSchema'], label: 'filler config', schema: contract.fillerConfigSchema, example: assistant.filler_config, required: [] },
  { covers: ['assistantSchema'], label: 'assistant', schema: contract.assistantSchema, example: assistant, idPath: ['id'], required: ['id'] },
  {
    covers: ['assistantSchema', 'listOf'],
    label: 'assistants (GET /user/assistants, bare list)',
    schema: contract.listOf(contract.assistantSchema),
    example: [assistant],
    required: listItemIds,
  },
  { covers: ['assistantSummarySchema'], label: 'assistant summary', schema: contract.assistantSummarySchema, example: assistantSummary, idPath: ['id'], required: ['id'] },
  {
    covers: ['assistantMutationDataSchema'],
    label: 'assistant mutation data',
    schema: contract.assistantMutationDataSchema,
    example: { id: 8, name: 'Front desk', status: 'active', type: 'inbound', mode: 'pipeline' },
    idPath: ['id'],
    required: ['id'],
  },
  {
    covers: ['assistantMutationResponseSchema'],
    label: 'assistant created',
    schema: contract.assistantMutationResponseSchema,
    example: { message: 'Assistant created successfully', data: { id: 8, name: 'Front desk', status: 'active', type: 'inbound', mode: 'pipeline' } },
    idPath: ['data', 'id'],
    required: ['data', 'data.id'],
  },
  // ---- leads
  { covers: ['secondaryContactSchema'], label: 'secondary contact', schema: contract.secondaryContactSchema, example: secondaryContact, idPath: ['id'], required: ['id'] },
  { covers: ['leadCampaignSchema'], label: 'lead campaign', schema: contract.leadCampaignSchema, example: lead.campaign, idPath: ['id'], required: ['id'] },
  { covers: ['leadSchema'], label: 'lead', schema: contract.leadSchema, example: lead, idPath: ['id'], required: ['id'] },
  recordAnswerExample({ covers: ['leadMutationResponseSchema'], label: 'lead created', schema: contract.leadMutationResponseSchema }, lead, 'Lead created successfully', true),
  // ---- campaigns
  { covers: ['campaignAssistantSchema'], label: 'campaign assistant', schema: contract.campaignAssistantSchema, example: campaign.assistant, idPath: ['id'], required: ['id'] },
  { covers: ['campaignSchema'], label: 'campaign', schema: contract.campaignSchema, example: campaign, idPath: ['id'], required: ['id'] },
  {
    covers: ['campaignStatusResponseSchema'],
    label: 'campaign status changed',
    schema: contract.campaignStatusResponseSchema,
    example: { message: 'Campaign started successfully', success: true, data: { campaign_id: 5, status: 'running' } },
    required: [],
  },
  // ---- calls
  {
    covers: ['transcriptEntrySchema'],
    label: 'transcript line (every field)',
    schema: contract.transcriptEntrySchema,
    // A live voice call's assistant line: voice to voice, its parts, cut by the caller.
    // (and, to name every field, a hand-over's: who handed over, to whom).
    example: { ...call.transcript[3], latency_ms: 120, endpointing_ms: 40, stt_ms: 30, llm_ms: 35, tts_ms: 15, interrupted: true, from_assistant_id: 8, assistant_id: 9, assistant_name: 'Sales' },
    required: [],
  },
  { covers: ['transcriptSchema'], label: 'transcript', schema: contract.transcriptSchema, example: call.transcript, required: [] },
  { covers: ['callSchema'], label: 'call', schema: contract.callSchema, example: call, idPath: ['id'], required: ['id'] },
  { covers: ['callLatencySchema'], label: 'call latency', schema: contract.callLatencySchema, example: call.latency, required: [] },
  {
    covers: ['makeCallResponseSchema'],
    label: 'call placed',
    schema: contract.makeCallResponseSchema,
    example: { message: 'Call initiated successfully', call_id: 1234570, status: 'initiated' },
    idPath: ['call_id'],
    required: ['call_id'],
  },
  // ---- webhooks (our extension)
  { covers: ['webhookOutcomeSchema'], label: 'webhook outcome (call.webhook_response)', schema: contract.webhookOutcomeSchema, example: webhookOutcome, required: [] },
  { covers: ['webhookDeliverySchema'], label: 'webhook delivery', schema: contract.webhookDeliverySchema, example: webhookDelivery, idPath: ['id'], required: ['id'] },
  paginatorExample({ covers: ['webhookDeliveriesPageSchema', 'paginatedSchema'], label: 'paginator of webhook deliveries', schema: contract.webhookDeliveriesPageSchema }, 'https://host/api/user/webhook-deliveries', [webhookDelivery]),
  recordAnswerExample({ covers: ['webhookDeliveryAnswerSchema'], label: 'webhook delivery answer ({data}, resend {message, data})', schema: contract.webhookDeliveryAnswerSchema }, webhookDelivery, 'Delivery queued'),
  { covers: ['webhookSecretSchema'], label: 'webhook secret', schema: contract.webhookSecretSchema, example: { secret: webhookSecretExample, message: 'Signing secret rotated' }, required: [] },
  {
    covers: ['webhookSecretAnswerSchema'],
    label: 'webhook secret answer',
    schema: contract.webhookSecretAnswerSchema,
    example: { message: 'Signing secret rotated', data: { secret: webhookSecretExample } },
    required: [],
  },
  // ---- folders and labels
  { covers: ['assistantGroupSchema'], label: 'folder or label', schema: contract.assistantGroupSchema, example: assistantGroup, idPath: ['id'], required: ['id'] },
  paginatorExample({ covers: ['assistantGroupsPageSchema', 'paginatedSchema'], label: 'paginator of folders', schema: contract.assistantGroupsPageSchema }, 'https://host/api/user/folders', [assistantGroup]),
  recordAnswerExample({ covers: ['assistantGroupMutationResponseSchema'], label: 'folder answer ({message, data})', schema: contract.assistantGroupMutationResponseSchema }, assistantGroup, 'Folder created successfully'),
  // ---- account
  {
    covers: ['accountSchema'],
    label: 'account (GET /user/me)',
    schema: contract.accountSchema,
    example: { name: 'Demo User', email: 'demo@example.com', total_balance: '42.50' },
    required: [],
  },
  // ---- phone numbers
  {
    covers: ['servingAssistantSchema'],
    label: 'serving assistant',
    schema: contract.servingAssistantSchema,
    example: ownedPhoneNumber.assistant,
    idPath: ['id'],
    required: ['id'],
  },
  { covers: ['ownedPhoneNumberSchema'], label: 'owned number', schema: contract.ownedPhoneNumberSchema, example: ownedPhoneNumber, idPath: ['id'], required: ['id'] },
  {
    covers: ['availablePhoneNumberSchema'],
    label: 'number for sale',
    schema: contract.availablePhoneNumberSchema,
    example: {
      phone_number: '+4930987654',
      phone_number_formatted: '030 987654',
      country_code: 'DE',
      price: '4.50',
      stripe_price_id: 'price_123',
      address_requirements: 'none',
      sms_capable: false,
    },
    required: [],
  },
  { covers: ['purchasedPhoneNumberSchema'], label: 'purchased number', schema: contract.purchasedPhoneNumberSchema, example: purchasedPhoneNumber, idPath: ['id'], required: ['id'] },
  recordAnswerExample({ covers: ['purchasePhoneNumberResponse'], label: 'number purchased', schema: contract.purchasePhoneNumberResponse }, purchasedPhoneNumber, 'Phone number purchased successfully', true),
  // ---- answers: the {message} of a change, and the wrappers hosts put around records and lists
  {
    covers: ['messageResponseSchema'],
    label: 'message of a change',
    schema: contract.messageResponseSchema,
    example: { message: 'Lead deleted successfully' },
    required: [],
  },
  {
    covers: ['messageResponseSchema'],
    label: 'message of a change, with what the local service sends beside it',
    schema: contract.messageResponseSchema,
    example: { message: 'Assistant updated successfully', success: true, data: { id: 8, name: 'Front desk', status: 'active' } },
    required: [],
  },
  recordAnswerExample({ covers: ['toolMutationResponseSchema'], label: 'tool created', schema: contract.toolMutationResponseSchema }, toolRecord, 'Tool created successfully', true),
  { covers: ['callAnswerSchema', 'recordAnswer'], label: 'call (bare record)', schema: contract.callAnswerSchema, example: call, idPath: ['id'], required: ['id'] },
  { covers: ['callAnswerSchema', 'recordAnswer'], label: 'call (in {data})', schema: contract.callAnswerSchema, example: { data: call }, required: ['data', 'data.id'] },
  { covers: ['accountAnswerSchema'], label: 'account answer (bare)', schema: contract.accountAnswerSchema, example: { name: 'Demo User', email: 'demo@example.com', total_balance: 42.5 }, required: [] },
  {
    covers: ['accountAnswerSchema'],
    label: 'account answer (in {data})',
    schema: contract.accountAnswerSchema,
    example: { data: { name: 'Demo User', email: 'demo@example.com', total_balance: '42.50' } },
    required: [],
  },
  { covers: ['namedRecordSchema'], label: 'named record (picker)', schema: contract.namedRecordSchema, example: { id: 8, name: 'Front desk' }, idPath: ['id'], required: ['id'] },
  paginatorExample({ covers: ['assistantNamesPageSchema'], label: 'paginator of assistant names', schema: contract.assistantNamesPageSchema }, 'https://host/api/user/assistants/get', [{ id: 8, name: 'Front desk' }]),
  {
    covers: ['campaignNamesAnswerSchema', 'listAnswer'],
    label: 'campaign names ({campaigns: [...]})',
    schema: contract.campaignNamesAnswerSchema,
    example: { campaigns: [{ id: 5, name: 'Spring offers' }] },
    required: ['campaigns', 'campaigns.*', 'campaigns.*.id'],
  },
  {
    covers: ['campaignNamesAnswerSchema', 'listAnswer'],
    label: 'campaign names (bare list)',
    schema: contract.campaignNamesAnswerSchema,
    example: [{ id: 5, name: 'Spring offers' }],
    required: listItemIds,
  },
  { covers: ['campaignsAnswerSchema', 'listAnswer'], label: 'campaigns (bare list)', schema: contract.campaignsAnswerSchema, example: [campaign], required: listItemIds },
  {
    covers: ['campaignsAnswerSchema', 'listAnswer'],
    label: 'campaigns ({campaigns: [...]})',
    schema: contract.campaignsAnswerSchema,
    example: { campaigns: [campaign] },
    required: ['campaigns', 'campaigns.*', 'campaigns.*.id'],
  },
  {
    covers: ['campaignsAnswerSchema', 'listAnswer'],
    label: 'campaigns ({data: [...]})',
    schema: contract.campaignsAnswerSchema,
    example: { data: [campaign] },
    required: ['data', 'data.*', 'data.*.id'],
  },
  paginatorExample({ covers: ['campaignsAnswerSchema', 'listAnswer'], label: 'campaigns (paginator)', schema: contract.campaignsAnswerSchema }, 'https://host/api/user/campaigns', [campaign]),
  recordAnswerExample({ covers: ['campaignMutationResponseSchema', 'recordAnswer'], label: 'campaign created ({message, data})', schema: contract.campaignMutationResponseSchema }, campaign, 'Campaign created successfully'),
  {
    covers: ['campaignMutationResponseSchema', 'recordAnswer'],
    label: 'campaign created (bare record)',
    schema: contract.campaignMutationResponseSchema,
    example: campaign,
    idPath: ['id'],
    required: ['id'],
  },
  { covers: ['leadsAnswerSchema', 'listAnswer'], label: 'leads (bare list)', schema: contract.leadsAnswerSchema, example: [lead], required: listItemIds },
  {
    covers: ['leadsAnswerSchema', 'listAnswer'],
    label: 'leads ({leads: [...]})',
    schema: contract.leadsAnswerSchema,
    example: { leads: [lead] },
    required: ['leads', 'leads.*', 'leads.*.id'],
  },
  { covers: ['leadsAnswerSchema'], label: 'leads ({data: [...]})', schema: contract.leadsAnswerSchema, example: { data: [lead] }, required: ['data', 'data.*', 'data.*.id'] },
  paginatorExample({ covers: ['leadsAnswerSchema'], label: 'leads (paginator)', schema: contract.leadsAnswerSchema }, 'https://host/api/user/leads', [lead]),
  {
    covers: ['listAnswer'],
    label: 'owned numbers ({data: [...]}, unreadable items left out)',
    schema: contract.listAnswer(contract.ownedPhoneNumberSchema, { dropUnreadable: true }),
    example: { data: [ownedPhoneNumber] },
    required: ['data'],
  },
  {
    covers: ['listAnswer'],
    label: 'numbers for sale (bare list, unreadable items left out)',
    schema: contract.listAnswer(contract.availablePhoneNumberSchema, { dropUnreadable: true }),
    example: [{ phone_number: '+4930987654', phone_number_formatted: '030 987654', country_code: 'DE', price: 4.5, stripe_price_id: 'price_123', address_requirements: null, sms_capable: true }],
    required: [],
  },
  ...CONVERSATION_EXAMPLES,
  ...SUITE_EXAMPLES,
  ...REPLAY_EXAMPLES,
  ...SPEECH_EXAMPLES,
  ...KNOWLEDGE_EXAMPLES,
  ...VOICE_EXAMPLES,
  ...SIP_EXAMPLES,
];
