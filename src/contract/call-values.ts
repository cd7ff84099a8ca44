/*
 * The call's enumerations, apart from its schemas: the console's URL validation (in the entry chunk)
 * reads them without loading zod with them.
 */
export const CALL_STATUSES = [
  'initiated',
  'ringing',
  'busy',
  'in-progress',
  'ended',
  'completed',
  'ended_by_customer',
  'ended_by_assistant',
  'no-answer',
  'failed',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
/** Calls in these states still change: the console refreshes them. */
export const LIVE_CALL_STATUSES: readonly string[] = ['initiated', 'ringing', 'in-progress'];
export const CALL_TYPES = ['inbound', 'outbound', 'web'] as const;
export const ANSWERED_BY = ['human', 'machine', 'unknown'] as const;
