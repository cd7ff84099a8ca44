-- Assistant test suites (issue 25): scenarios per assistant, runs of them (each scenario repeated N times),
-- and one row per repetition, which places a real call (the engine and the model play it as every call) and,
-- once the call has its outcome, holds each expectation's result with its evidence.

CREATE TABLE suite_scenarios (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assistant_id integer NOT NULL REFERENCES assistants(id) ON DELETE CASCADE,
  name text NOT NULL,
  persona text NOT NULL,
  goal text NOT NULL,
  variables jsonb NOT NULL DEFAULT '{}',
  max_turns integer NOT NULL,
  -- [{id, kind, ...the kind's fields, min_pass_rate}] (src/contract/suites.ts)
  expectations jsonb NOT NULL DEFAULT '[]',
  created_at timestamp NOT NULL,
  updated_at timestamp NOT NULL
);
CREATE INDEX suite_scenarios_assistant ON suite_scenarios (assistant_id, id);

-- config: the assistant's settings the run used; config_version: a hash of them (runs compare by it).
CREATE TABLE suite_runs (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assistant_id integer NOT NULL REFERENCES assistants(id) ON DELETE CASCADE,
  status text NOT NULL,
  repetitions integer NOT NULL,
  min_pass_rate numeric NOT NULL,
  config jsonb NOT NULL,
  config_version text NOT NULL,
  created_at timestamp NOT NULL,
  finished_at timestamp,
  updated_at timestamp NOT NULL
);
CREATE INDEX suite_runs_assistant ON suite_runs (assistant_id, id DESC);
CREATE INDEX suite_runs_running ON suite_runs (id) WHERE status = 'running';

-- One repetition of one scenario. scenario: the scenario as it was when the run started (edits later do not
-- change what a run tested). status: queued -> calling (call_id set, in the transaction that placed the call)
-- -> done | error; cancelled. locked_until/lease: the process evaluating it (the judge asks the model
-- outside any transaction); a process killed meanwhile leaves the lease to run out for the next one.
CREATE TABLE suite_run_items (
  id serial PRIMARY KEY,
  run_id integer NOT NULL REFERENCES suite_runs(id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  scenario_id integer REFERENCES suite_scenarios(id) ON DELETE SET NULL,
  scenario jsonb NOT NULL,
  repetition integer NOT NULL,
  status text NOT NULL,
  call_id integer,
  turns integer,
  outcome text,
  results jsonb,
  error text,
  locked_until timestamptz,
  lease text,
  started_at timestamp,
  finished_at timestamp
);
CREATE INDEX suite_run_items_run ON suite_run_items (run_id, status);
CREATE INDEX suite_run_items_calling ON suite_run_items (call_id) WHERE status = 'calling';

-- A suite's call ends at its scenario's most turns (engine/talk/turn.ts); null: the talk worker's own limit.
ALTER TABLE calls ADD COLUMN max_turns integer;
