-- Timestamps are `timestamp` (without zone) holding UTC: the API prints them without an offset
-- (`2026-11-22 20:39:10`) or with a literal Z, never in another zone.

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);

-- Only the SHA-256 of a token is kept; the token itself is shown once, when made.
CREATE TABLE api_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash char(64) NOT NULL UNIQUE,
  name text NOT NULL DEFAULT 'default',
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  last_used_at timestamp
);

CREATE TABLE phone_numbers (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  phone_number text NOT NULL,
  country_code char(2) NOT NULL,
  type_label text NOT NULL,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX phone_numbers_user ON phone_numbers (user_id);

-- user_id NULL: a public voice every user sees.
CREATE TABLE voices (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('pipeline', 'multimodal'))
);
CREATE INDEX voices_user ON voices (user_id);

CREATE TABLE llm_models (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  multimodal boolean NOT NULL DEFAULT false
);

CREATE TABLE languages (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  iso_2 char(2) NOT NULL
);

CREATE TABLE assistants (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  uuid uuid NOT NULL UNIQUE,
  name text NOT NULL,
  type text NOT NULL,
  mode text NOT NULL,
  status text NOT NULL DEFAULT 'active',
  phone_number_id integer REFERENCES phone_numbers(id) ON DELETE SET NULL,
  voice_id integer NOT NULL REFERENCES voices(id),
  language_id integer REFERENCES languages(id),
  language text,
  llm_model_id integer REFERENCES llm_models(id),
  timezone text NOT NULL,
  initial_message text NOT NULL DEFAULT '',
  system_prompt text NOT NULL DEFAULT '',
  variables jsonb NOT NULL DEFAULT '{}',
  post_call_evaluation boolean NOT NULL DEFAULT false,
  post_call_schema jsonb NOT NULL DEFAULT '[]',
  fillers boolean NOT NULL DEFAULT false,
  filler_config jsonb NOT NULL DEFAULT '{"neutral":[],"negative":[],"positive":[],"question":[]}',
  is_webhook_active boolean NOT NULL DEFAULT false,
  webhook_url text,
  inbound_webhook_url text,
  send_webhook_only_on_completed boolean NOT NULL DEFAULT false,
  include_recording_in_webhook boolean NOT NULL DEFAULT false,
  max_duration integer NOT NULL DEFAULT 600,
  max_silence_duration integer NOT NULL DEFAULT 15,
  reengagement_interval integer NOT NULL DEFAULT 30,
  record boolean NOT NULL DEFAULT true,
  end_call_on_voicemail boolean NOT NULL DEFAULT false,
  llm_temperature numeric(4, 2) NOT NULL DEFAULT 0.30,
  voice_stability numeric(4, 2) NOT NULL DEFAULT 0.50,
  voice_similarity numeric(4, 2) NOT NULL DEFAULT 0.75,
  speech_speed numeric(4, 2) NOT NULL DEFAULT 1.00,
  allow_interruptions boolean NOT NULL DEFAULT true,
  enable_noise_cancellation boolean NOT NULL DEFAULT false,
  endpoint_sensitivity numeric(3, 1) NOT NULL DEFAULT 2.5,
  interrupt_sensitivity numeric(3, 1) NOT NULL DEFAULT 2.5,
  endpoint_type text NOT NULL DEFAULT 'vad',
  wait_for_customer boolean NOT NULL DEFAULT false,
  ambient_sound text NOT NULL DEFAULT 'none',
  ambient_sound_volume numeric(4, 2) NOT NULL DEFAULT 0.20,
  min_interrupt_words integer NOT NULL DEFAULT 0,
  end_call_tool_description text,
  knowledgebase_mode text NOT NULL DEFAULT 'none',
  widget_settings jsonb NOT NULL DEFAULT '{}',
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  deleted_at timestamp
);
CREATE INDEX assistants_user ON assistants (user_id, id) WHERE deleted_at IS NULL;

CREATE TABLE tools (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL,
  endpoint text NOT NULL,
  method text NOT NULL,
  timeout integer NOT NULL DEFAULT 10,
  headers jsonb NOT NULL DEFAULT '[]',
  schema jsonb NOT NULL DEFAULT '[]',
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX tools_user ON tools (user_id);

CREATE TABLE assistant_tools (
  assistant_id integer NOT NULL REFERENCES assistants(id) ON DELETE CASCADE,
  tool_id integer NOT NULL REFERENCES tools(id) ON DELETE CASCADE,
  PRIMARY KEY (assistant_id, tool_id)
);
CREATE INDEX assistant_tools_tool ON assistant_tools (tool_id);

CREATE TABLE campaigns (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  assistant_id integer REFERENCES assistants(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'draft',
  timezone text NOT NULL DEFAULT 'UTC',
  max_calls_in_parallel integer NOT NULL DEFAULT 3,
  allowed_hours_start_time text NOT NULL DEFAULT '09:00',
  allowed_hours_end_time text NOT NULL DEFAULT '17:00',
  allowed_days jsonb NOT NULL DEFAULT '["monday","tuesday","wednesday","thursday","friday"]',
  max_retries integer NOT NULL DEFAULT 3,
  retry_interval integer NOT NULL DEFAULT 60,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX campaigns_user ON campaigns (user_id);

CREATE TABLE campaign_phone_numbers (
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  phone_number_id integer NOT NULL REFERENCES phone_numbers(id) ON DELETE CASCADE,
  PRIMARY KEY (campaign_id, phone_number_id)
);

-- A secondary contact is a lead row whose parent_lead_id points at its primary lead.
CREATE TABLE leads (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  parent_lead_id integer REFERENCES leads(id) ON DELETE CASCADE,
  phone_number text NOT NULL,
  variables jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'created',
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX leads_user ON leads (user_id, id);
CREATE INDEX leads_campaign_phone ON leads (campaign_id, phone_number) WHERE parent_lead_id IS NULL;
CREATE INDEX leads_parent ON leads (parent_lead_id);

CREATE TABLE calls (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assistant_id integer REFERENCES assistants(id) ON DELETE SET NULL,
  campaign_id integer REFERENCES campaigns(id) ON DELETE SET NULL,
  lead_id integer REFERENCES leads(id) ON DELETE SET NULL,
  -- kept on the call, so the log still names an assistant or campaign after it is deleted
  assistant_name text NOT NULL DEFAULT '',
  campaign_name text,
  type text NOT NULL,
  status text NOT NULL,
  duration integer NOT NULL DEFAULT 0,
  assistant_phone_number text,
  client_phone_number text NOT NULL,
  transcript jsonb,
  variables jsonb NOT NULL DEFAULT '{}',
  evaluation jsonb NOT NULL DEFAULT '{}',
  webhook_response jsonb,
  carrier_cost numeric(10, 4) NOT NULL DEFAULT 0,
  total_cost numeric(10, 4) NOT NULL DEFAULT 0,
  answered_by text,
  recording_key uuid,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
-- Newest first, per user, for every filter of GET /user/calls.
CREATE INDEX calls_user_created ON calls (user_id, created_at DESC, id DESC);
CREATE INDEX calls_user_status ON calls (user_id, status, created_at DESC, id DESC);
CREATE INDEX calls_user_type ON calls (user_id, type, created_at DESC, id DESC);
CREATE INDEX calls_user_assistant ON calls (user_id, assistant_id, created_at DESC, id DESC);
CREATE INDEX calls_user_campaign ON calls (user_id, campaign_id, created_at DESC, id DESC);
CREATE INDEX calls_user_client ON calls (user_id, client_phone_number, created_at DESC, id DESC);
CREATE UNIQUE INDEX calls_recording_key ON calls (recording_key);
