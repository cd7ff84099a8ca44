import { Hono, type Context } from 'hono';
import { publish } from '../events/bus';
import { sql } from 'kysely';
import {
  attributeName,
  createLeadRequest,
  LEAD_INVALID_FIELDS_PREFIX,
  LEAD_SETTABLE_STATUS,
  LEAD_UPDATABLE_FIELDS,
  statusNotSettableMessage,
  updateLeadRequest,
  type FieldErrors,
} from '../../contract';
import { toE164 } from '../../contract/phone';
import type { Db } from '../db/connect';
import type { LeadRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import type { AppEnv, Deps } from '../http/context';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { idParam, parseOr422, readJson } from '../http/validate';
import { leadResource, type CampaignRef } from '../leads/resource';
import { leadEvent } from '../events/build';

const LEAD_NOT_FOUND = 'Lead not found';
const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const LEAD_PHONE_INVALID = 'The phone number field must be a valid phone number.';
export const LEAD_PHONE_TAKEN = 'The phone number has already been taken in this campaign.';
export const LEAD_UPDATE_PHONE_INVALID = 'The phone number is not a valid phone number.';
export const CONTACT_CAMPAIGN_FIXED = 'A secondary contact stays in the campaign of its lead.';

function phoneInvalid(path: (string | number)[]): string {
  return `The ${attributeName(path)} field must be a valid phone number.`;
}

async function ownCampaign(db: Db, userId: number, id: number): Promise<CampaignRef | undefined> {
  return db.selectFrom('campaigns').select(['id', 'name']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** PUT /user/leads/{id}, also served at PUT /leads/{id} (the hosted documentation's path). */
function updateLeadHandler({ db, now }: Deps) {
  return async (c: Context<AppEnv>) => {
    const id = idParam(c, 'id', LEAD_NOT_FOUND);
    const body = await readJson(c);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, 'The request body must be a JSON object.');
    }
    const allowed: readonly string[] = LEAD_UPDATABLE_FIELDS;
    const invalid = Object.keys(body).filter((k) => !allowed.includes(k));
    if (invalid.length > 0) throw new HttpError(422, `${LEAD_INVALID_FIELDS_PREFIX} ${invalid.join(', ')}`);
    const input = parseOr422(updateLeadRequest, body);
    if (input.status !== undefined && input.status !== LEAD_SETTABLE_STATUS) {
      throw new ValidationError({ status: [statusNotSettableMessage(input.status)] });
    }

    const userId = c.var.user.id;
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!lead) throw notFound(LEAD_NOT_FOUND);
    if (input.campaign_id !== undefined) {
      const campaign = await ownCampaign(db, userId, input.campaign_id);
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
    return c.json({ message: 'Lead updated successfully' });
  };
}

export function leadRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.post('/lead', async (c) => {
    const input = parseOr422(createLeadRequest, await readJson(c));
    const userId = c.var.user.id;
    const errors: FieldErrors = {};

    const phone = toE164(input.phone_number);
    if (!phone) errors.phone_number = [phoneInvalid(['phone_number'])];
    const contacts = (input.secondary_contacts ?? []).map((contact, i) => {
      const e164 = toE164(contact.phone_number);
      if (!e164) errors[`secondary_contacts.${i}.phone_number`] = [phoneInvalid(['secondary_contacts', i, 'phone_number'])];
      return { phone_number: e164 ?? '', variables: contact.variables ?? {} };
    });
    const campaign = await ownCampaign(db, userId, input.campaign_id);
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
      const lead = await trx
        .insertInto('leads')
        .values({
          user_id: userId,
          campaign_id: campaign.id,
          parent_lead_id: null,
          phone_number: phone,
          variables: JSON.stringify(input.variables ?? {}),
          status: 'created',
          created_at: ts,
          updated_at: ts,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const children =
        contacts.length === 0
          ? []
          : await trx
              .insertInto('leads')
              .values(
                contacts.map((contact) => ({
                  user_id: userId,
                  campaign_id: campaign.id,
                  parent_lead_id: lead.id,
                  phone_number: contact.phone_number,
                  variables: JSON.stringify(contact.variables),
                  status: 'created',
                  created_at: ts,
                  updated_at: ts,
                })),
              )
              .returningAll()
              .execute();
      return { lead, children: [...children].sort((a, b) => a.id - b.id) };
    });
    publish(db, leadEvent({ id: lead.id, user_id: userId, status: lead.status, campaign_id: campaign.id }));
    return c.json({ message: 'Lead created successfully', data: leadResource(lead, campaign, children) });
  });

  r.get('/leads', async (c) => {
    const userId = c.var.user.id;
    const rows = await db
      .selectFrom('leads')
      .innerJoin('campaigns', 'campaigns.id', 'leads.campaign_id')
      .selectAll('leads')
      .select('campaigns.name as campaign_name')
      .where('leads.user_id', '=', userId)
      .where('leads.parent_lead_id', 'is', null)
      .orderBy('leads.created_at', 'desc')
      .orderBy('leads.id', 'desc')
      .execute();
    // All secondary contacts of the user in one query, grouped by their lead.
    const contacts = await db
      .selectFrom('leads')
      .selectAll()
      .where('user_id', '=', userId)
      .where('parent_lead_id', 'is not', null)
      .orderBy('id')
      .execute();
    const byParent = new Map<number, LeadRow[]>();
    for (const contact of contacts) {
      const parent = contact.parent_lead_id ?? 0;
      const list = byParent.get(parent);
      if (list) list.push(contact);
      else byParent.set(parent, [contact]);
    }
    return c.json(
      rows.map(({ campaign_name, ...lead }) =>
        leadResource(lead, { id: lead.campaign_id, name: campaign_name }, byParent.get(lead.id) ?? []),
      ),
    );
  });

  r.put('/leads/:id', updateLeadHandler({ db, now }));

  r.delete('/leads/:id', async (c) => {
    const id = idParam(c, 'id', LEAD_NOT_FOUND);
    // Secondary contacts go with their lead (ON DELETE CASCADE on parent_lead_id).
    const gone = await db.deleteFrom('leads').where('id', '=', id).where('user_id', '=', c.var.user.id).returning('campaign_id').executeTakeFirst();
    if (!gone) throw notFound(LEAD_NOT_FOUND);
    publish(db, leadEvent({ id, user_id: c.var.user.id, campaign_id: gone.campaign_id }));
    return c.json({ message: 'Lead deleted successfully' });
  });

  return r;
}

/**
 * Lead updates at the path the hosted documentation prints (`PUT /api/leads/{id}`, without `/user`),
 * which today's clients call: the same handler, mounted behind the same token check and rate limit.
 */
export function leadAliasRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.put('/leads/:id', updateLeadHandler(deps));
  return r;
}
