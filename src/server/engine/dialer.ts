import type { Db } from '../db/connect';

/*
 * STUB (issue 11, helper "dialer" implements): dials the due leads of every running campaign inside its
 * hours, claiming each campaign's row. Returns how many calls it placed.
 */
export async function dialCampaigns(db: Db, now: Date): Promise<number> {
  void db;
  void now;
  return 0;
}
