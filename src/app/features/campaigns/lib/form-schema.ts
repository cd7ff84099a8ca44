import { z } from 'zod';
import { CAMPAIGN_BOUNDS, HOUR_MINUTE, WEEKDAYS, type CreateCampaignRequest } from '../../../../contract/campaign';

/*
 * The campaign form: the service's own bounds (CAMPAIGN_BOUNDS), checked with Laravel's wording before
 * anything is sent. Empty number inputs give '' (Mantine's NumberInput), read as "required".
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
          ctx.addIssue({ code: 'custom', message: 'The assistant id field is required.' });
          return z.NEVER;
        }
        return v;
      }),
    timezone: z.string().nullable(),
    max_calls_in_parallel: bounded(CAMPAIGN_BOUNDS.max_calls_in_parallel),
    allowed_hours_start_time: z.string().regex(HOUR_MINUTE),
    allowed_hours_end_time: z.string().regex(HOUR_MINUTE),
    // Laravel's own words here read "at least 1 items".
    allowed_days: z.array(z.enum(WEEKDAYS)).min(1, 'Choose at least one day.'),
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
          message: 'The allowed hours end time field must be a time after allowed hours start time.',
        });
      }
    }
  });

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
