import { z } from 'zod';
import { CAMPAIGN_BOUNDS, HOUR_MINUTE, WEEKDAYS, type CreateCampaignRequest } from '@contract/campaign';
import { laravelErrorMap } from '@contract/validation';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/*
 * The campaign form: the service's own bounds (CAMPAIGN_BOUNDS), checked before anything is sent, in the
 * reader's language (in English with Laravel's wording, as the service would answer). Empty number inputs
 * give '' (Mantine's NumberInput), read as "required".
 */

export interface CampaignFormValues {
  name: string;
  assistant_id: number | null;
  /** null: the assistant's time zone. */
  timezone: string | null;
  max_calls_in_parallel: number | string;
  allowed_hours_start_time: string;
  allowed_hours_end_time: string;
  allowed_days: (typeof WEEKDAYS)[number][];
  max_retries: number | string;
  retry_interval: number | string;
  phone_number_ids: number[];
}

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

function bounded(b: { min: number; max: number }) {
  return z.preprocess(emptyToUndefined, z.number().int().min(b.min).max(b.max));
}

/** "9:00" and "09:00" compare as times. */
export function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

export const campaignFormSchema = z
  .object({
    name: z.string().trim().min(1).max(CAMPAIGN_BOUNDS.name.max),
    assistant_id: z
      .number()
      .int()
      .nullable()
      .transform((v, ctx) => {
        if (v === null) {
          ctx.addIssue({ code: 'custom', message: m.campaigns_validation_required({ field: m.campaigns_attr_assistant_id() }) });
          return z.NEVER;
        }
        return v;
      }),
    timezone: z.string().nullable(),
    max_calls_in_parallel: bounded(CAMPAIGN_BOUNDS.max_calls_in_parallel),
    allowed_hours_start_time: z.string().regex(HOUR_MINUTE),
    allowed_hours_end_time: z.string().regex(HOUR_MINUTE),
    // Laravel's own words here read "at least 1 items".
    allowed_days: z.array(z.enum(WEEKDAYS)).min(1, { error: () => m.campaigns_validation_days() }),
    max_retries: bounded(CAMPAIGN_BOUNDS.max_retries),
    retry_interval: bounded(CAMPAIGN_BOUNDS.retry_interval),
    phone_number_ids: z.array(z.number().int()).max(50),
  })
  .superRefine((v, ctx) => {
    if (HOUR_MINUTE.test(v.allowed_hours_start_time) && HOUR_MINUTE.test(v.allowed_hours_end_time)) {
      if (minutesOf(v.allowed_hours_end_time) <= minutesOf(v.allowed_hours_start_time)) {
        ctx.addIssue({
          code: 'custom',
          path: ['allowed_hours_end_time'],
          message: m.campaigns_validation_hours_order(),
        });
      }
    }
  });

/** Each field's name inside a validation sentence ("The max retries field …" / "Das Feld „Versuche“ …"). */
const ATTRIBUTES: Record<keyof CampaignFormValues, () => string> = {
  name: m.campaigns_attr_name,
  assistant_id: m.campaigns_attr_assistant_id,
  timezone: m.campaigns_attr_timezone,
  max_calls_in_parallel: m.campaigns_attr_max_calls_in_parallel,
  allowed_hours_start_time: m.campaigns_attr_allowed_hours_start_time,
  allowed_hours_end_time: m.campaigns_attr_allowed_hours_end_time,
  allowed_days: m.campaigns_attr_allowed_days,
  max_retries: m.campaigns_attr_max_retries,
  retry_interval: m.campaigns_attr_retry_interval,
  phone_number_ids: m.campaigns_attr_phone_number_ids,
};

// Bounds without grouping, as the service writes them ("4320").
const bound = (n: unknown) => formatNumber(Number(n), { useGrouping: false });

/**
 * The form's messages in the reader's language, read when the form validates. The English catalog words
 * them as Laravel does (laravelErrorMap); an issue it does not word falls back to that map.
 */
export const campaignErrorMap: z.core.$ZodErrorMap = (issue) => {
  const name = issue.path?.[0];
  const attribute = typeof name === 'string' && name in ATTRIBUTES ? ATTRIBUTES[name as keyof CampaignFormValues] : null;
  if (!attribute) return laravelErrorMap(issue);
  const field = attribute();
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return m.campaigns_validation_required({ field });
      return issue.expected === 'int' ? m.campaigns_validation_integer({ field }) : m.campaigns_validation_number({ field });
    case 'too_small':
      if (issue.origin === 'string') return m.campaigns_validation_required({ field });
      return m.campaigns_validation_min({ field, min: bound(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return m.campaigns_validation_max_chars({ field, max: bound(issue.maximum) });
      if (issue.origin === 'array') return m.campaigns_validation_max_items({ field, max: bound(issue.maximum) });
      return m.campaigns_validation_max({ field, max: bound(issue.maximum) });
    case 'invalid_format':
      return m.campaigns_validation_format({ field });
    case 'invalid_value':
      return issue.input === undefined ? m.campaigns_validation_required({ field }) : m.campaigns_validation_invalid({ field });
    default:
      return laravelErrorMap(issue);
  }
};

export const campaignFormDefaults: CampaignFormValues = {
  name: '',
  assistant_id: null,
  timezone: null,
  max_calls_in_parallel: CAMPAIGN_BOUNDS.max_calls_in_parallel.default,
  allowed_hours_start_time: '09:00',
  allowed_hours_end_time: '17:00',
  allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  max_retries: CAMPAIGN_BOUNDS.max_retries.default,
  retry_interval: CAMPAIGN_BOUNDS.retry_interval.default,
  phone_number_ids: [],
};

export function toCreateCampaignRequest(v: z.output<typeof campaignFormSchema>): CreateCampaignRequest {
  return {
    name: v.name,
    assistant_id: v.assistant_id,
    ...(v.timezone ? { timezone: v.timezone } : {}),
    max_calls_in_parallel: v.max_calls_in_parallel,
    allowed_hours_start_time: v.allowed_hours_start_time,
    allowed_hours_end_time: v.allowed_hours_end_time,
    allowed_days: v.allowed_days,
    max_retries: v.max_retries,
    retry_interval: v.retry_interval,
    phone_number_ids: v.phone_number_ids,
  };
}

/** The service's `phone_number_ids.2` and `allowed_days.0` land on their whole field. */
export function campaignErrorPath(key: string): string {
  return key.replace(/^(phone_number_ids|allowed_days)\.\d+$/, '$1');
}

export function timeZones(): string[] {
  try {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes('UTC') ? zones : ['UTC', ...zones];
  } catch {
    return ['UTC'];
  }
}
