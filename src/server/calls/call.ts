import type { Db } from '../db/connect';
import { callDeletedEvent } from '../events/build';
import { publish } from '../events/bus';
import { notFound } from '../http/errors';
import { CALL_RECORD_SELECTION, type CallRecordRow } from './resource';

export const CALL_NOT_FOUND = 'Call not found';

/** One of the caller's calls, its Call record's columns; another user's answers as a missing one (404). */
export async function getCall(db: Db, userId: number, id: number): Promise<CallRecordRow> {
  const row = await db.selectFrom('calls').select(CALL_RECORD_SELECTION).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(CALL_NOT_FOUND);
  return row;
}

/** Deletes one of the caller's calls (404 when there is none) and publishes it. */
export async function deleteCall(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db.transaction().execute(async (trx) => {
    const call = await trx.deleteFrom('calls').where('id', '=', id).where('user_id', '=', userId).returning(['campaign_id', 'assistant_id']).executeTakeFirst();
    // A campaign call deleted while in flight frees its lead: the dialler would otherwise wait for it for ever.
    if (call) await trx.updateTable('leads').set({ live_call_id: null }).where('live_call_id', '=', id).where('user_id', '=', userId).execute();
    return call;
  });
  if (!gone) throw notFound(CALL_NOT_FOUND);
  publish(db, callDeletedEvent({ id, user_id: userId, campaign_id: gone.campaign_id, assistant_id: gone.assistant_id }));
}
