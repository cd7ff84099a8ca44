import type { Db } from '../db/connect';
import type { CampaignRow } from '../db/schema';
import { campaignResource, type CampaignExtras, type CampaignResource } from './resource';

/** Assistant, phone numbers and lead count of each campaign, three queries for any number of campaigns. */
async function extrasFor(db: Db, userId: number, rows: readonly CampaignRow[]): Promise<Map<number, CampaignExtras>> {
  const out = new Map<number, CampaignExtras>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const assistantIds = [...new Set(rows.map((r) => r.assistant_id).filter((v): v is number => v !== null))];
  const [assistants, numbers, counts] = await Promise.all([
    assistantIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('assistants').select(['id', 'name']).where('user_id', '=', userId).where('id', 'in', assistantIds).execute(),
    db
      .selectFrom('campaign_phone_numbers')
      .select(['campaign_id', 'phone_number_id'])
      .where('campaign_id', 'in', ids)
      .orderBy('phone_number_id')
      .execute(),
    db
      .selectFrom('leads')
      .select((eb) => ['campaign_id', eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('parent_lead_id', 'is', null)
      .where('campaign_id', 'in', ids)
      .groupBy('campaign_id')
      .execute(),
  ]);
  const assistantById = new Map(assistants.map((a) => [a.id, a]));
  for (const row of rows) {
    const assistant = row.assistant_id !== null ? assistantById.get(row.assistant_id) : undefined;
    out.set(row.id, {
      assistant: assistant ? { id: assistant.id, name: assistant.name } : null,
      phone_number_ids: [],
      leads_count: 0,
    });
  }
  for (const n of numbers) out.get(n.campaign_id)?.phone_number_ids.push(n.phone_number_id);
  for (const cnt of counts) {
    const extras = out.get(cnt.campaign_id);
    if (extras) extras.leads_count = Number(cnt.n);
  }
  return out;
}

/** The campaigns as the API shows them, with their assistant, phone numbers and lead count. */
export async function campaignResources(db: Db, userId: number, rows: readonly CampaignRow[]): Promise<CampaignResource[]> {
  const extras = await extrasFor(db, userId, rows);
  return rows.map((row) =>
    campaignResource(row, extras.get(row.id) ?? { assistant: null, phone_number_ids: [], leads_count: 0 }),
  );
}

/** The user's campaigns, newest first. */
export async function listCampaigns(db: Db, userId: number): Promise<CampaignResource[]> {
  const rows = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return campaignResources(db, userId, rows);
}

/** The user's campaign `{id, name}`, or undefined when it is not theirs (or gone). */
export async function findCampaignRef(db: Db, userId: number, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('campaigns').select(['id', 'name']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}
