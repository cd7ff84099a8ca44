-- Real-time voice (issue 32): numbers imported from a telephony provider, live calls held by a voice session,
-- one-time tickets of the voice sockets, and real recordings the render worker leaves alone.

-- A number the user owns at a provider (POST /user/phone-numbers/import): the provider's name, the account it
-- is in, the provider's id of the number (Twilio's PN sid), and the account's credential encrypted with
-- AES-256-GCM (telephony/secrets.ts; never returned, never logged). NULL provider: a number of this service.
ALTER TABLE phone_numbers
  ADD COLUMN provider text,
  ADD COLUMN provider_account text,
  ADD COLUMN provider_number_id text,
  ADD COLUMN provider_secret text;

-- A call over a real line: the provider and its id of the call (Twilio's CA sid, known once the call is
-- created there); NULL on simulated and web calls.
ALTER TABLE calls
  ADD COLUMN provider text,
  ADD COLUMN provider_call_id text;
CREATE INDEX calls_provider_call ON calls (provider, provider_call_id) WHERE provider_call_id IS NOT NULL;

-- One-time tickets of the voice sockets (a browser's web call, a Twilio media stream): only the SHA-256 of
-- the ticket is kept, so several processes on one PostgreSQL share them and a database dump holds none.
-- Consumed by one UPDATE ... WHERE used_at IS NULL AND expires_at > now: a ticket opens one socket at most.
CREATE TABLE voice_tickets (
  hash text PRIMARY KEY,
  -- web | twilio
  kind text NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assistant_id integer NOT NULL,
  -- the call it joins (an outbound call placed at the provider); NULL: the socket creates the call
  call_id integer REFERENCES calls(id) ON DELETE CASCADE,
  phone_number_id integer REFERENCES phone_numbers(id) ON DELETE CASCADE,
  -- what the socket needs to make the call: variables, the caller's and the called number, the provider's call id
  details jsonb NOT NULL DEFAULT '{}',
  expires_at timestamp NOT NULL,
  used_at timestamp,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX voice_tickets_expiry ON voice_tickets (expires_at);

-- A live call's real recording is stored with engine 'live' (voice/call-record.ts), before the engine gives
-- the call its outcome and recording key: the queueing trigger of migration 0014 must not turn it back into a
-- pending rendering of the transcript. Same function, one condition more.
CREATE OR REPLACE FUNCTION call_recordings_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_recordings (call_id) VALUES (NEW.id)
  ON CONFLICT (call_id) DO UPDATE SET
    status = 'pending', generation = call_recordings.generation + 1, attempts = 0, next_attempt_at = NULL,
    locked_until = NULL, last_error = NULL, updated_at = (now() AT TIME ZONE 'utc')
  WHERE call_recordings.engine IS DISTINCT FROM 'live';
  RETURN NULL;
END $$;
