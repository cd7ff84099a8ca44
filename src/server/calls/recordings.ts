import type { Db } from '../db/connect';

/** The call a recording key belongs to (whoever owns it: the unguessable key stands in for a token). */
export async function callOfRecording(db: Db, key: string): Promise<{ duration: number } | undefined> {
  return db.selectFrom('calls').select(['duration']).where('recording_key', '=', key).executeTakeFirst();
}
