import type { AssistantRow, CallRow, CampaignRow, JsonRecord, LeadRow } from '../db/schema';
import { recordingUrl, transcriptText } from '../calls/resource';

/*
 * The JSON bodies the service sends. The post-call body has the hosted service's documented fields
 * (api-reference/webhooks/post-call: id, customer_phone, assistant_phone, duration, status,
 * extracted_variables, input_variables, transcript, recording_url, created_at, finished_at, lead, campaign)
 * plus our `event` and `assistant_id`, so one URL can serve several assistants and event kinds.
 * Timestamps are ISO 8601 in UTC with seconds ("2024-01-15T10:30:00Z"), as the docs' example prints them.
 */

export type WebhookPayload = JsonRecord;

/** "2026-11-22 20:39:10.123" (the database's UTC text) → "2026-11-22T20:39:10Z". */
export function isoSeconds(dbText: string | null): string | null {
  if (dbText === null) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(dbText);
  return m ? `${m[1]}T${m[2]}Z` : null;
}

function isRecord(v: unknown): v is JsonRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * What the assistant extracted (one value per post-call schema field) and what the call was given.
 * The engine keeps both in its plan (`input_variables`, `extracted_variables`); for calls without them, the
 * call's variables that are post-call schema fields are the extracted ones and the rest the input.
 */
export function splitVariables(call: CallRow, assistant: Pick<AssistantRow, 'post_call_schema'> | null) {
  const fields = new Set((assistant?.post_call_schema ?? []).map((f) => f.name));
  const all = isRecord(call.variables) ? call.variables : {};
  const extracted: JsonRecord = {};
  const rest: JsonRecord = {};
  for (const [k, v] of Object.entries(all)) {
    if (fields.has(k)) extracted[k] = v;
    else rest[k] = v;
  }
  const plan = isRecord(call.engine_plan) ? call.engine_plan : {};
  const plannedInput = plan.input_variables;
  const plannedExtracted = plan.extracted_variables;
  return { extracted: isRecord(plannedExtracted) ? plannedExtracted : extracted, input: isRecord(plannedInput) ? plannedInput : rest };
}

export function leadPayload(lead: LeadRow | null) {
  if (!lead) return null;
  return {
    id: lead.id,
    phone_number: lead.phone_number,
    variables: lead.variables,
    status: lead.status,
    created_at: isoSeconds(lead.created_at),
    updated_at: isoSeconds(lead.updated_at),
  };
}

export function campaignPayload(campaign: CampaignRow | null) {
  if (!campaign) return null;
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    allowed_hours_start_time: campaign.allowed_hours_start_time,
    allowed_hours_end_time: campaign.allowed_hours_end_time,
    allowed_days: campaign.allowed_days,
    max_calls_in_parallel: campaign.max_calls_in_parallel,
    max_retries: campaign.max_retries,
    retry_interval: campaign.retry_interval,
    created_at: isoSeconds(campaign.created_at),
    updated_at: isoSeconds(campaign.updated_at),
  };
}

export interface PayloadContext {
  call: CallRow;
  assistant: AssistantRow;
  lead: LeadRow | null;
  campaign: CampaignRow | null;
  /** Where receivers reach this service: PUBLIC_URL (config.ts), without a trailing slash. */
  baseUrl: string;
}

/** The finished call, as the post-call webhook and inbound_call.ended carry it. */
export function finishedCallPayload(event: 'call.ended' | 'inbound_call.ended', ctx: PayloadContext): WebhookPayload {
  const { call, assistant } = ctx;
  const { extracted, input } = splitVariables(call, assistant);
  const withRecording = assistant.include_recording_in_webhook;
  return {
    event,
    id: call.id,
    assistant_id: call.assistant_id,
    customer_phone: call.client_phone_number || null,
    assistant_phone: call.assistant_phone_number,
    duration: call.duration,
    status: call.status,
    extracted_variables: extracted,
    input_variables: input,
    transcript: transcriptText(call.transcript),
    ...(withRecording && { recording_url: call.recording_key ? recordingUrl(ctx.baseUrl, call.recording_key) : null }),
    created_at: isoSeconds(call.created_at),
    // The docs: "uses updated_at of the call record" when the call has no end time of its own.
    finished_at: isoSeconds(call.finished_at ?? call.updated_at),
    lead: leadPayload(ctx.lead),
    campaign: campaignPayload(ctx.campaign),
  };
}

/** An inbound call the assistant has just answered. */
export function inboundStartedPayload(ctx: Pick<PayloadContext, 'call'>): WebhookPayload {
  const { call } = ctx;
  return {
    event: 'inbound_call.started',
    id: call.id,
    assistant_id: call.assistant_id,
    customer_phone: call.client_phone_number || null,
    assistant_phone: call.assistant_phone_number,
    status: call.status,
    created_at: isoSeconds(call.created_at),
    answered_at: isoSeconds(call.answered_at ?? call.updated_at),
  };
}
