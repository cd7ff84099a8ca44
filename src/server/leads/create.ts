import { sql } from 'kysely';
import type { z } from 'zod';
import { attributeName, type createLeadRequest, type FieldErrors } from '../../contract';
import { toE164 } from '../../contract/phone';
import { findCampaignRef } from '../campaigns/list';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { leadEvent } from '../events/build';
import { publish } from '../events/bus';
import { ValidationError } from '../http/errors';
import { LEAD_PHONE_TAKEN, phoneInvalid } from './messages';
import { leadResource, type LeadResource } from './resource';

export type CreateLeadInput = z.output<typeof createLeadRequest>;

/**
 * A new lead in the user's campaign, with its secondary contacts (leads whose parent it is). Numbers are
 * stored in E.164; a number already a primary lead of the campaign is refused unless `allow_dupplicate`.
 * Publishes the lead's event.
 */
export async function createLead(db: Db, now: () => Date, userId: number, input: CreateLeadInput): Promise<LeadResource> {
  const errors: FieldErrors = {};

  const phone = toE164(input.phone_number);
  if (!phone) errors.phone_number = [phoneInvalid(['phone_number'])];
  const contacts = (input.secondary_contacts ?? []).map((contact, i) => {
    const e164 = toE164(contact.phone_number);
    if (!e164) errors[`secondary_contacts.${i}.phone_number`] = [phoneInvalid(['secondary_contacts', i, 'phone_number'])];
    return { phone_number: e164 ?? '', variables: contact.variables ?? {} };
  });
  const campaign = await findCampaignRef(db, userId, input.campaign_id);
  if (!campaign) errors.campaign_id = [`The selected ${attributeName(['campaign_id'])} is invalid.`];
  if (Object.keys(errors).length > 0 || !phone || !campaign) throw new ValidationError(errors);

  const { lead, children } = await db.transaction().execute(async (trx) => {
    // Lock the campaign so two creates of the same number cannot both pass the duplicate check.
    await sql`SELECT id FROM campaigns WHERE id = ${campaign.id} FOR UPDATE`.execute(trx);
    if (input.allow_dupplicate !== true) {
      const taken = await trx
        .selectFrom('leads')
        .select('id')
        .where('campaign_id', '=', campaign.id)
        .where('phone_number', '=', phone)
        .where('parent_lead_id', 'is', null)
        .executeTakeFirst();
      if (taken) throw new ValidationError({ phone_number: [LEAD_PHONE_TAKEN] });
    }
    const ts = toDbTimestamp(now());
    const newLead = (parent_lead_id: number | null, phone_number: string, variables: unknown) => ({
      user_id: userId,
      campaign_id: campaign.id,
      parent_lead_id,
      phone_number,
      variables: JSON.stringify(variables),
      status: 'created',
      created_at: ts,
      updated_at: ts,
    });
    const lead = await trx
      .insertInto('leads')
      .values(newLead(null, phone, input.variables ?? {}))
      .returningAll()
      .executeTakeFirstOrThrow();
    const children =
      contacts.length === 0
        ? []
        : await trx
            .insertInto('leads')
            .values(contacts.map((contact) => newLead(lead.id, contact.phone_number, contact.variables)))
            .returningAll()
            .execute();
    return { lead, children: [...children].sort((a, b) => a.id - b.id) };
  });
  publish(db, leadEvent({ id: lead.id, user_id: userId, status: lead.status, campaign_id: campaign.id }));
  return leadResource(lead, campaign, children);
}
