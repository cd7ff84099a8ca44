import type { Db } from '../db/connect';
import type { CallRow, CampaignRow, LeadRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import type { ServiceEvent } from '../events/bus';
import { campaignEvent, leadEvent } from '../events/build';

/*
 * What a campaign call's outcome does to its lead (the transitions the spec leaves out; README "Campaigns"):
 *
 * - Goal reached (completed, answered by a person, and the campaign's goal variable true when it names
 *   one): the lead is `completed`, and so is the contact that was reached.
 * - A person answered but the goal was not reached: `completed` too, unless the campaign retries
 *   incomplete goals; then the round ends here (the person was reached: their other numbers are not
 *   tried at once) and counts as a failed attempt.
 * - Voicemail (answered by a machine): `completed`, unless the campaign retries voicemail; then it is
 *   treated as not reached.
 * - Not reached (busy, no answer, failed, or a retried voicemail): the next contact of the round is
 *   dialled at once (primary first, then the secondary contacts by id); after the last one the round
 *   is over.
 * - A round over without success: attempts + 1. Once 1 + max_retries rounds are made the lead is
 *   `reached-max-retries` (its contacts still `created` with it); otherwise it is due again after
 *   retry_interval minutes, from the primary.
 *
 * Runs inside the engine's transaction that finalises the call, so the outcome and the lead move together.
 * Only the call recorded as the lead's live call settles it: a call settled twice, or a call the lead
 * no longer waits for, changes nothing.
 */

export type AttemptVerdict = 'goal' | 'done' | 'unreached' | 'round-failed';

type CampaignRules = Pick<CampaignRow, 'goal_completion_variable' | 'retry_on_goal_incomplete' | 'retry_on_voicemail'>;

function isTrue(v: unknown): boolean {
  return v === true || v === 'true';
}

/** What one call's outcome means for its lead under the campaign's rules. */
export function verdictOf(call: Pick<CallRow, 'status' | 'answered_by' | 'variables'>, campaign: CampaignRules): AttemptVerdict {
  if (call.answered_by === 'human') {
    const goalVar = campaign.goal_completion_variable;
    const goal = call.status === 'completed' && (goalVar === null || isTrue((call.variables ?? {})[goalVar]));
    if (goal) return 'goal';
    return campaign.retry_on_goal_incomplete ? 'round-failed' : 'done';
  }
  if (call.answered_by === 'machine') return campaign.retry_on_voicemail ? 'unreached' : 'done';
  return 'unreached';
}

/** The contacts of a lead in the order a round dials them: the primary, then its secondary contacts by id. */
export async function contactsOf(trx: Db, primary: LeadRow): Promise<LeadRow[]> {
  const secondaries = await trx
    .selectFrom('leads')
    .selectAll()
    .where('parent_lead_id', '=', primary.id)
    .where('user_id', '=', primary.user_id)
    .orderBy('id')
    .execute();
  return [primary, ...secondaries];
}

export async function settleLeadAttempt(trx: Db, call: CallRow, now: Date): Promise<ServiceEvent[]> {
  if (call.lead_id === null) return [];
  const contact = await trx
    .selectFrom('leads')
    .select(['id', 'parent_lead_id'])
    .where('id', '=', call.lead_id)
    .where('user_id', '=', call.user_id)
    .executeTakeFirst();
  if (!contact) return [];
  const primaryId = contact.parent_lead_id ?? contact.id;
  // The dialler locks the same row (SKIP LOCKED) before it dials the lead again.
  const primary = await trx
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', primaryId)
    .where('user_id', '=', call.user_id)
    .forUpdate()
    .executeTakeFirst();
  if (!primary || primary.live_call_id !== call.id) return [];

  const campaign = await trx
    .selectFrom('campaigns')
    .select(['id', 'max_retries', 'retry_interval', 'goal_completion_variable', 'retry_on_goal_incomplete', 'retry_on_voicemail'])
    .where('id', '=', primary.campaign_id)
    .where('user_id', '=', call.user_id)
    .executeTakeFirst();
  const ts = toDbTimestamp(now);
  const leadEvents = (status: string): ServiceEvent[] => [
    leadEvent({ id: primary.id, user_id: call.user_id, status, campaign_id: primary.campaign_id }, call.id),
    campaignEvent({ id: primary.campaign_id, user_id: call.user_id }, call.id),
  ];
  if (!campaign) {
    await trx.updateTable('leads').set({ live_call_id: null, updated_at: ts }).where('id', '=', primary.id).execute();
    return leadEvents(primary.status);
  }
  // A lead someone set back to created while its call ran is dialled afresh; one already settled stays.
  if (primary.status !== 'created') {
    await trx.updateTable('leads').set({ live_call_id: null, updated_at: ts }).where('id', '=', primary.id).execute();
    return leadEvents(primary.status);
  }

  const verdict = verdictOf(call, campaign);
  if (verdict === 'goal' || verdict === 'done') {
    await trx
      .updateTable('leads')
      .set({ status: 'completed', live_call_id: null, next_attempt_at: null, updated_at: ts })
      .where('id', '=', primary.id)
      .execute();
    if (contact.id !== primary.id) {
      await trx.updateTable('leads').set({ status: 'completed', updated_at: ts }).where('id', '=', contact.id).execute();
    }
    return leadEvents('completed');
  }

  if (verdict === 'unreached') {
    const contacts = await contactsOf(trx, primary);
    const position = contacts.findIndex((c) => c.id === contact.id);
    const next = (position < 0 ? primary.next_contact : position) + 1;
    if (next < contacts.length) {
      await trx
        .updateTable('leads')
        .set({ live_call_id: null, next_contact: next, next_attempt_at: null, updated_at: ts })
        .where('id', '=', primary.id)
        .execute();
      return leadEvents('created');
    }
  }

  // The round is over without success.
  const attempts = primary.attempts + 1;
  if (attempts >= 1 + campaign.max_retries) {
    await trx
      .updateTable('leads')
      .set({ status: 'reached-max-retries', attempts, next_contact: 0, live_call_id: null, next_attempt_at: null, updated_at: ts })
      .where('id', '=', primary.id)
      .execute();
    await trx
      .updateTable('leads')
      .set({ status: 'reached-max-retries', updated_at: ts })
      .where('parent_lead_id', '=', primary.id)
      .where('status', '=', 'created')
      .execute();
    return leadEvents('reached-max-retries');
  }
  await trx
    .updateTable('leads')
    .set({
      attempts,
      next_contact: 0,
      live_call_id: null,
      next_attempt_at: toDbTimestamp(new Date(now.getTime() + campaign.retry_interval * 60_000)),
      updated_at: ts,
    })
    .where('id', '=', primary.id)
    .execute();
  return leadEvents('created');
}
