import type { Db } from '../db/connect';
import { laravelDateTime } from '../db/time';

/*
 * What the overview and a campaign's progress both show: calls in flight, and per campaign its primary
 * leads by status, its calls in progress and its attempts (every call it placed, secondary contacts and
 * retries included). A call is in flight while the engine has a next step for it (engine_next_at set).
 */

export interface LiveCallRecord {
  id: number;
  status: string;
  type: string;
  assistant_id: number | null;
  assistant_name: string;
  campaign_id: number | null;
  campaign_name: string | null;
  client_phone_number: string;
  assistant_phone_number: string | null;
  created_at: string;
  answered_at: string | null;
}

/** At most this many calls in flight are listed (a campaign dials at most 10 at once). */
export const LIVE_CALLS_LIMIT = 100;

/** The user's calls in flight, oldest first (the order they started in); one campaign's when given. */
export async function liveCalls(db: Db, userId: number, campaignId?: number): Promise<LiveCallRecord[]> {
  let q = db
    .selectFrom('calls')
    .select([
      'id',
      'status',
      'type',
      'assistant_id',
      'assistant_name',
      'campaign_id',
      'campaign_name',
      'client_phone_number',
      'assistant_phone_number',
      'created_at',
      'answered_at',
    ])
    .where('user_id', '=', userId)
    .where('engine_next_at', 'is not', null);
  if (campaignId !== undefined) q = q.where('campaign_id', '=', campaignId);
  const rows = await q.orderBy('created_at').orderBy('id').limit(LIVE_CALLS_LIMIT).execute();
  return rows.map((r) => ({
    ...r,
    created_at: laravelDateTime(r.created_at),
    answered_at: r.answered_at === null ? null : laravelDateTime(r.answered_at),
  }));
}

export interface CampaignCounts {
  leads_total: number;
  leads_by_status: Record<string, number>;
  calls_in_progress: number;
  attempts: number;
}

/** Counts of each campaign (all of them the user's), two grouped queries for any number of campaigns. */
export async function campaignCounts(db: Db, userId: number, campaignIds: readonly number[]): Promise<Map<number, CampaignCounts>> {
  const out = new Map<number, CampaignCounts>();
  if (campaignIds.length === 0) return out;
  for (const id of campaignIds) out.set(id, { leads_total: 0, leads_by_status: {}, calls_in_progress: 0, attempts: 0 });
  const ids = [...campaignIds];
  const [leads, calls] = await Promise.all([
    db
      .selectFrom('leads')
      .select((eb) => ['campaign_id', 'status', eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('campaign_id', 'in', ids)
      .where('parent_lead_id', 'is', null)
      .groupBy(['campaign_id', 'status'])
      .execute(),
    db
      .selectFrom('calls')
      .select((eb) => [
        'campaign_id',
        eb.fn.countAll<number>().as('attempts'),
        eb.fn.count<number>('engine_next_at').as('in_flight'),
      ])
      .where('user_id', '=', userId)
      .where('campaign_id', 'in', ids)
      .groupBy('campaign_id')
      .execute(),
  ]);
  for (const row of leads) {
    const c = out.get(row.campaign_id);
    if (!c) continue;
    c.leads_by_status[row.status] = Number(row.n);
    c.leads_total += Number(row.n);
  }
  for (const row of calls) {
    const c = row.campaign_id === null ? undefined : out.get(row.campaign_id);
    if (!c) continue;
    c.attempts = Number(row.attempts);
    c.calls_in_progress = Number(row.in_flight);
  }
  return out;
}
