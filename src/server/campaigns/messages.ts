/** What the campaign endpoints answer when a request cannot be carried out. */
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const CAMPAIGN_ALREADY_RUNNING = 'The campaign is already running.';
export const CAMPAIGN_NOT_RUNNING = 'The campaign is not running.';
export const CAMPAIGN_COMPLETED = 'The campaign is completed and cannot be started again.';
export const CAMPAIGN_NO_ASSISTANT = 'The campaign has no outbound assistant: create a new campaign with one.';
