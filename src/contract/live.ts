import { z } from 'zod';
import { recordAnswer } from './answers';
import { idish, lenientList, lenientRecord, nestedRecord, nullableIdish, numberish, openString, textish } from './common';
import { statusCounts, webhookDeliverySchema } from './webhooks';

/*
 * What the console watches live (our extensions): the event stream GET /user/events (Server-Sent Events),
 * the overview GET /user/overview and a campaign's progress GET /user/campaigns/{id}/progress.
 * Timestamps in the calls form (YYYY-MM-DD HH:MM:SS, UTC).
 */

/** One event of GET /user/events (`data:` of an SSE message whose `event:` is the type). */
export const serviceEventSchema = lenientRecord({
  type: openString,
  id: nullableIdish,
  status: textish,
  campaign_id: nullableIdish,
  assistant_id: nullableIdish,
  call_id: nullableIdish,
  /** knowledge_document.updated: the document's knowledge base. */
  knowledgebase_id: nullableIdish.optional(),
});
export type ServiceEventMessage = z.output<typeof serviceEventSchema>;

/** A call in flight, as the overview and a campaign's progress list it. */
export const liveCallSchema = lenientRecord({
  id: idish,
  status: openString,
  type: openString,
  assistant_id: nullableIdish,
  assistant_name: textish,
  campaign_id: nullableIdish,
  campaign_name: textish,
  client_phone_number: textish,
  assistant_phone_number: textish,
  created_at: textish,
  answered_at: textish,
});
export type LiveCall = z.output<typeof liveCallSchema>;

/** One day's calls: `answer_rate` is answered / calls (0…1, null without calls), `minutes` talked, `cost` in dollars. */
export const dayStatsSchema = lenientRecord({
  date: textish,
  calls: numberish,
  answered: numberish,
  answer_rate: numberish,
  minutes: numberish,
  cost: numberish,
});
export type DayStats = z.output<typeof dayStatsSchema>;

/** What the overview and a campaign's progress both tell of a running campaign: its leads and calls so far. */
const campaignCountsShape = {
  id: idish,
  name: textish,
  status: openString,
  leads_total: numberish,
  leads_by_status: statusCounts,
  calls_in_progress: numberish,
  attempts: numberish,
};

/** A running campaign on the overview. */
export const campaignSummarySchema = lenientRecord(campaignCountsShape);
export type CampaignSummary = z.output<typeof campaignSummarySchema>;

/** GET /user/overview?timezone=Europe/Berlin: "today" and "yesterday" are days in that zone (UTC by default). */
export const overviewSchema = lenientRecord({
  timezone: textish,
  live_calls: lenientList(liveCallSchema),
  today: nestedRecord(dayStatsSchema),
  yesterday: nestedRecord(dayStatsSchema),
  running_campaigns: lenientList(campaignSummarySchema),
  failed_deliveries: lenientList(webhookDeliverySchema),
});
export type Overview = z.output<typeof overviewSchema>;
export const overviewAnswerSchema = recordAnswer(overviewSchema);

/** One bucket of a campaign's calls over time: `at` is the bucket's start. */
export const progressPointSchema = lenientRecord({
  at: textish,
  calls: numberish,
  answered: numberish,
  completed_leads: numberish,
});
export type ProgressPoint = z.output<typeof progressPointSchema>;

/** GET /user/campaigns/{id}/progress. */
export const campaignProgressSchema = lenientRecord({
  ...campaignCountsShape,
  calls_by_status: statusCounts,
  live_calls: lenientList(liveCallSchema),
  series: lenientList(progressPointSchema),
  bucket_seconds: numberish,
});
export type CampaignProgress = z.output<typeof campaignProgressSchema>;
export const campaignProgressAnswerSchema = recordAnswer(campaignProgressSchema);

/** GET /user/overview query. */
export const overviewQuery = z.object({
  timezone: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'The timezone must be a valid time zone name.')
    .optional(),
});
