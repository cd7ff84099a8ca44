import { sql } from 'kysely';
import type { z } from 'zod';
import { LEAD_SETTABLE_STATUS, statusNotSettableMessage, type updateLeadRequest } from '../../contract';
import { toE164 } from '../../contract/phone';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/messages';
import { findCampaignRef } from '../campaigns/list';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { CONTACT_CAMPAIGN_FIXED, LEAD_NOT_FOUND, LEAD_UPDATE_PHONE_INVALID } from './messages';

export type UpdateLeadInput = z.output<typeof updateLeadRequest>;

/**
 * Change the user's lead: its campaign (its secondary contacts move with it; a secondary contact stays in its
 * lead's campaign), its number (E.164), its status (back to `created` only) and its variables (a shallow
 * merge: the keys sent overwrite, the others stay).
 */
export async function updateLead(db: Db, now: () => Date, userId: number, id: number, input: UpdateLeadInput): Promise<void> {
  if (input.status !== undefined && input.status !== LEAD_SETTABLE_STATUS) {
    throw new ValidationError({ status: [statusNotSettableMessage(input.status)] });
  }

  const lead = await db.selectFrom('leads').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  if (input.campaign_id !== undefined) {
    const campaign = await findCampaignRef(db, userId, input.campaign_id);
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    if (lead.parent_lead_id !== null && campaign.id !== lead.campaign_id) {
      throw new ValidationError({ campaign_id: [CONTACT_CAMPAIGN_FIXED] });
    }
  }
  let phone: string | undefined;
  if (input.phone_number !== undefined) {
    const e164 = toE164(input.phone_number);
    if (!e164) throw new HttpError(422, LEAD_UPDATE_PHONE_INVALID);
    phone = e164;
  }

  await db.transaction().execute(async (trx) => {
    const ts = toDbTimestamp(now());
    await trx
      .updateTable('leads')
      .set({
        ...(input.campaign_id !== undefined && { campaign_id: input.campaign_id }),
        ...(phone !== undefined && { phone_number: phone }),
        ...(input.status !== undefined && { status: input.status }),
        // Shallow merge: the keys sent overwrite, the others stay.
        ...(input.variables !== undefined && {
          variables: sql<string>`variables || ${JSON.stringify(input.variables)}::jsonb`,
        }),
        updated_at: ts,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    // A lead's secondary contacts move with it to another campaign.
    if (input.campaign_id !== undefined && lead.parent_lead_id === null && input.campaign_id !== lead.campaign_id) {
      await trx
        .updateTable('leads')
        .set({ campaign_id: input.campaign_id, updated_at: ts })
        .where('parent_lead_id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    }
  });
  // No event here: the console's lead page remounts its edit form on a fresh copy, so an event would reset
  // a form whose save had an unknown outcome before the person can retry it (e2e/faults.spec.ts).
}
