import type { Db } from '../db/connect';
import { leadEvent } from '../events/build';
import { publish } from '../events/bus';
import { notFound } from '../http/errors';
import { LEAD_NOT_FOUND } from './messages';

/** Delete the user's lead; its secondary contacts go with it (ON DELETE CASCADE on parent_lead_id). */
export async function deleteLead(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db.deleteFrom('leads').where('id', '=', id).where('user_id', '=', userId).returning('campaign_id').executeTakeFirst();
  if (!gone) throw notFound(LEAD_NOT_FOUND);
  publish(db, leadEvent({ id, user_id: userId, campaign_id: gone.campaign_id }));
}
