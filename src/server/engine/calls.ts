import type { Db } from '../db/connect';

/*
 * STUB (issue 11, helper "engine" implements): moves every call whose engine_next_at is due, claiming
 * its rows (FOR UPDATE SKIP LOCKED). Returns how many calls changed.
 */
export async function advanceCalls(db: Db, now: Date): Promise<number> {
  void db;
  void now;
  return 0;
}
