-- The call log's `total`, exact without counting the calls. At 1,000,000 calls an index-only count(*)
-- of the unfiltered log takes ~70 ms on PostgreSQL; a sum over these counts takes a few milliseconds.
--
-- call_counts holds the number of calls per user, UTC day of created_at (the date filters' day: they
-- compare created_at, UTC, with midnight), status, type, assistant and campaign (0 for none: filters
-- take ids from 1). Writers never touch it: triggers on calls append signed changes to
-- call_count_deltas in the same transaction, so writers never wait on each other or deadlock over a
-- shared counter row. The exact count is the sum over both tables, read in one statement (one
-- snapshot). Folding the changes into call_counts (db/call-counts.ts) is one statement: a reader sees
-- it wholly or not at all.

CREATE TABLE call_counts (
  user_id integer NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  type text NOT NULL,
  assistant_id integer NOT NULL,
  campaign_id integer NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (user_id, day, status, type, assistant_id, campaign_id)
);

CREATE TABLE call_count_deltas (
  user_id integer NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  type text NOT NULL,
  assistant_id integer NOT NULL,
  campaign_id integer NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX call_count_deltas_user ON call_count_deltas (user_id, day);

-- Statement triggers with transition tables: a seed batch of 500 calls, or a campaign's deletion
-- setting campaign_id to NULL on all its calls, makes one grouped insert, not one per row.
CREATE FUNCTION call_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_count_deltas (user_id, day, status, type, assistant_id, campaign_id, n)
  SELECT user_id, created_at::date, status, type, coalesce(assistant_id, 0), coalesce(campaign_id, 0), count(*)
  FROM call_counts_new
  GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;

CREATE FUNCTION call_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_count_deltas (user_id, day, status, type, assistant_id, campaign_id, n)
  SELECT user_id, created_at::date, status, type, coalesce(assistant_id, 0), coalesce(campaign_id, 0), -count(*)
  FROM call_counts_old
  GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;

-- Most updates (the engine's next step, a webhook outcome) move no count: the pair cancels out and
-- nothing is written.
CREATE FUNCTION call_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_count_deltas (user_id, day, status, type, assistant_id, campaign_id, n)
  SELECT user_id, day, status, type, assistant_id, campaign_id, sum(n)
  FROM (
    SELECT user_id, created_at::date AS day, status, type, coalesce(assistant_id, 0) AS assistant_id, coalesce(campaign_id, 0) AS campaign_id, -1 AS n
    FROM call_counts_old
    UNION ALL
    SELECT user_id, created_at::date, status, type, coalesce(assistant_id, 0), coalesce(campaign_id, 0), 1
    FROM call_counts_new
  ) AS changes
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(n) <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION call_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM call_counts;
  DELETE FROM call_count_deltas;
  RETURN NULL;
END $$;

CREATE TRIGGER calls_counts_insert AFTER INSERT ON calls
  REFERENCING NEW TABLE AS call_counts_new FOR EACH STATEMENT EXECUTE FUNCTION call_counts_on_insert();
CREATE TRIGGER calls_counts_delete AFTER DELETE ON calls
  REFERENCING OLD TABLE AS call_counts_old FOR EACH STATEMENT EXECUTE FUNCTION call_counts_on_delete();
CREATE TRIGGER calls_counts_update AFTER UPDATE ON calls
  REFERENCING OLD TABLE AS call_counts_old NEW TABLE AS call_counts_new FOR EACH STATEMENT EXECUTE FUNCTION call_counts_on_update();
CREATE TRIGGER calls_counts_truncate AFTER TRUNCATE ON calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_counts_on_truncate();

INSERT INTO call_counts (user_id, day, status, type, assistant_id, campaign_id, n)
SELECT user_id, created_at::date, status, type, coalesce(assistant_id, 0), coalesce(campaign_id, 0), count(*)
FROM calls
GROUP BY 1, 2, 3, 4, 5, 6;


-- A caller's calls with any other filter: the filter columns ride in the index, so the count (not in
-- call_counts) and the page read index entries only, not the calls (at 1,000,000 calls "phone + status"
-- fetched a caller's 8,000 calls from the table to check their status: 80 ms).
DROP INDEX calls_user_client;
CREATE INDEX calls_user_client ON calls (user_id, client_phone_number, created_at DESC, id DESC) INCLUDE (status, type, assistant_id, campaign_id);
