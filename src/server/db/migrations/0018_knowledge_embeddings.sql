-- Vector search beside full text in knowledge bases (issue 24), only where pgvector can be had: PGlite ships it
-- (db/connect.ts loads it), a PostgreSQL server has it when its operator installed the extension. Elsewhere
-- nothing is created and search stays full text alone (knowledge/vector-support.ts says so at start).
-- A migration runs once, so knowledge/vector-support.ts runs this file again (every statement is idempotent)
-- when the extension turns up on a server after it was migrated.
DO $$
BEGIN
  IF to_regtype('vector') IS NULL AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS vector;
    EXCEPTION WHEN insufficient_privilege THEN
      -- A role that may not create extensions: an administrator can (CREATE EXTENSION vector), the service then adds the table at its next start.
      RAISE NOTICE 'pgvector is installed but this role may not create the extension: knowledge search stays full text.';
    END;
  END IF;
  IF to_regtype('vector') IS NOT NULL THEN
    -- One embedding per passage, of the model named (LLM_EMBEDDING_MODEL, with its dimensions when asked for):
    -- a passage whose embedding is of another model is embedded again by the worker. `vector` without a length,
    -- so any model fits; the search compares only embeddings of the configured model (one length).
    EXECUTE $sql$
      CREATE TABLE IF NOT EXISTS knowledge_passage_embeddings (
        passage_id integer PRIMARY KEY REFERENCES knowledge_passages(id) ON DELETE CASCADE,
        knowledgebase_id integer NOT NULL REFERENCES knowledgebases(id) ON DELETE CASCADE,
        model text NOT NULL,
        embedding vector NOT NULL
      )
    $sql$;
    EXECUTE 'CREATE INDEX IF NOT EXISTS knowledge_passage_embeddings_base ON knowledge_passage_embeddings (knowledgebase_id, model)';
  END IF;
END
$$;
