-- Replays (issue 33): past calls placed again against the assistant as it is now, and what changed.
-- Numbered 0021: another branch adds 0020_voice.sql.

-- config: the assistant's settings the replays ran with; config_before: the snapshot before them (the last
-- suite run's or replay set's of the assistant, null when none); source: {call_ids} or {filter} as asked.
CREATE TABLE replay_sets (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assistant_id integer NOT NULL REFERENCES assistants(id) ON DELETE CASCADE,
  status text NOT NULL,
  source jsonb NOT NULL,
  config jsonb NOT NULL,
  config_version text NOT NULL,
  config_before jsonb,
  created_at timestamp NOT NULL,
  finished_at timestamp,
  updated_at timestamp NOT NULL
);
CREATE INDEX replay_sets_assistant ON replay_sets (assistant_id, id DESC);
CREATE INDEX replay_sets_running ON replay_sets (id) WHERE status = 'running';

-- One original call and its replay. original: what the original call showed when the set started
-- (transcript, input and post-call variables, evaluation, outcome), so a deleted or edited call leaves the
-- comparison as it was. status: queued -> calling (call_id set in the transaction that placed the call)
-- -> done | error; cancelled. locked_until/lease: the process comparing it (the judge asks the model outside
-- any transaction), as suite_run_items.
CREATE TABLE replay_pairs (
  id serial PRIMARY KEY,
  set_id integer NOT NULL REFERENCES replay_sets(id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  original_call_id integer NOT NULL,
  original jsonb NOT NULL,
  persona text NOT NULL,
  status text NOT NULL,
  call_id integer,
  comparison jsonb,
  verdict text,
  reason text,
  error text,
  locked_until timestamptz,
  lease text,
  started_at timestamp,
  finished_at timestamp
);
CREATE INDEX replay_pairs_set ON replay_pairs (set_id, status);
CREATE INDEX replay_pairs_calling ON replay_pairs (call_id) WHERE status = 'calling';
