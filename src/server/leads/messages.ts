import { attributeName } from '../../contract';

/** What the lead endpoints answer when a request cannot be carried out. */
export const LEAD_NOT_FOUND = 'Lead not found';
export const LEAD_PHONE_INVALID = 'The phone number field must be a valid phone number.';
export const LEAD_PHONE_TAKEN = 'The phone number has already been taken in this campaign.';
export const LEAD_UPDATE_PHONE_INVALID = 'The phone number is not a valid phone number.';
export const CONTACT_CAMPAIGN_FIXED = 'A secondary contact stays in the campaign of its lead.';

export function phoneInvalid(path: (string | number)[]): string {
  return `The ${attributeName(path)} field must be a valid phone number.`;
}
