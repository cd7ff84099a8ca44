import { z } from 'zod';
import { idish, nullableIdish, numberish, openString, textish } from './common';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const CAMPAIGN_STATUSES = ['draft', 'running', 'stopped', 'completed'] as const;
export const CAMPAIGN_ACTIONS = ['start', 'stop'] as const;
export const CAMPAIGN_BOUNDS = {
  name: { max: 255 },
  max_calls_in_parallel: { min: 1, max: 10, default: 3 },
  max_retries: { min: 1, max: 5, default: 3 },
  retry_interval: { min: 10, max: 4320, default: 60 },
} as const;

export const campaignSchema = z.looseObject({
  id: idish,
  name: openString,
  status: openString,
  assistant_id: nullableIdish,
  assistant: z.looseObject({ id: idish, name: openString }).nullish().transform((v) => v ?? null),
  timezone: textish,
  max_calls_in_parallel: numberish,
  /** "09:00" or "09:00:00" on the hosted service. */
  allowed_hours_start_time: textish,
  allowed_hours_end_time: textish,
  allowed_days: z.array(z.string()).nullish().transform((v) => v ?? []),
  max_retries: numberish,
  retry_interval: numberish,
  phone_number_ids: z.array(idish).nullish().transform((v) => v ?? []),
  leads_count: numberish.optional(),
  created_at: textish,
  updated_at: textish,
});
export type Campaign = z.output<typeof campaignSchema>;

/** "H:i": 9:00 or 09:00, hours 0-23. */
export const HOUR_MINUTE = /^([01]?\d|2[0-3]):[0-5]\d$/;

export const createCampaignRequest = z.object({
  name: z.string().trim().min(1).max(CAMPAIGN_BOUNDS.name.max),
  assistant_id: z.number().int(),
  timezone: z.string().min(1).optional(),
  max_calls_in_parallel: z
    .number()
    .int()
    .min(CAMPAIGN_BOUNDS.max_calls_in_parallel.min)
    .max(CAMPAIGN_BOUNDS.max_calls_in_parallel.max)
    .default(CAMPAIGN_BOUNDS.max_calls_in_parallel.default),
  allowed_hours_start_time: z.string().regex(HOUR_MINUTE).default('09:00'),
  allowed_hours_end_time: z.string().regex(HOUR_MINUTE).default('17:00'),
  allowed_days: z
    .array(z.enum(WEEKDAYS))
    .min(1)
    .default(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
  max_retries: z
    .number()
    .int()
    .min(CAMPAIGN_BOUNDS.max_retries.min)
    .max(CAMPAIGN_BOUNDS.max_retries.max)
    .default(CAMPAIGN_BOUNDS.max_retries.default),
  retry_interval: z
    .number()
    .int()
    .min(CAMPAIGN_BOUNDS.retry_interval.min)
    .max(CAMPAIGN_BOUNDS.retry_interval.max)
    .default(CAMPAIGN_BOUNDS.retry_interval.default),
  phone_number_ids: z.array(z.number().int()).max(50).default([]),
});
export type CreateCampaignRequest = z.input<typeof createCampaignRequest>;

export const campaignStatusRequest = z.object({
  campaign_id: z.number().int(),
  action: z.enum(CAMPAIGN_ACTIONS),
});

export const campaignStatusResponseSchema = z.looseObject({
  message: z.string(),
  success: z.boolean().optional(),
  data: z.looseObject({ campaign_id: idish, status: openString }),
});
