import type { Db } from '../db/connect';
import type { Rng } from '../engine/random';
import { insertLeads, type LeadsSpec } from './leads';
import { daysAgo, type SeededUser } from './reference';

/* The demo account's campaigns: running, stopped and draft, each with its numbers and leads. */

export interface CampaignSpec extends LeadsSpec {
  name: string;
  assistant: string;
  status: 'draft' | 'running' | 'stopped';
  timezone: string;
  max_calls_in_parallel: number;
  hours: [string, string];
  days: string[];
  max_retries: number;
  retry_interval: number;
  numbers: string[];
  createdDaysAgo: number;
}

export const DEMO_CAMPAIGNS: CampaignSpec[] = [
  {
    name: 'SunPeak Spring Outreach',
    assistant: 'solar',
    status: 'running',
    timezone: 'America/New_York',
    max_calls_in_parallel: 3,
    hours: ['09:00', '18:00'],
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    max_retries: 3,
    retry_interval: 120,
    numbers: ['us_nyc', 'us_sip'],
    leads: 18,
    leadCountry: 'US',
    leadStatuses: { created: 6, completed: 8, 'reached-max-retries': 4 },
    secondary: 3,
    createdDaysAgo: 62,
  },
  {
    name: 'Dental Recall – Six-Month Check-ups',
    assistant: 'recall',
    status: 'stopped',
    timezone: 'America/Los_Angeles',
    max_calls_in_parallel: 2,
    hours: ['10:00', '16:30'],
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
    max_retries: 2,
    retry_interval: 240,
    numbers: ['us_cid'],
    leads: 14,
    leadCountry: 'US',
    leadStatuses: { created: 2, completed: 9, 'reached-max-retries': 3 },
    secondary: 2,
    createdDaysAgo: 61,
  },
  {
    name: 'UK Installer Webinar Follow-up',
    assistant: 'solar',
    status: 'draft',
    timezone: 'Europe/London',
    max_calls_in_parallel: 5,
    hours: ['10:00', '17:00'],
    days: ['tuesday', 'wednesday', 'thursday'],
    max_retries: 3,
    retry_interval: 60,
    numbers: ['gb_cid'],
    leads: 8,
    leadCountry: 'GB',
    leadStatuses: { created: 8, completed: 0, 'reached-max-retries': 0 },
    secondary: 1,
    createdDaysAgo: 3,
  },
];

export async function insertCampaigns(
  db: Db,
  user: SeededUser,
  specs: CampaignSpec[],
  assistants: Map<string, number>,
  rng: Rng,
  now: Date,
): Promise<void> {
  for (const s of specs) {
    const created = daysAgo(now, s.createdDaysAgo, rng);
    const campaign = await db
      .insertInto('campaigns')
      .values({
        user_id: user.id,
        name: s.name,
        assistant_id: assistants.get(s.assistant) ?? null,
        status: s.status,
        timezone: s.timezone,
        max_calls_in_parallel: s.max_calls_in_parallel,
        allowed_hours_start_time: s.hours[0],
        allowed_hours_end_time: s.hours[1],
        allowed_days: JSON.stringify(s.days),
        max_retries: s.max_retries,
        retry_interval: s.retry_interval,
        created_at: created,
        updated_at: s.status === 'draft' ? created : daysAgo(now, rng.int(0, 5), rng),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const numberIds = s.numbers.map((k) => user.numbers.get(k)).filter((id): id is number => id !== undefined);
    if (numberIds.length > 0) {
      await db
        .insertInto('campaign_phone_numbers')
        .values(numberIds.map((phone_number_id) => ({ campaign_id: campaign.id, phone_number_id })))
        .execute();
    }

    await insertLeads(db, user, campaign.id, s, created, rng, now);
  }
}
