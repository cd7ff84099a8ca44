-- The TTS and STT provider an assistant names (synthesizer_provider_id, transcriber_provider_id of the
-- Assistant record), settable on create and update. See README "API notes" (Assistants).
ALTER TABLE assistants
  ADD COLUMN synthesizer_provider_id integer REFERENCES synthesizer_providers(id),
  ADD COLUMN transcriber_provider_id integer REFERENCES transcriber_providers(id);

-- Existing pipeline assistants get what a create gives them today (src/server/assistant-providers.ts):
-- the voice's TTS provider, else the first provider serving the language; the first STT provider serving
-- the language. Multimodal assistants speak and listen inside their model: both stay NULL.
UPDATE assistants a SET
  synthesizer_provider_id = COALESCE(
    (SELECT v.synthesizer_provider_id FROM voices v WHERE v.id = a.voice_id),
    (SELECT p.id FROM synthesizer_providers p
      WHERE p.iso_codes IS NULL OR (SELECT trim(l.iso_2) FROM languages l WHERE l.id = a.language_id) = ANY (p.iso_codes)
      ORDER BY p.id LIMIT 1)
  ),
  transcriber_provider_id = (
    SELECT p.id FROM transcriber_providers p
     WHERE p.iso_codes IS NULL OR (SELECT trim(l.iso_2) FROM languages l WHERE l.id = a.language_id) = ANY (p.iso_codes)
     ORDER BY p.id LIMIT 1
  )
WHERE a.mode = 'pipeline';
