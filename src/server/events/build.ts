import type { ServiceEvent } from './bus';

/*
 * Every live event the service publishes is built here, from the row a change wrote (or the part of it the
 * change knows), so a new domain cannot forget a field or shape an event differently. Publishers still call
 * `publish` AFTER their transaction commits, so a listener that refetches sees the change.
 */

/** The call columns an event carries. */
export interface CallEventRow {
  id: number;
  user_id: number;
  status: string;
  assistant_id: number | null;
  campaign_id: number | null;
}

export function callEvent(call: CallEventRow): ServiceEvent {
  return { type: 'call', user_id: call.user_id, id: call.id, status: call.status, assistant_id: call.assistant_id, campaign_id: call.campaign_id };
}

/** A call removed from the log. */
export function callDeletedEvent(call: Omit<CallEventRow, 'status'>): ServiceEvent {
  return callEvent({ ...call, status: 'deleted' });
}

export interface LeadEventRow {
  id: number;
  user_id: number;
  campaign_id: number;
  /** Absent when the lead is gone (deleted). */
  status?: string;
}

/** A lead's or a campaign's event, both under their campaign: the status when the change knows it, the call that made the change when one did. */
function campaignScopedEvent(
  type: 'lead' | 'campaign',
  row: { id: number; user_id: number; status?: string },
  campaignId: number,
  callId: number | undefined,
): ServiceEvent {
  return {
    type,
    user_id: row.user_id,
    id: row.id,
    ...(row.status !== undefined && { status: row.status }),
    campaign_id: campaignId,
    ...(callId !== undefined && { call_id: callId }),
  };
}

/** A lead changed; `callId` names the call that changed it, when one did. */
export function leadEvent(lead: LeadEventRow, callId?: number): ServiceEvent {
  return campaignScopedEvent('lead', lead, lead.campaign_id, callId);
}

export interface CampaignEventRow {
  id: number;
  user_id: number;
  /** Absent when only the campaign's figures moved (a lead's attempt settled). */
  status?: string;
}

/** A campaign changed (its status, or its figures when a call of it settled: `callId`). */
export function campaignEvent(campaign: CampaignEventRow, callId?: number): ServiceEvent {
  return campaignScopedEvent('campaign', campaign, campaign.id, callId);
}

export function campaignDeletedEvent(campaign: { id: number; user_id: number }): ServiceEvent {
  return campaignEvent({ ...campaign, status: 'deleted' });
}

export interface DeliveryEventRow {
  id: number;
  user_id: number;
  status: string;
  assistant_id: number | null;
  call_id: number | null;
}

export function deliveryEvent(delivery: DeliveryEventRow): ServiceEvent {
  return { type: 'delivery', user_id: delivery.user_id, id: delivery.id, status: delivery.status, assistant_id: delivery.assistant_id, call_id: delivery.call_id };
}

/** The account's balance or settings changed. */
export function accountEvent(userId: number): ServiceEvent {
  return { type: 'account', user_id: userId };
}

/** A knowledge document's status changed (added, processed, failed, renamed, deleted: `deleted`). */
export function knowledgeDocumentEvent(doc: { id: number; user_id: number; status: string; knowledgebase_id: number }): ServiceEvent {
  return { type: 'knowledge_document.updated', user_id: doc.user_id, id: doc.id, status: doc.status, knowledgebase_id: doc.knowledgebase_id };
}

/** A knowledge base changed: its status (which follows its documents), its name, or it was deleted (`deleted`). */
export function knowledgebaseEvent(base: { id: number; user_id: number; status: string }): ServiceEvent {
  return { type: 'knowledgebase.updated', user_id: base.user_id, id: base.id, status: base.status };
}
