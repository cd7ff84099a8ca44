-- Knowledge bases (issue 24): documents a user uploads or points at, split into passages that assistants
-- search with PostgreSQL's full-text search (PGlite and PostgreSQL alike).

CREATE TABLE knowledgebases (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  -- the text-search configuration of its passages: english | german
  language text NOT NULL DEFAULT 'english' CHECK (language IN ('english', 'german')),
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX knowledgebases_user ON knowledgebases (user_id, id);

CREATE TABLE knowledge_documents (
  id serial PRIMARY KEY,
  knowledgebase_id integer NOT NULL REFERENCES knowledgebases(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  -- website | pdf | txt | docx
  type text NOT NULL,
  -- processing | active | failed
  status text NOT NULL DEFAULT 'processing',
  -- why it failed, in words a person understands
  error text,
  -- website: the start page and the pages to follow (or the list of links to read, then follow none)
  url text,
  links jsonb,
  relative_links_limit integer,
  -- pdf | txt | docx: the upload, kept until processed so a restarted worker can read it
  file_name text,
  content bytea,
  size_bytes integer,
  passages_count integer NOT NULL DEFAULT 0,
  -- the worker's claim: a lease on the database's clock and a token only the claimer knows, so a process
  -- whose lease ran out cannot store its result over the one that took the document over
  locked_until timestamptz,
  claim uuid,
  attempts integer NOT NULL DEFAULT 0,
  processed_at timestamp,
  created_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX knowledge_documents_base ON knowledge_documents (knowledgebase_id, id);
-- the worker's queue
CREATE INDEX knowledge_documents_processing ON knowledge_documents (id) WHERE status = 'processing';

CREATE TABLE knowledge_passages (
  id serial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES knowledge_documents(id) ON DELETE CASCADE,
  knowledgebase_id integer NOT NULL REFERENCES knowledgebases(id) ON DELETE CASCADE,
  -- order within the document
  position integer NOT NULL,
  -- the heading (path) the passage sits under, kept with it
  heading text,
  content text NOT NULL,
  words integer NOT NULL,
  -- the knowledge base's language when stored (changed with it): a generated column cannot read another table
  config regconfig NOT NULL,
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(config, coalesce(heading, '')), 'A') || to_tsvector(config, content)
  ) STORED
);
CREATE INDEX knowledge_passages_document ON knowledge_passages (document_id, position);
CREATE INDEX knowledge_passages_base ON knowledge_passages (knowledgebase_id);
CREATE INDEX knowledge_passages_search ON knowledge_passages USING gin (search);
-- A passage's row (its text and tsvector, a few kilobytes) stays uncompressed in its page: a search reads the
-- tsvector of every passage holding a common word, and decompressing each costs more than the match itself.
ALTER TABLE knowledge_passages SET (toast_tuple_target = 8160);
