-- The call engine, campaign dialling and webhook deliveries (issue 11).

-- Calls the engine moves: engine_plan says how the call will go (outcome, ring and talk seconds), fixed when
-- the call is placed; engine_next_at is when its next step is due, null once it has reached its outcome.
-- Calls without a plan (the seeded history, imports) are never touched.
ALTER TABLE calls
  ADD COLUMN engine_plan jsonb,
  ADD COLUMN engine_next_at timestamp,
  ADD COLUMN answered_at timestamp,
  ADD COLUMN finished_at timestamp;
CREATE INDEX calls_engine_due ON calls (engine_next_at) WHERE engine_next_at IS NOT NULL;
CREATE INDEX calls_campaign_live ON calls (campaign_id) WHERE engine_next_at IS NOT NULL;
-- Calls made with make_call before this migration (marked evaluation.simulated) are picked up at once.
UPDATE calls SET engine_next_at = created_at
  WHERE status IN ('initiated', 'ringing', 'in-progress') AND evaluation @> '{"simulated": true}'::jsonb;

-- Campaign dialling, on the primary lead (secondary contacts carry none of it): `attempts` counts rounds
-- made (a round dials the primary, then each secondary contact while the previous one failed),
-- `next_contact` is the position in the round of the contact to dial next (0 = primary),
-- `next_attempt_at` when the lead may be dialled again (null: at once), `live_call_id` the call in flight.
ALTER TABLE leads
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_contact integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamp,
  ADD COLUMN live_call_id integer;
CREATE INDEX leads_campaign_due ON leads (campaign_id, next_attempt_at) WHERE status = 'created' AND parent_lead_id IS NULL;

-- The signing secret of a user's webhooks (Standard Webhooks, "whsec_" + base64); made when first needed.
ALTER TABLE users ADD COLUMN webhook_secret text;

-- The outbox: every webhook delivery, written in the transaction that decides it, sent by whichever
-- service process claims it (locked_until is that process's lease, on the database's own clock).
CREATE TABLE webhook_deliveries (
  id serial PRIMARY KEY,
  -- sent as the webhook-id header, the same on every attempt and resend
  webhook_id text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assistant_id integer REFERENCES assistants(id) ON DELETE SET NULL,
  call_id integer REFERENCES calls(id) ON DELETE SET NULL,
  -- post_call | inbound
  kind text NOT NULL,
  -- call.ended | inbound_call.started | inbound_call.ended
  event text NOT NULL,
  url text NOT NULL,
  payload jsonb NOT NULL,
  -- pending | delivered | failed
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamp,
  locked_until timestamptz,
  last_status_code integer,
  last_response text,
  last_error text,
  last_attempt_at timestamp,
  delivered_at timestamp,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_user ON webhook_deliveries (user_id, id DESC);
CREATE INDEX webhook_deliveries_assistant ON webhook_deliveries (assistant_id, id DESC);
CREATE INDEX webhook_deliveries_call ON webhook_deliveries (call_id);
