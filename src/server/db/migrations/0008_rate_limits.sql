-- Rate-limit counters, so several service processes on one PostgreSQL share each budget.
-- The table rate-limiter-flexible's RateLimiterPostgres expects (it is told not to create it):
-- key = '<limiter>:<who>', points used in the window, expire = end of the window in epoch ms.
-- On embedded PGlite (one process) the counters stay in memory and this table stays empty.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
