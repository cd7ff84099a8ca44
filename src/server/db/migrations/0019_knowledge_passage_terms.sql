-- The words of each passage as rows (issue 24: search time at 10,000 passages). Search weights a question's
-- words by how rare they are in the knowledge base and sums the weights of the words each passage holds; with
-- the passages' GIN index every passage holding a word is a visit to its heap row (its text and tsvector,
-- about 2 kB), and in a base where a question's words each stand in thousands of passages those visits were
-- most of a search (PostgreSQL: ~30 ms of CPU for 12,000 of them). Here a word's passages are one range of a
-- B-tree read without visiting rows (an index-only scan), and the counts come from the same range.
-- Kept by triggers, so every writer of passages (the worker, a language change, cascaded deletes) keeps it.

CREATE TABLE knowledge_passage_terms (
  knowledgebase_id integer NOT NULL,
  -- a lexeme of the passage's tsvector (its base's language), as tsvector_to_array gives it
  lexeme text NOT NULL,
  passage_id integer NOT NULL REFERENCES knowledge_passages(id) ON DELETE CASCADE,
  PRIMARY KEY (knowledgebase_id, lexeme, passage_id)
);
-- the cascade from a deleted passage (a document deleted or processed again, a base deleted)
CREATE INDEX knowledge_passage_terms_passage ON knowledge_passage_terms (passage_id);

CREATE FUNCTION knowledge_passage_terms_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO knowledge_passage_terms (knowledgebase_id, lexeme, passage_id)
  SELECT n.knowledgebase_id, t.lexeme, n.id
  FROM new_passages n, unnest(tsvector_to_array(n.search)) AS t(lexeme);
  RETURN NULL;
END $$;

-- A passage's words change with its language (the base's language changed) or its text.
CREATE FUNCTION knowledge_passage_terms_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM knowledge_passage_terms k USING old_passages o WHERE k.passage_id = o.id;
  INSERT INTO knowledge_passage_terms (knowledgebase_id, lexeme, passage_id)
  SELECT n.knowledgebase_id, t.lexeme, n.id
  FROM new_passages n, unnest(tsvector_to_array(n.search)) AS t(lexeme);
  RETURN NULL;
END $$;

-- Per statement, with the statement's rows: the worker stores a document's passages 500 at a time.
CREATE TRIGGER knowledge_passage_terms_insert AFTER INSERT ON knowledge_passages
  REFERENCING NEW TABLE AS new_passages
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_passage_terms_insert();
CREATE TRIGGER knowledge_passage_terms_update AFTER UPDATE ON knowledge_passages
  REFERENCING OLD TABLE AS old_passages NEW TABLE AS new_passages
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_passage_terms_update();

INSERT INTO knowledge_passage_terms (knowledgebase_id, lexeme, passage_id)
SELECT p.knowledgebase_id, t.lexeme, p.id
FROM knowledge_passages p, unnest(tsvector_to_array(p.search)) AS t(lexeme);
