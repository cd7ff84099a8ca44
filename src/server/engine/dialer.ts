import { sql } from 'kysely';
import { balanceOf } from '../account/balance';
import type { Db } from '../db/connect';
import type { CampaignRow, JsonRecord, LeadRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { publish, type ServiceEvent } from '../events/bus';
import { isWithinWindow } from './campaign-window';
import { MIN_BALANCE_FOR_CALL, placeCall, placedCallEvent, type PlaceCallInput } from './place-call';
import { campaignEvent, leadEvent } from '../events/build';

/*
 * The campaign dialler, one tick: every running campaign, each in a transaction of its own that holds the
 * campaign's row (FOR UPDATE SKIP LOCKED), so of several service processes only one dials a campaign at a
 * time and the count of its calls in flight is never stale. Inside the campaign's allowed days and hours
 * (its own time zone) it fills the free lines, up to max_calls_in_parallel, with its due leads, oldest
 * due first. A campaign with no lead left to call and nothing in flight is completed (when it says so).
 * Lead transitions after each call: lead-attempts.ts.
 */

export interface DialerOptions {
  /** DIALER_LOG=1: one line per dial with the process id (the two-process test counts who dialled what). */
  logDials?: boolean;
  /**
   * Live voice: a campaign number imported from a telephony provider places real calls, dialled through it
   * after the campaign's transaction commits (telephony/calls.ts dialOut). Without it, every call is simulated.
   */
  dial?: ((callId: number) => Promise<void>) | undefined;
}

export async function dialCampaigns(db: Db, now: Date, options: DialerOptions = {}): Promise<number> {
  const running = await db.selectFrom('campaigns').select('id').where('status', '=', 'running').orderBy('id').execute();
  let placed = 0;
  let firstError: unknown = null;
  for (const { id } of running) {
    try {
      const { dialled, events, onLines } = await db.transaction().execute((trx) => dialCampaign(trx, id, now, options));
      placed += dialled;
      // After the commit, on the root handle (a transaction's bus would be another one).
      for (const e of events) publish(db, e);
      if (options.dial) for (const callId of onLines) await options.dial(callId);
    } catch (e) {
      // One campaign that cannot be dialled (a bad row, a bug) must not hold up the others.
      firstError ??= e;
    }
  }
  if (firstError !== null) throw firstError;
  return placed;
}

interface TickResult {
  dialled: number;
  events: ServiceEvent[];
  /** Calls placed on real lines, to dial at their provider once committed. */
  onLines: number[];
}

async function dialCampaign(trx: Db, campaignId: number, now: Date, options: DialerOptions): Promise<TickResult> {
  const campaign = await trx
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', campaignId)
    .where('status', '=', 'running')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  // Another process holds it this tick, or it was stopped since the list was read.
  if (!campaign) return { dialled: 0, events: [], onLines: [] };

  const inFlight = await countInFlight(trx, campaign.id);
  if (await isFinished(trx, campaign, inFlight)) {
    const ts = toDbTimestamp(now);
    await trx.updateTable('campaigns').set({ status: 'completed', updated_at: ts }).where('id', '=', campaign.id).execute();
    return {
      dialled: 0,
      events: [campaignEvent({ id: campaign.id, user_id: campaign.user_id, status: 'completed' })],
      onLines: [],
    };
  }

  const free = campaign.max_calls_in_parallel - inFlight;
  if (free <= 0 || !isWithinWindow(campaign, now)) return { dialled: 0, events: [], onLines: [] };

  const assistant = await trx
    .selectFrom('assistants')
    .leftJoin('phone_numbers', (j) =>
      j.onRef('phone_numbers.id', '=', 'assistants.phone_number_id').on('phone_numbers.user_id', '=', campaign.user_id),
    )
    .select(['assistants.id', 'assistants.name', 'phone_numbers.phone_number'])
    .where('assistants.id', '=', campaign.assistant_id)
    .where('assistants.user_id', '=', campaign.user_id)
    .where('assistants.type', '=', 'outbound')
    .where('assistants.deleted_at', 'is', null)
    .executeTakeFirst();
  // Its assistant was deleted: the campaign stays running and dials nobody (start refuses it the same way).
  if (!assistant) return { dialled: 0, events: [], onLines: [] };
  if ((await balanceOf(trx, campaign.user_id)) < MIN_BALANCE_FOR_CALL) return { dialled: 0, events: [], onLines: [] };

  const ts = toDbTimestamp(now);
  const due = await trx
    .selectFrom('leads')
    .selectAll()
    .where('campaign_id', '=', campaign.id)
    .where('user_id', '=', campaign.user_id)
    .where('parent_lead_id', 'is', null)
    .where('status', '=', 'created')
    .where('live_call_id', 'is', null)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', ts)]))
    .orderBy(sql`coalesce(next_attempt_at, created_at)`)
    .orderBy('id')
    .limit(free)
    // A lead whose call the engine is settling right now is left for the next tick.
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length === 0) return { dialled: 0, events: [], onLines: [] };

  const fromNumbers = await campaignNumbers(trx, campaign);
  let turn = fromNumbers.length > 0 ? await callsPlaced(trx, campaign.id) : 0;
  const events: ServiceEvent[] = [];
  const onLines: number[] = [];
  for (const lead of due) {
    const contact = await contactToDial(trx, lead);
    const from = fromNumbers.length > 0 ? (fromNumbers[turn % fromNumbers.length] ?? null) : assistant.phone_number;
    turn += 1;
    const input: PlaceCallInput = {
      user_id: campaign.user_id,
      assistant_id: assistant.id,
      assistant_name: assistant.name,
      type: 'outbound',
      client_phone_number: contact.phone_number,
      assistant_phone_number: from,
      // A secondary contact's own variables (say its customer_name) win over the lead's.
      variables: contact.id === lead.id ? lead.variables : { ...lead.variables, ...contact.variables },
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      lead_id: contact.id,
      realLines: options.dial !== undefined,
      now,
    };
    const call = await placeCall(trx, input);
    if (call.provider) onLines.push(call.id);
    await trx
      .updateTable('leads')
      .set({
        live_call_id: call.id,
        // A lead whose secondary contact went away mid-round starts its round again from the primary.
        ...(contact.id === lead.id && lead.next_contact !== 0 && { next_contact: 0 }),
        updated_at: ts,
      })
      .where('id', '=', lead.id)
      .execute();
    if (options.logDials) console.log(`[dialer ${process.pid}] campaign ${campaign.id} lead ${lead.id} contact ${contact.id} call ${call.id}`);
    events.push(
      placedCallEvent(input, call),
      leadEvent({ id: lead.id, user_id: campaign.user_id, status: lead.status, campaign_id: campaign.id }, call.id),
    );
  }
  events.push(campaignEvent({ id: campaign.id, user_id: campaign.user_id, status: campaign.status }));
  return { dialled: due.length, events, onLines };
}

/** Calls of the campaign the engine is still playing (engine_next_at is cleared at the outcome). */
async function countInFlight(trx: Db, campaignId: number): Promise<number> {
  const row = await trx
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('engine_next_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Leads there were, none left to call and nothing in flight, on a campaign that completes then. A campaign
 * without any lead waits for its leads instead: "no lead left" needs leads to have been there, and a campaign
 * started before its leads are imported must not end at once.
 */
async function isFinished(trx: Db, campaign: CampaignRow, inFlight: number): Promise<boolean> {
  if (!campaign.mark_complete_when_no_leads || inFlight > 0) return false;
  const leads = trx
    .selectFrom('leads')
    .select('id')
    .where('campaign_id', '=', campaign.id)
    .where('user_id', '=', campaign.user_id)
    .where('parent_lead_id', 'is', null);
  const any = await leads.limit(1).executeTakeFirst();
  if (any === undefined) return false;
  const open = await leads
    .where((eb) => eb.or([eb('status', '=', 'created'), eb('live_call_id', 'is not', null)]))
    .limit(1)
    .executeTakeFirst();
  return open === undefined;
}

/** The campaign's own numbers (still the user's), in a fixed order for the round-robin. */
async function campaignNumbers(trx: Db, campaign: CampaignRow): Promise<string[]> {
  const rows = await trx
    .selectFrom('campaign_phone_numbers')
    .innerJoin('phone_numbers', 'phone_numbers.id', 'campaign_phone_numbers.phone_number_id')
    .select('phone_numbers.phone_number')
    .where('campaign_phone_numbers.campaign_id', '=', campaign.id)
    .where('phone_numbers.user_id', '=', campaign.user_id)
    .orderBy('phone_numbers.id')
    .execute();
  return rows.map((r) => r.phone_number);
}

/** How many calls the campaign has placed: where the round-robin over its numbers stands. */
async function callsPlaced(trx: Db, campaignId: number): Promise<number> {
  const row = await trx
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The contact of the lead's round to dial now: the primary, or its next secondary contact. */
async function contactToDial(trx: Db, lead: LeadRow): Promise<{ id: number; phone_number: string; variables: JsonRecord }> {
  if (lead.next_contact <= 0) return lead;
  const contact = await trx
    .selectFrom('leads')
    .select(['id', 'phone_number', 'variables'])
    .where('parent_lead_id', '=', lead.id)
    .where('user_id', '=', lead.user_id)
    .orderBy('id')
    .offset(lead.next_contact - 1)
    .limit(1)
    .executeTakeFirst();
  return contact ?? lead;
}
