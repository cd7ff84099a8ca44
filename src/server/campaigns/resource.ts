import type { CampaignRow } from '../db/schema';
import { isoMicros } from '../db/time';

export interface CampaignExtras {
  assistant: { id: number; name: string } | null;
  phone_number_ids: number[];
  leads_count: number;
}

/** A campaign as GET /user/campaigns shows it (the spec leaves the shape out; see contract/campaign.ts). */
export function campaignResource(row: CampaignRow, extras: CampaignExtras) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    assistant_id: row.assistant_id,
    assistant: extras.assistant,
    timezone: row.timezone,
    max_calls_in_parallel: row.max_calls_in_parallel,
    allowed_hours_start_time: row.allowed_hours_start_time,
    allowed_hours_end_time: row.allowed_hours_end_time,
    allowed_days: row.allowed_days,
    max_retries: row.max_retries,
    retry_interval: row.retry_interval,
    retry_on_voicemail: row.retry_on_voicemail,
    retry_on_goal_incomplete: row.retry_on_goal_incomplete,
    goal_completion_variable: row.goal_completion_variable,
    mark_complete_when_no_leads: row.mark_complete_when_no_leads,
    phone_number_ids: extras.phone_number_ids,
    leads_count: extras.leads_count,
    created_at: isoMicros(row.created_at),
    updated_at: isoMicros(row.updated_at),
  };
}
export type CampaignResource = ReturnType<typeof campaignResource>;
