-- "Failed outbound calls", "completed inbound calls": status and type together are the call log's most
-- common pair of filters. With only the single-column indexes the count behind the paginator read every
-- call of the user (bench:api, 100,000 calls: 83 ms on PGlite, 56 ms on PostgreSQL, p50 1.7 s under 32
-- connections); with this one it is an index-only range scan.
CREATE INDEX calls_user_status_type ON calls (user_id, status, type, created_at DESC, id DESC);
