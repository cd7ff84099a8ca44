import type { z } from 'zod';
import { attributeName, canonicalTimeZone, isTimeZone, WEEKDAYS, type createCampaignRequest, type FieldErrors } from '../../contract';
import { liveAssistantsOf } from '../assistants/read';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { ValidationError } from '../http/errors';
import { campaignResources } from './list';
import type { CampaignResource } from './resource';

export type CreateCampaignInput = z.output<typeof createCampaignRequest>;

/** "9:00" → "09:00". */
function hhmm(value: string): string {
  const [h = '0', m = '00'] = value.split(':');
  return `${h.padStart(2, '0')}:${m}`;
}

/**
 * A new draft campaign of the user's outbound assistant, dialling from the user's numbers. Field errors
 * (the assistant, the zone, the hours, each number) come together in one 422. Without a zone it takes the
 * assistant's, or UTC.
 */
export async function createCampaign(db: Db, now: () => Date, userId: number, input: CreateCampaignInput): Promise<CampaignResource> {
  const errors: FieldErrors = {};

  const assistant = await liveAssistantsOf(db, userId)
    .select(['id', 'timezone'])
    .where('id', '=', input.assistant_id)
    .where('type', '=', 'outbound')
    .executeTakeFirst();
  if (!assistant) errors.assistant_id = [`The selected ${attributeName(['assistant_id'])} is invalid.`];

  if (input.timezone !== undefined && !isTimeZone(input.timezone)) {
    errors.timezone = [`The ${attributeName(['timezone'])} field must be a valid timezone.`];
  }

  const start = hhmm(input.allowed_hours_start_time);
  const end = hhmm(input.allowed_hours_end_time);
  if (end <= start) {
    errors.allowed_hours_end_time = ['The allowed hours end time field must be a time after allowed hours start time.'];
  }

  const phoneIds = [...new Set(input.phone_number_ids)];
  if (input.phone_number_ids.length > 0) {
    const own = await db
      .selectFrom('phone_numbers')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', phoneIds)
      .execute();
    const ownIds = new Set(own.map((p) => p.id));
    input.phone_number_ids.forEach((pid, i) => {
      if (!ownIds.has(pid)) errors[`phone_number_ids.${i}`] = [`The selected ${attributeName(['phone_number_ids', i])} is invalid.`];
    });
  }
  if (Object.keys(errors).length > 0 || !assistant) throw new ValidationError(errors);

  const days = WEEKDAYS.filter((d) => input.allowed_days.includes(d));
  const timezone = canonicalTimeZone(input.timezone ?? (isTimeZone(assistant.timezone) ? assistant.timezone : 'UTC'));
  const row = await db.transaction().execute(async (trx) => {
    const ts = toDbTimestamp(now());
    const row = await trx
      .insertInto('campaigns')
      .values({
        user_id: userId,
        name: input.name,
        assistant_id: assistant.id,
        status: 'draft',
        timezone,
        max_calls_in_parallel: input.max_calls_in_parallel,
        allowed_hours_start_time: start,
        allowed_hours_end_time: end,
        allowed_days: JSON.stringify(days),
        max_retries: input.max_retries,
        retry_interval: input.retry_interval,
        retry_on_voicemail: input.retry_on_voicemail,
        retry_on_goal_incomplete: input.retry_on_goal_incomplete,
        goal_completion_variable: input.goal_completion_variable ?? null,
        mark_complete_when_no_leads: input.mark_complete_when_no_leads,
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (phoneIds.length > 0) {
      await trx
        .insertInto('campaign_phone_numbers')
        .values(phoneIds.map((phone_number_id) => ({ campaign_id: row.id, phone_number_id })))
        .execute();
    }
    return row;
  });
  const [data] = await campaignResources(db, userId, [row]);
  return data!;
}
