-- Calls the language model holds (issue 23): with a model configured, a call a human answers is the
-- assistant's own conversation with a customer the model plays.

-- conversation_mode: 'model' (the model held the conversation) | 'scripted' (simulated without a model);
-- null on calls the engine never played (the seeded history, imports).
-- persona: the caller the model plays, as make_call / simulate-inbound gave it (null: made from variables).
-- talk_next_at: while the model holds the call, when its next turn is due (null otherwise); talk_locked_until
-- and talk_lease: the lease of the process running its turns (on the database's clock; the lease token tells
-- a process whether the call is still its own when it writes a turn).
-- talk_state: where the conversation is (whose turn, conversation time, tokens, model requests, the ending).
-- latency_*: the assistant turns' model latency (p50, p95, how many turns), for the record and the filter.
ALTER TABLE calls
  ADD COLUMN conversation_mode text,
  ADD COLUMN persona text,
  ADD COLUMN talk_next_at timestamp,
  ADD COLUMN talk_locked_until timestamptz,
  ADD COLUMN talk_lease text,
  ADD COLUMN talk_state jsonb,
  ADD COLUMN latency_p50_ms integer,
  ADD COLUMN latency_p95_ms integer,
  ADD COLUMN latency_turns integer;
CREATE INDEX calls_talk_due ON calls (talk_next_at) WHERE talk_next_at IS NOT NULL;
-- The call log's latency filter (latency_p95_min): the user's calls by p95, only those that have one.
CREATE INDEX calls_user_latency ON calls (user_id, latency_p95_ms) WHERE latency_p95_ms IS NOT NULL;
