-- Folders and labels that sort assistants (issue 24), and the assistant fields today's hosted clients send
-- that the local service keeps and returns without acting on them.

CREATE TABLE folders (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- one of the documented badge colours, or null
  color text,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
-- Names are unique per account regardless of case ("Sales" and "sales" are one name), as the hosted
-- service's database compares them; the index also answers the list's name order.
CREATE UNIQUE INDEX folders_user_name ON folders (user_id, lower(name));

CREATE TABLE labels (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  color text,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE UNIQUE INDEX labels_user_name ON labels (user_id, lower(name));

-- One folder per assistant; deleting the folder leaves its assistants without one.
ALTER TABLE assistants ADD COLUMN folder_id integer REFERENCES folders(id) ON DELETE SET NULL;
CREATE INDEX assistants_folder ON assistants (folder_id) WHERE folder_id IS NOT NULL;

-- Any number of labels per assistant; deleting a label takes it off every assistant.
CREATE TABLE assistant_labels (
  assistant_id integer NOT NULL REFERENCES assistants(id) ON DELETE CASCADE,
  label_id integer NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  PRIMARY KEY (assistant_id, label_id)
);
CREATE INDEX assistant_labels_label ON assistant_labels (label_id);

-- label_ids was kept as sent (migration 0004) while no labels existed: those ids named nothing, and a
-- label id now has to be one of the user's labels, so they are not carried over.
ALTER TABLE assistants DROP COLUMN label_ids;

-- Kept and returned, not acted on: the local engine has no ringing phase to time, no TTS emotion, no
-- chat model fallback and no turn detector. Null (false) until a client sets them.
ALTER TABLE assistants
  ADD COLUMN ringing_time integer,
  ADD COLUMN max_initial_silence_duration integer,
  ADD COLUMN tts_emotion_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN chat_llm_fallback_id integer,
  ADD COLUMN turn_detection_threshold double precision;
