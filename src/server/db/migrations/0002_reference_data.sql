-- Reference data every database has: the public voices (user_id NULL), the LLM models and the
-- languages that assistants refer to by id or name. Ids follow the order below on a fresh database.

INSERT INTO voices (user_id, name, mode) VALUES
  (NULL, 'Rachel', 'pipeline'),
  (NULL, 'Adam', 'pipeline'),
  (NULL, 'Bella', 'pipeline'),
  (NULL, 'Antoni', 'pipeline'),
  (NULL, 'Charlotte', 'pipeline'),
  (NULL, 'Daniel', 'pipeline'),
  (NULL, 'Matilda', 'pipeline'),
  (NULL, 'Liam', 'pipeline'),
  (NULL, 'Alloy', 'multimodal'),
  (NULL, 'Shimmer', 'multimodal'),
  (NULL, 'Puck', 'multimodal'),
  (NULL, 'Kore', 'multimodal');

INSERT INTO llm_models (name, multimodal) VALUES
  ('gpt-4o', false),
  ('gpt-4o-mini', false),
  ('gpt-4.1', false),
  ('gpt-4.1-mini', false),
  ('claude-sonnet-4', false),
  ('gemini-2.5-flash', false),
  ('gpt-4o-realtime', true),
  ('gpt-4o-mini-realtime', true),
  ('gemini-2.5-flash-live', true);

INSERT INTO languages (name, iso_2) VALUES
  ('English', 'en'),
  ('German', 'de'),
  ('French', 'fr'),
  ('Spanish', 'es'),
  ('Italian', 'it'),
  ('Portuguese', 'pt'),
  ('Dutch', 'nl'),
  ('Polish', 'pl'),
  ('Swedish', 'sv'),
  ('Danish', 'da'),
  ('Norwegian', 'no'),
  ('Finnish', 'fi'),
  ('Czech', 'cs'),
  ('Slovak', 'sk'),
  ('Hungarian', 'hu'),
  ('Romanian', 'ro'),
  ('Bulgarian', 'bg'),
  ('Croatian', 'hr'),
  ('Greek', 'el'),
  ('Turkish', 'tr'),
  ('Russian', 'ru'),
  ('Ukrainian', 'uk'),
  ('Arabic', 'ar'),
  ('Hebrew', 'he'),
  ('Hindi', 'hi'),
  ('Japanese', 'ja'),
  ('Korean', 'ko'),
  ('Chinese', 'zh'),
  ('Indonesian', 'id'),
  ('Vietnamese', 'vi');
