import type { JsonRecord } from './variants';

/*
 * A running campaign and one of its calls, every field filled, as GET /user/overview and GET
 * /user/campaigns/{id}/progress send them: the overview's tests and the campaign page's start from these.
 */

/** A call of the campaign below, in progress since 09:59:53 UTC. */
export const LIVE_CALL: JsonRecord = {
  id: 9101,
  status: 'in-progress',
  type: 'outbound',
  assistant_id: 4102,
  assistant_name: 'Orchard Caller',
  campaign_id: 7001,
  campaign_name: 'Autumn Renewals',
  client_phone_number: '+12025550100',
  assistant_phone_number: '+4930123456',
  created_at: '2026-11-23 09:59:50',
  answered_at: '2026-11-23 09:59:53',
};

/** The campaign as the overview lists it: 3 of its 10 leads done, 2 calls in flight. */
export const RUNNING_CAMPAIGN: JsonRecord = {
  id: 7001,
  name: 'Autumn Renewals',
  status: 'running',
  leads_total: 10,
  leads_by_status: { created: 7, completed: 2, 'reached-max-retries': 1 },
  calls_in_progress: 2,
  attempts: 5,
};
