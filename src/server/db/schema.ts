import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Row types of the tables in migrations/. Timestamps come back as the database's text
 * ("2026-11-22 20:39:10.123456", UTC); numeric columns as strings ("0.30"): both drivers are set so.
 */
type Timestamp = ColumnType<string, string | undefined, string>;
/** A column that may hold null and may be left out on insert (then null, or its default). */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type NullableTimestamp = Nullable<string>;
type Numeric = ColumnType<string, string | number | undefined, string | number>;
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  /** Dollars; changed only by the atomic updates in balance.ts. */
  balance: Numeric;
  /** Standard Webhooks signing secret ("whsec_…"), made when first needed (webhooks/secret.ts). */
  webhook_secret: Nullable<string>;
  created_at: Timestamp;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  name: Generated<string>;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface PhoneNumbersTable {
  id: Generated<number>;
  user_id: number;
  phone_number: string;
  country_code: string;
  type_label: string;
  nickname: Nullable<string>;
  monthly_price: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** Imported from a telephony provider (migration 0020): 'twilio'; null for this service's own numbers. */
  provider: Generated<string | null>;
  /** The provider's account (Twilio's AC sid) and its id of the number (PN sid). */
  provider_account: Generated<string | null>;
  provider_number_id: Generated<string | null>;
  /** The account's credential, AES-256-GCM (telephony/secrets.ts): never returned, never logged. */
  provider_secret: Generated<string | null>;
  created_at: Timestamp;
  /** SIP trunks (migration 0022; provider 'sip', type_label 'SIP'): null on other numbers. */
  sip_trunk_type: Generated<string | null>;
  sip_username: Generated<string | null>;
  sip_address: Generated<string | null>;
  sip_calling_format: Generated<string | null>;
  inbound_authorization_type: Generated<string | null>;
  allowed_inbound_ips: NullableJson<string[]>;
  outbound_proxy: Generated<boolean>;
  inbound_trunk_id: Generated<string | null>;
  outbound_trunk_id: Generated<string | null>;
  updated_at: NullableTimestamp;
}

export interface VoicesTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  mode: string;
  language_id: Nullable<number>;
  gender: Nullable<string>;
  accent: Nullable<string>;
  age: Nullable<string>;
  preview_url: Nullable<string>;
  synthesizer_provider_id: Nullable<number>;
}

/** A TTS or STT provider; iso_codes null means every language. */
export interface ProvidersTable {
  id: Generated<number>;
  name: string;
  code: string;
  iso_codes: string[] | null;
}

/** A number for sale; phone_number_id is set while someone holds it. */
export interface PhoneNumberInventoryTable {
  id: Generated<number>;
  phone_number: string;
  country_code: string;
  monthly_price: Numeric;
  sms_capable: Generated<boolean>;
  address_requirements: Generated<string>;
  phone_number_id: number | null;
}

export interface LlmModelsTable {
  id: Generated<number>;
  name: string;
  multimodal: Generated<boolean>;
}

export interface LanguagesTable {
  id: Generated<number>;
  name: string;
  iso_2: string;
}

export interface PostCallField {
  name: string;
  type: string;
  description: string;
}
export interface FillerConfig {
  neutral: string[];
  negative: string[];
  positive: string[];
  question: string[];
}
export type JsonRecord = Record<string, unknown>;
export interface BuiltinToolItem {
  type: string;
  data: JsonRecord;
}

export interface AssistantsTable {
  id: Generated<number>;
  user_id: number;
  uuid: string;
  name: string;
  type: string;
  mode: string;
  status: Generated<string>;
  phone_number_id: number | null;
  voice_id: number;
  language_id: number | null;
  language: string | null;
  llm_model_id: number | null;
  timezone: string;
  initial_message: Generated<string>;
  system_prompt: Generated<string>;
  variables: Json<JsonRecord>;
  post_call_evaluation: Generated<boolean>;
  post_call_schema: Json<PostCallField[]>;
  fillers: Generated<boolean>;
  filler_config: Json<FillerConfig>;
  is_webhook_active: Generated<boolean>;
  webhook_url: string | null;
  inbound_webhook_url: string | null;
  send_webhook_only_on_completed: Generated<boolean>;
  include_recording_in_webhook: Generated<boolean>;
  max_duration: Generated<number>;
  max_silence_duration: Generated<number>;
  reengagement_interval: Generated<number>;
  record: Generated<boolean>;
  end_call_on_voicemail: Generated<boolean>;
  llm_temperature: Numeric;
  voice_stability: Numeric;
  voice_similarity: Numeric;
  speech_speed: Numeric;
  allow_interruptions: Generated<boolean>;
  enable_noise_cancellation: Generated<boolean>;
  endpoint_sensitivity: Numeric;
  interrupt_sensitivity: Numeric;
  endpoint_type: Generated<string>;
  wait_for_customer: Generated<boolean>;
  ambient_sound: Generated<string>;
  ambient_sound_volume: Numeric;
  min_interrupt_words: Generated<number>;
  end_call_tool_description: string | null;
  knowledgebase_mode: Generated<string>;
  widget_settings: Json<JsonRecord>;
  secondary_language_ids: Json<number[]>;
  knowledgebase_id: number | null;
  reengagement_prompt: string | null;
  voice_mail_message: string | null;
  /** Built-in tools but end_call, as `{type, data}` items in the order sent. */
  builtin_tools: Json<BuiltinToolItem[]>;
  /** TTS and STT providers (migration 0007); null on multimodal assistants unless a client set one. */
  synthesizer_provider_id: Nullable<number>;
  transcriber_provider_id: Nullable<number>;
  /** Where the conversation-ended webhook goes (migration 0012); null while it is off. */
  conversation_ended_webhook_url: Nullable<string>;
  /** Its folder (migration 0016); labels are rows of assistant_labels. */
  folder_id: Nullable<number>;
  /** Kept and returned, not acted on (migration 0016). */
  ringing_time: Nullable<number>;
  max_initial_silence_duration: Nullable<number>;
  tts_emotion_enabled: Generated<boolean>;
  chat_llm_fallback_id: Nullable<number>;
  turn_detection_threshold: Nullable<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ToolHeader {
  name: string;
  value: string;
}
export interface ToolParam {
  name: string;
  type: string;
  description: string;
}

export interface ToolsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  endpoint: string;
  method: string;
  timeout: Generated<number>;
  headers: Json<ToolHeader[]>;
  schema: Json<ToolParam[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AssistantToolsTable {
  assistant_id: number;
  tool_id: number;
}

/** A folder or a label of assistants (migration 0016): the two tables have one shape. */
export interface AssistantGroupsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  color: Nullable<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AssistantLabelsTable {
  assistant_id: number;
  label_id: number;
}

export interface CampaignsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  assistant_id: number | null;
  status: Generated<string>;
  timezone: Generated<string>;
  max_calls_in_parallel: Generated<number>;
  allowed_hours_start_time: Generated<string>;
  allowed_hours_end_time: Generated<string>;
  allowed_days: Json<string[]>;
  max_retries: Generated<number>;
  retry_interval: Generated<number>;
  retry_on_voicemail: Generated<boolean>;
  retry_on_goal_incomplete: Generated<boolean>;
  goal_completion_variable: string | null;
  mark_complete_when_no_leads: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignPhoneNumbersTable {
  campaign_id: number;
  phone_number_id: number;
}

export interface LeadsTable {
  id: Generated<number>;
  user_id: number;
  campaign_id: number;
  parent_lead_id: number | null;
  phone_number: string;
  variables: Json<JsonRecord>;
  status: Generated<string>;
  /** Dialling state on primary leads (migration 0009): rounds made, next contact of the round, when next, call in flight. */
  attempts: Generated<number>;
  next_contact: Generated<number>;
  next_attempt_at: NullableTimestamp;
  live_call_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TranscriptLine {
  sender: string;
  text: string;
  timestamp: string;
}

export interface CallsTable {
  id: Generated<number>;
  user_id: number;
  assistant_id: number | null;
  campaign_id: number | null;
  lead_id: number | null;
  assistant_name: Generated<string>;
  campaign_name: string | null;
  type: string;
  status: string;
  duration: Generated<number>;
  assistant_phone_number: string | null;
  client_phone_number: string;
  transcript: NullableJson<string | TranscriptLine[]>;
  variables: Json<JsonRecord>;
  evaluation: Json<JsonRecord>;
  webhook_response: NullableJson<JsonRecord>;
  carrier_cost: Numeric;
  total_cost: Numeric;
  answered_by: string | null;
  recording_key: string | null;
  /** How the engine plays the call (engine/plan.ts); null on calls it never moves (seeded history). */
  engine_plan: NullableJson<JsonRecord>;
  /** When the engine's next step is due; null once the call has its outcome. */
  engine_next_at: NullableTimestamp;
  answered_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  /** 'model' | 'scripted' (migration 0013); null on calls the engine never played. */
  conversation_mode: Generated<string | null>;
  /** The caller the model plays, as the request gave it. */
  persona: Generated<string | null>;
  /** While the model holds the call: when its next turn is due. */
  talk_next_at: Generated<string | null>;
  talk_locked_until: Generated<string | null>;
  talk_lease: Generated<string | null>;
  /** Where the model's conversation is (engine/talk-state.ts). */
  talk_state: NullableJson<JsonRecord>;
  latency_p50_ms: Generated<number | null>;
  latency_p95_ms: Generated<number | null>;
  latency_turns: Generated<number | null>;
  /** assistant_transfer (migration 0024): the assistant the call was handed to; null when it was not. */
  transferred_to_assistant_id: Generated<number | null>;
  transferred_to_assistant_name: Generated<string | null>;
  /** A suite's call: its scenario's most turns (migration 0017); null: the talk worker's own limit. */
  max_turns: Generated<number | null>;
  /** A call over a real line (migration 0020): the provider and its id of the call (Twilio's CA sid). */
  provider: Generated<string | null>;
  provider_call_id: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One-time tickets of the voice sockets (migration 0020): only their SHA-256 is kept. */
export interface VoiceTicketsTable {
  hash: string;
  /** web | twilio */
  kind: string;
  user_id: number;
  assistant_id: number;
  call_id: number | null;
  phone_number_id: number | null;
  details: Json<JsonRecord>;
  expires_at: string;
  used_at: NullableTimestamp;
  created_at: Generated<string>;
}

/** The outbox of webhook deliveries (migration 0009). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: string;
  user_id: number;
  assistant_id: number | null;
  call_id: number | null;
  kind: string;
  event: string;
  url: string;
  payload: Json<JsonRecord>;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  last_status_code: number | null;
  last_response: string | null;
  last_error: string | null;
  last_attempt_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Calls per user, UTC day, status, type, assistant and campaign (0 for none), kept by triggers on calls
 * (migration 0010): the call log's exact `total`.
 */
export interface CallCountsTable {
  user_id: number;
  day: string;
  status: string;
  type: string;
  assistant_id: number;
  campaign_id: number;
  n: number;
}

/** A call's spoken recording, queued, rendered and stored (migration 0014; recordings/). */
export interface CallRecordingsTable {
  call_id: number;
  /** pending | done | failed */
  status: Generated<string>;
  generation: Generated<number>;
  rendered_generation: Nullable<number>;
  /** The whole WAV file (Buffer from pg, Uint8Array from PGlite). */
  audio: Nullable<Uint8Array>;
  byte_length: Nullable<number>;
  /** tts | espeak-ng */
  engine: Nullable<string>;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  last_error: Nullable<string>;
  render_ms: Nullable<number>;
  audio_ms: Nullable<number>;
  rendered_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A text conversation with an assistant (migration 0012; conversations/). */
export interface ConversationsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  assistant_id: number;
  type: string;
  variables: NullableJson<JsonRecord>;
  customer_identifier: string | null;
  external_identifier: string | null;
  customer_phone: Nullable<string>;
  whatsapp_sender_phone: Nullable<string>;
  ai_enabled: Generated<boolean>;
  message_count: Generated<number>;
  total_cost: Numeric;
  last_message_at: string;
  ended_at: NullableTimestamp;
  ended_reason: Nullable<string>;
  /** The call of type web it was kept as (migration 0014; calls/web-call.ts); null until then. */
  web_call_id: Nullable<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One function call of an assistant reply, as conversation_messages.function_calls keeps it. */
export interface StoredFunctionCall {
  id: string;
  name: string;
  arguments: JsonRecord;
  /** What the tool answered (JSON, or its text); null when it failed. */
  result: unknown;
  /** Why it failed (time-out, HTTP status, refused address, ...); null when it answered. */
  error: string | null;
  duration_ms: number;
  /** The tool endpoint's HTTP status, when it answered. */
  status_code: number | null;
  /** Which model step asked for it (1 = the first); 0: the knowledge base's search for the prompt, before the first step. */
  round: number;
}

export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: string;
  content: Generated<string>;
  function_calls: Json<StoredFunctionCall[]>;
  error: Nullable<string>;
  model: Nullable<string>;
  model_latency_ms: Nullable<number>;
  model_calls: Nullable<number>;
  input_tokens: Nullable<number>;
  output_tokens: Nullable<number>;
  cost: Numeric;
  created_at: Timestamp;
}

export interface KnowledgebasesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: Nullable<string>;
  /** english | german: the text-search configuration of its passages. */
  language: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KnowledgeDocumentsTable {
  id: Generated<number>;
  knowledgebase_id: number;
  user_id: number;
  name: string;
  description: Nullable<string>;
  /** website | pdf | txt | docx */
  type: string;
  /** processing | active | failed */
  status: Generated<string>;
  error: Nullable<string>;
  url: Nullable<string>;
  /** website: the links to read (each a URL); null when it follows links from `url`. */
  links: NullableJson<string[]>;
  relative_links_limit: Nullable<number>;
  file_name: Nullable<string>;
  /** The upload, until processed. */
  content: Nullable<Uint8Array>;
  size_bytes: Nullable<number>;
  passages_count: Generated<number>;
  locked_until: NullableTimestamp;
  claim: Nullable<string>;
  attempts: Generated<number>;
  processed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KnowledgePassagesTable {
  id: Generated<number>;
  document_id: number;
  knowledgebase_id: number;
  position: number;
  heading: Nullable<string>;
  content: string;
  words: number;
  config: string;
  /** Generated from heading and content in `config`; never written. */
  search: ColumnType<string, never, never>;
}

/** A passage's lexemes, a row each (migration 0019, kept by triggers; knowledge/search.ts reads them). */
export interface KnowledgePassageTermsTable {
  knowledgebase_id: number;
  lexeme: string;
  passage_id: number;
}

/** A test scenario of an assistant (migration 0017; suites/). */
export interface SuiteScenariosTable {
  id: Generated<number>;
  user_id: number;
  assistant_id: number;
  name: string;
  persona: string;
  goal: string;
  variables: Json<JsonRecord>;
  max_turns: number;
  expectations: Json<JsonRecord[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A run of an assistant's scenarios (migration 0017). */
export interface SuiteRunsTable {
  id: Generated<number>;
  user_id: number;
  assistant_id: number;
  status: string;
  repetitions: number;
  min_pass_rate: Numeric;
  config: Json<JsonRecord>;
  config_version: string;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** One repetition of one scenario in a run (migration 0017). */
export interface SuiteRunItemsTable {
  id: Generated<number>;
  run_id: number;
  user_id: number;
  scenario_id: number | null;
  scenario: Json<JsonRecord>;
  repetition: number;
  status: string;
  call_id: Nullable<number>;
  turns: Nullable<number>;
  outcome: Nullable<string>;
  results: NullableJson<JsonRecord[]>;
  error: Nullable<string>;
  locked_until: NullableTimestamp;
  lease: Nullable<string>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

/** A replay set: past calls placed again against the assistant as it is now (migration 0021). */
export interface ReplaySetsTable {
  id: Generated<number>;
  user_id: number;
  assistant_id: number;
  status: string;
  source: Json<JsonRecord>;
  config: Json<JsonRecord>;
  config_version: string;
  config_before: NullableJson<JsonRecord>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** One original call and its replay (migration 0021). */
export interface ReplayPairsTable {
  id: Generated<number>;
  set_id: number;
  user_id: number;
  original_call_id: number;
  original: Json<JsonRecord>;
  persona: string;
  status: string;
  call_id: Nullable<number>;
  comparison: NullableJson<JsonRecord>;
  verdict: Nullable<string>;
  reason: Nullable<string>;
  error: Nullable<string>;
  locked_until: NullableTimestamp;
  lease: Nullable<string>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  phone_numbers: PhoneNumbersTable;
  voices: VoicesTable;
  synthesizer_providers: ProvidersTable;
  transcriber_providers: ProvidersTable;
  phone_number_inventory: PhoneNumberInventoryTable;
  llm_models: LlmModelsTable;
  languages: LanguagesTable;
  assistants: AssistantsTable;
  tools: ToolsTable;
  assistant_tools: AssistantToolsTable;
  folders: AssistantGroupsTable;
  labels: AssistantGroupsTable;
  assistant_labels: AssistantLabelsTable;
  campaigns: CampaignsTable;
  campaign_phone_numbers: CampaignPhoneNumbersTable;
  leads: LeadsTable;
  calls: CallsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  call_counts: CallCountsTable;
  /** Changes to call_counts not yet folded in (db/call-counts.ts). */
  call_count_deltas: CallCountsTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  call_recordings: CallRecordingsTable;
  voice_tickets: VoiceTicketsTable;
  knowledgebases: KnowledgebasesTable;
  knowledge_documents: KnowledgeDocumentsTable;
  knowledge_passages: KnowledgePassagesTable;
  knowledge_passage_terms: KnowledgePassageTermsTable;
  suite_scenarios: SuiteScenariosTable;
  suite_runs: SuiteRunsTable;
  suite_run_items: SuiteRunItemsTable;
  replay_sets: ReplaySetsTable;
  replay_pairs: ReplayPairsTable;
}

export type AssistantRow = Selectable<AssistantsTable>;
export type ToolRow = Selectable<ToolsTable>;
export type AssistantGroupRow = Selectable<AssistantGroupsTable>;
export type LeadRow = Selectable<LeadsTable>;
export type CallRow = Selectable<CallsTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type NewCall = Insertable<CallsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AssistantUpdate = Updateable<AssistantsTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type ConversationMessageRow = Selectable<ConversationMessagesTable>;
export type KnowledgebaseRow = Selectable<KnowledgebasesTable>;
export type KnowledgeDocumentRow = Selectable<KnowledgeDocumentsTable>;
export type SuiteScenarioRow = Selectable<SuiteScenariosTable>;
export type SuiteRunRow = Selectable<SuiteRunsTable>;
export type SuiteRunItemRow = Selectable<SuiteRunItemsTable>;
export type ReplaySetRow = Selectable<ReplaySetsTable>;
export type ReplayPairRow = Selectable<ReplayPairsTable>;
