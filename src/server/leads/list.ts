import type { Db } from '../db/connect';
import type { LeadRow } from '../db/schema';
import { leadResource, type LeadResource } from './resource';

/** The user's primary leads, newest first, each with its campaign and its secondary contacts. */
export async function listLeads(db: Db, userId: number): Promise<LeadResource[]> {
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
  return rows.map(({ campaign_name, ...lead }) =>
    leadResource(lead, { id: lead.campaign_id, name: campaign_name }, byParent.get(lead.id) ?? []),
  );
}
