import type { Db } from '../db/connect';
import { campaignDeletedEvent } from '../events/build';
import { publish } from '../events/bus';
import { notFound } from '../http/errors';
import { CAMPAIGN_NOT_FOUND } from './messages';

/**
 * Delete the user's campaign, in any status: a running campaign stops with it (no further calls are placed
 * for it). Its leads go too (ON DELETE CASCADE); its calls stay in the log with their campaign_name and
 * campaign_id null.
 */
export async function deleteCampaign(db: Db, userId: number, id: number): Promise<void> {
  const res = await db.deleteFrom('campaigns').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(CAMPAIGN_NOT_FOUND);
  publish(db, campaignDeletedEvent({ id, user_id: userId }));
}
