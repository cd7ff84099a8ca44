-- Text conversations with an assistant (issue 22): the hosted conversation API served locally.

-- The conversation-ended webhook of an assistant (POST /user/assistants/enable-conversation-ended-webhook).
ALTER TABLE assistants ADD COLUMN conversation_ended_webhook_url text;

CREATE TABLE conversations (
  id serial PRIMARY KEY,
  -- the public id (conversation_id, the path's {uuid})
  uuid uuid NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assistant_id integer NOT NULL REFERENCES assistants(id) ON DELETE CASCADE,
  -- widget | test | whatsapp | api
  type text NOT NULL,
  -- what {{placeholders}} are filled with; null when none were given
  variables jsonb,
  -- POST /ai/generate-reply keeps one conversation per assistant and customer_identifier
  customer_identifier text,
  external_identifier text,
  customer_phone text,
  whatsapp_sender_phone text,
  ai_enabled boolean NOT NULL DEFAULT true,
  -- user and assistant messages (the initial message included)
  message_count integer NOT NULL DEFAULT 0,
  total_cost numeric(12, 4) NOT NULL DEFAULT 0,
  last_message_at timestamp NOT NULL,
  -- set when the conversation ends (end_call tool, or no message for 30 minutes); a new message reopens it
  ended_at timestamp,
  -- end_call | inactivity
  ended_reason text,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX conversations_user ON conversations (user_id, id DESC);
CREATE INDEX conversations_assistant ON conversations (assistant_id, id DESC);
-- the inactivity sweep: open conversations by their last message
CREATE INDEX conversations_open ON conversations (last_message_at) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX conversations_customer ON conversations (assistant_id, customer_identifier) WHERE customer_identifier IS NOT NULL;
CREATE INDEX conversations_external ON conversations (user_id, external_identifier) WHERE external_identifier IS NOT NULL;

CREATE TABLE conversation_messages (
  id serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  -- user | assistant
  role text NOT NULL,
  content text NOT NULL DEFAULT '',
  -- on an assistant reply: the tools it called, in order, each
  -- {id, name, arguments, result, error, duration_ms, status_code, round}
  function_calls jsonb NOT NULL DEFAULT '[]',
  -- on a user message the model could not answer: why
  error text,
  -- the model's answers to this reply: their summed latency, the model calls made, tokens
  model text,
  model_latency_ms integer,
  model_calls integer,
  input_tokens integer,
  output_tokens integer,
  -- what this message cost (a widget or api user message: 0.01)
  cost numeric(12, 4) NOT NULL DEFAULT 0,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX conversation_messages_conversation ON conversation_messages (conversation_id, id);
