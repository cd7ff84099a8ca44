import { Hono } from 'hono';
import {
  attributeName,
  CAMPAIGN_UNKNOWN_FIELDS_ON_CREATE,
  campaignStatusRequest,
  createCampaignRequest,
  isTimeZone,
  unknownCampaignFields,
  WEEKDAYS,
  withoutBlankCampaignFields,
  type FieldErrors,
} from '../../contract';
import type { Db } from '../db/connect';
import type { CampaignRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { publish } from '../events/bus';
import type { AppEnv, Deps } from '../http/context';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { idParam, parseBody, parseOr422, readJson } from '../http/validate';
import { campaignResource, type CampaignExtras } from '../campaigns/resource';
import { campaignDeletedEvent, campaignEvent } from '../events/build';

const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const CAMPAIGN_ALREADY_RUNNING = 'The campaign is already running.';
export const CAMPAIGN_NOT_RUNNING = 'The campaign is not running.';
export const CAMPAIGN_COMPLETED = 'The campaign is completed and cannot be started again.';
export const CAMPAIGN_NO_ASSISTANT = 'The campaign has no outbound assistant: create a new campaign with one.';

/** "9:00" → "09:00". */
function hhmm(value: string): string {
  const [h = '0', m = '00'] = value.split(':');
  return `${h.padStart(2, '0')}:${m}`;
}

function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

/** Assistant, phone numbers and lead count of each campaign, three queries for any number of campaigns. */
async function extrasFor(db: Db, userId: number, rows: readonly CampaignRow[]): Promise<Map<number, CampaignExtras>> {
  const out = new Map<number, CampaignExtras>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const assistantIds = [...new Set(rows.map((r) => r.assistant_id).filter((v): v is number => v !== null))];
  const [assistants, numbers, counts] = await Promise.all([
    assistantIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('assistants').select(['id', 'name']).where('user_id', '=', userId).where('id', 'in', assistantIds).execute(),
    db
      .selectFrom('campaign_phone_numbers')
      .select(['campaign_id', 'phone_number_id'])
      .where('campaign_id', 'in', ids)
      .orderBy('phone_number_id')
      .execute(),
    db
      .selectFrom('leads')
      .select((eb) => ['campaign_id', eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('parent_lead_id', 'is', null)
      .where('campaign_id', 'in', ids)
      .groupBy('campaign_id')
      .execute(),
  ]);
  const assistantById = new Map(assistants.map((a) => [a.id, a]));
  for (const row of rows) {
    const assistant = row.assistant_id !== null ? assistantById.get(row.assistant_id) : undefined;
    out.set(row.id, {
      assistant: assistant ? { id: assistant.id, name: assistant.name } : null,
      phone_number_ids: [],
      leads_count: 0,
    });
  }
  for (const n of numbers) out.get(n.campaign_id)?.phone_number_ids.push(n.phone_number_id);
  for (const cnt of counts) {
    const extras = out.get(cnt.campaign_id);
    if (extras) extras.leads_count = Number(cnt.n);
  }
  return out;
}

async function resources(db: Db, userId: number, rows: readonly CampaignRow[]) {
  const extras = await extrasFor(db, userId, rows);
  return rows.map((row) =>
    campaignResource(row, extras.get(row.id) ?? { assistant: null, phone_number_ids: [], leads_count: 0 }),
  );
}

export function campaignRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/campaigns', async (c) => {
    const userId = c.var.user.id;
    const rows = await db
      .selectFrom('campaigns')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return c.json(await resources(db, userId, rows));
  });

  r.post('/campaigns', async (c) => {
    const body = await readJson(c);
    const unknown = unknownCampaignFields(body);
    if (unknown.length > 0) throw new HttpError(422, `${CAMPAIGN_UNKNOWN_FIELDS_ON_CREATE} ${unknown.join(', ')}`);
    const input = parseOr422(createCampaignRequest, withoutBlankCampaignFields(body));
    const userId = c.var.user.id;
    const errors: FieldErrors = {};

    const assistant = await db
      .selectFrom('assistants')
      .select(['id', 'timezone'])
      .where('id', '=', input.assistant_id)
      .where('user_id', '=', userId)
      .where('type', '=', 'outbound')
      .where('deleted_at', 'is', null)
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
    const [data] = await resources(db, userId, [row]);
    return c.json({ message: 'Campaign created successfully', data }, 201);
  });

  r.post('/campaigns/update-status', async (c) => {
    const input = await parseBody(c, campaignStatusRequest);
    const userId = c.var.user.id;
    const campaign = await db
      .selectFrom('campaigns')
      .leftJoin('assistants', (j) =>
        j.onRef('assistants.id', '=', 'campaigns.assistant_id').on('assistants.deleted_at', 'is', null).on('assistants.type', '=', 'outbound'),
      )
      .select(['campaigns.id', 'campaigns.status', 'assistants.id as live_assistant_id'])
      .where('campaigns.id', '=', input.campaign_id)
      .where('campaigns.user_id', '=', userId)
      .executeTakeFirst();
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);

    let next: 'running' | 'stopped';
    if (input.action === 'start') {
      if (campaign.status === 'running') throw new HttpError(422, CAMPAIGN_ALREADY_RUNNING);
      if (campaign.status === 'completed') throw new HttpError(422, CAMPAIGN_COMPLETED);
      if (campaign.live_assistant_id === null) throw new HttpError(422, CAMPAIGN_NO_ASSISTANT);
      next = 'running';
    } else {
      if (campaign.status !== 'running') throw new HttpError(422, CAMPAIGN_NOT_RUNNING);
      next = 'stopped';
    }
    // Only from the state just read: a concurrent change makes this update miss, and we say so.
    const res = await db
      .updateTable('campaigns')
      .set({ status: next, updated_at: toDbTimestamp(now()) })
      .where('id', '=', campaign.id)
      .where('user_id', '=', userId)
      .where('status', '=', campaign.status)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      throw new HttpError(422, next === 'running' ? CAMPAIGN_ALREADY_RUNNING : CAMPAIGN_NOT_RUNNING);
    }
    // Start and stop change nothing else: the dialler picks a running campaign up on its next tick and
    // leaves a stopped one's calls in flight to finish and settle their leads.
    publish(db, campaignEvent({ id: campaign.id, user_id: userId, status: next }));
    return c.json({
      message: next === 'running' ? 'Campaign started successfully' : 'Campaign stopped successfully',
      success: true,
      data: { campaign_id: campaign.id, status: next },
    });
  });

  // Singular path, as the hosted documentation prints it. Any status: a running campaign stops with it
  // (no further calls are placed for it). Its leads go too (ON DELETE CASCADE); its calls stay in the log
  // with their campaign_name and campaign_id null.
  r.delete('/campaign/:id', async (c) => {
    const id = idParam(c, 'id', CAMPAIGN_NOT_FOUND);
    const res = await db.deleteFrom('campaigns').where('id', '=', id).where('user_id', '=', c.var.user.id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound(CAMPAIGN_NOT_FOUND);
    publish(db, campaignDeletedEvent({ id, user_id: c.var.user.id }));
    return c.json({ message: 'Campaign deleted successfully' });
  });

  return r;
}
