import { z } from 'zod';
import { listAnswer, recordAnswer } from './answers';
import { namedRecordSchema } from './lookups';
import { boolish, idish, lenientList, lenientRecord, nestedRecord, nullableIdish, numberish, openString, textish } from './common';
import { laxBool, laxId, laxInt } from './request-fields';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const CAMPAIGN_STATUSES = ['draft', 'running', 'stopped', 'completed'] as const;
export const CAMPAIGN_ACTIONS = ['start', 'stop'] as const;
export const CAMPAIGN_BOUNDS = {
  name: { max: 255 },
  max_calls_in_parallel: { min: 1, max: 10, default: 3 },
  max_retries: { min: 1, max: 5, default: 3 },
  retry_interval: { min: 10, max: 4320, default: 60 },
  goal_completion_variable: { max: 255 },
} as const;

/** What a campaign names of its assistant; hosted examples may leave it out or send `[]`. */
export const campaignAssistantSchema = lenientRecord({ id: idish, name: openString });

/** Statuses beyond CAMPAIGN_STATUSES (`active`, `paused` in hosted examples) are kept as they are. */
export const campaignSchema = lenientRecord({
  id: idish,
  name: openString,
  status: openString,
  assistant_id: nullableIdish,
  assistant: nestedRecord(campaignAssistantSchema),
  timezone: textish,
  max_calls_in_parallel: numberish,
  /** "09:00" or "09:00:00" on the hosted service. */
  allowed_hours_start_time: textish,
  allowed_hours_end_time: textish,
  allowed_days: lenientList(z.string()),
  max_retries: numberish,
  retry_interval: numberish,
  phone_number_ids: lenientList(idish),
  leads_count: numberish.optional(),
  // Settings of the hosted create; absent on hosts (and older records) that do not keep them.
  retry_on_voicemail: boolish.optional(),
  retry_on_goal_incomplete: boolish.optional(),
  goal_completion_variable: textish.optional(),
  mark_complete_when_no_leads: boolish.optional(),
  created_at: textish,
  updated_at: textish,
});
export type Campaign = z.output<typeof campaignSchema>;

/**
 * GET /user/campaigns: a bare array; older hosts wrapped it (`{"campaigns": [...]}`), and a paginator or
 * a `{data}` wrapper is read too (only its page: campaigns are few).
 */
export const campaignsAnswerSchema = listAnswer(campaignSchema, { keys: ['campaigns'] });

/** The create answer: `{message, data: campaign}` (201), or the campaign itself on some hosts. */
export const campaignMutationResponseSchema = recordAnswer(campaignSchema);

/** GET /user/campaigns as a picker reads it (the call log's filter): ids and names, in any form of the list. */
export const campaignNamesAnswerSchema = listAnswer(namedRecordSchema, { keys: ['campaigns'] });

/** "H:i": 9:00 or 09:00, hours 0-23. */
export const HOUR_MINUTE = /^([01]?\d|2[0-3]):[0-5]\d$/;

export const createCampaignRequest = z.object({
  name: z.string().trim().min(1).max(CAMPAIGN_BOUNDS.name.max),
  assistant_id: laxId(),
  timezone: z.string().min(1).optional(),
  max_calls_in_parallel: laxInt(z.number().int().min(CAMPAIGN_BOUNDS.max_calls_in_parallel.min).max(CAMPAIGN_BOUNDS.max_calls_in_parallel.max)).default(
    CAMPAIGN_BOUNDS.max_calls_in_parallel.default,
  ),
  allowed_hours_start_time: z.string().regex(HOUR_MINUTE).default('09:00'),
  allowed_hours_end_time: z.string().regex(HOUR_MINUTE).default('17:00'),
  allowed_days: z
    .array(z.enum(WEEKDAYS))
    .min(1)
    .default(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
  max_retries: laxInt(z.number().int().min(CAMPAIGN_BOUNDS.max_retries.min).max(CAMPAIGN_BOUNDS.max_retries.max)).default(
    CAMPAIGN_BOUNDS.max_retries.default,
  ),
  retry_interval: laxInt(z.number().int().min(CAMPAIGN_BOUNDS.retry_interval.min).max(CAMPAIGN_BOUNDS.retry_interval.max)).default(
    CAMPAIGN_BOUNDS.retry_interval.default,
  ),
  phone_number_ids: z.array(laxId()).max(50).default([]),
  // Settings the hosted create takes and its clients send; defaults as the hosted documentation gives them.
  retry_on_voicemail: laxBool().default(false),
  retry_on_goal_incomplete: laxBool().default(false),
  /** Names a boolean of the assistant's post-call schema; not checked against it, as no hosted document says it is. */
  goal_completion_variable: z.string().trim().min(1).max(CAMPAIGN_BOUNDS.goal_completion_variable.max).optional(),
  mark_complete_when_no_leads: laxBool().default(true),
});
export type CreateCampaignRequest = z.input<typeof createCampaignRequest>;

const CREATE_FIELDS = new Set<string>(Object.keys(createCampaignRequest.shape));

/** Same wording as the assistant create's refusal. */
export const CAMPAIGN_UNKNOWN_FIELDS_ON_CREATE = 'The following fields cannot be set:';

/** Fields of a create body the service does not know: refused with a 422, never dropped. */
export function unknownCampaignFields(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.keys(body).filter((k) => !CREATE_FIELDS.has(k));
}

// Laravel trims strings and turns "" into null before its rules run, and these are nullable there:
// today's clients send "" for an hour they leave open, and null or "" for no goal variable.
const BLANK_MEANS_DEFAULT = ['timezone', 'allowed_hours_start_time', 'allowed_hours_end_time', 'goal_completion_variable'] as const;

/** The create body with null or blank optional strings left out, so their defaults apply. */
export function withoutBlankCampaignFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of BLANK_MEANS_DEFAULT) {
    const v = out[key];
    if (v === null || (typeof v === 'string' && v.trim() === '')) delete out[key];
  }
  return out;
}

export const campaignStatusRequest = z.object({
  campaign_id: laxId(),
  action: z.enum(CAMPAIGN_ACTIONS),
});

/** Only the message is read: the list is fetched again after a status change. */
export const campaignStatusResponseSchema = lenientRecord({
  message: openString,
  success: boolish.optional(),
  data: nestedRecord(lenientRecord({ campaign_id: nullableIdish, status: openString })),
});
