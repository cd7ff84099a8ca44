import type { z } from 'zod';
import type { campaignStatusRequest } from '../../contract';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { campaignEvent } from '../events/build';
import { publish } from '../events/bus';
import { HttpError, notFound } from '../http/errors';
import { CAMPAIGN_ALREADY_RUNNING, CAMPAIGN_COMPLETED, CAMPAIGN_NO_ASSISTANT, CAMPAIGN_NOT_FOUND, CAMPAIGN_NOT_RUNNING } from './messages';

export type CampaignStatusInput = z.output<typeof campaignStatusRequest>;

/**
 * Start or stop the user's campaign. Start: not while it runs, never once completed, and only with a live
 * outbound assistant. Stop: only while it runs. Publishes the campaign's event and answers the new status.
 */
export async function changeCampaignStatus(
  db: Db,
  now: () => Date,
  userId: number,
  input: CampaignStatusInput,
): Promise<{ campaign_id: number; status: 'running' | 'stopped' }> {
  const campaign = await db
    .selectFrom('campaigns')
    .leftJoin('assistants', (j) =>
      j.onRef('assistants.id', '=', 'campaigns.assistant_id').on('assistants.deleted_at', 'is', null).on('assistants.type', '=', 'outbound'),
    )
    .select(['campaigns.id', 'campaigns.status', 'assistants.id as live_assistant_id'])
    .where('campaigns.id', '=', input.campaign_id)
    .where('campaigns.user_id', '=', userId)
    .executeTakeFirst();
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);

  let next: 'running' | 'stopped';
  if (input.action === 'start') {
    if (campaign.status === 'running') throw new HttpError(422, CAMPAIGN_ALREADY_RUNNING);
    if (campaign.status === 'completed') throw new HttpError(422, CAMPAIGN_COMPLETED);
    if (campaign.live_assistant_id === null) throw new HttpError(422, CAMPAIGN_NO_ASSISTANT);
    next = 'running';
  } else {
    if (campaign.status !== 'running') throw new HttpError(422, CAMPAIGN_NOT_RUNNING);
    next = 'stopped';
  }
  // Only from the state just read: a concurrent change makes this update miss, and we say so.
  const res = await db
    .updateTable('campaigns')
    .set({ status: next, updated_at: toDbTimestamp(now()) })
    .where('id', '=', campaign.id)
    .where('user_id', '=', userId)
    .where('status', '=', campaign.status)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) {
    throw new HttpError(422, next === 'running' ? CAMPAIGN_ALREADY_RUNNING : CAMPAIGN_NOT_RUNNING);
  }
  // Start and stop change nothing else: the dialler picks a running campaign up on its next tick and
  // leaves a stopped one's calls in flight to finish and settle their leads.
  publish(db, campaignEvent({ id: campaign.id, user_id: userId, status: next }));
  return { campaign_id: campaign.id, status: next };
}
