-- Recordings that speak (issue 23): a call's transcript spoken, rendered once in the background and stored.

-- One row per call whose recording is to be rendered, or was. A row is queued (pending) when an ended call
-- gets its recording key or another transcript (the trigger below), when a conversation is kept as a web
-- call (calls/web-call.ts), and at the first request of a recording nothing queued (calls made before this
-- migration, the seeded history). The render worker (recordings/worker.ts) claims pending rows with
-- FOR UPDATE SKIP LOCKED and a lease (locked_until, on the database's clock): a process killed mid-render
-- leaves the lease to run out and another process (or itself, restarted) renders the call again.
CREATE TABLE call_recordings (
  call_id integer PRIMARY KEY REFERENCES calls(id) ON DELETE CASCADE,
  -- pending | done | failed
  status text NOT NULL DEFAULT 'pending',
  -- raised each time the call asks for a new rendering (another transcript); a render of an older
  -- generation that finishes meanwhile is not stored, and the row stays pending
  generation integer NOT NULL DEFAULT 1,
  -- the generation the stored audio was rendered from; null until the first rendering is stored
  rendered_generation integer,
  -- the whole WAV file, header included
  audio bytea,
  byte_length integer,
  -- tts | espeak-ng
  engine text,
  attempts integer NOT NULL DEFAULT 0,
  -- when a failed rendering is tried again (the service's clock); null: at once
  next_attempt_at timestamp,
  locked_until timestamptz,
  last_error text,
  -- the rendering's wall time and the audio's length (npm run bench:recordings reads them)
  render_ms integer,
  audio_ms integer,
  rendered_at timestamp,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
-- Uncompressed and out of line: a byte range is read with substring() from the chunks it covers, without
-- reading (and decompressing) the whole file first. Speech in 16-bit PCM barely compresses anyway.
ALTER TABLE call_recordings ALTER COLUMN audio SET STORAGE EXTERNAL;
CREATE INDEX call_recordings_due ON call_recordings (next_attempt_at) WHERE status = 'pending';

-- Queued where the call changes, so every writer of calls (the engine, imports, whatever comes) is covered
-- without calling this code: an ended call with a recording key and a transcript of turns, whose key or
-- transcript just changed. Inserts are not covered on purpose: the seeded history (100,000 calls in a
-- benchmark) is rendered only when someone asks for a recording.
CREATE FUNCTION call_recordings_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_recordings (call_id) VALUES (NEW.id)
  ON CONFLICT (call_id) DO UPDATE SET
    status = 'pending', generation = call_recordings.generation + 1, attempts = 0, next_attempt_at = NULL,
    locked_until = NULL, last_error = NULL, updated_at = (now() AT TIME ZONE 'utc');
  RETURN NULL;
END $$;

CREATE TRIGGER calls_recording_queue AFTER UPDATE OF recording_key, transcript, status, engine_next_at ON calls
  FOR EACH ROW
  WHEN (
    NEW.recording_key IS NOT NULL
    AND NEW.engine_next_at IS NULL
    AND NEW.status NOT IN ('initiated', 'ringing', 'in-progress')
    AND jsonb_typeof(NEW.transcript) = 'array'
    AND (OLD.recording_key IS DISTINCT FROM NEW.recording_key OR OLD.transcript IS DISTINCT FROM NEW.transcript
      OR OLD.engine_next_at IS NOT NULL OR OLD.status IN ('initiated', 'ringing', 'in-progress'))
  )
  EXECUTE FUNCTION call_recordings_queue();

-- A conversation kept as a call of type web (POST /conversations/{uuid}/web-call): the call it became,
-- updated in place when it is kept again.
ALTER TABLE conversations ADD COLUMN web_call_id integer REFERENCES calls(id) ON DELETE SET NULL;
