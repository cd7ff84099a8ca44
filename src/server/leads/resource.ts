import type { LeadRow } from '../db/schema';
import { laravelDateTime } from '../db/time';

export interface CampaignRef {
  id: number;
  name: string;
}

/** A secondary contact: a lead row with a parent, shown without campaign fields. */
export function secondaryContactResource(row: LeadRow) {
  return {
    id: row.id,
    phone_number: row.phone_number,
    variables: row.variables,
    status: row.status,
    created_at: laravelDateTime(row.created_at),
    updated_at: laravelDateTime(row.updated_at),
  };
}
export type SecondaryContactResource = ReturnType<typeof secondaryContactResource>;

/** The Lead record of create and list: its campaign `{id, name}` and its secondary contacts. */
export function leadResource(row: LeadRow, campaign: CampaignRef | null, contacts: readonly LeadRow[]) {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    phone_number: row.phone_number,
    variables: row.variables,
    status: row.status,
    created_at: laravelDateTime(row.created_at),
    updated_at: laravelDateTime(row.updated_at),
    campaign,
    secondary_contacts: contacts.map(secondaryContactResource),
  };
}
export type LeadResource = ReturnType<typeof leadResource>;
