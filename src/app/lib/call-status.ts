import type { CallStatus } from '@contract/call';
import { LIVE_CALL_STATUSES } from '@contract/call';

/** A colour per known status; an unknown status has none and is shown as plain text. */
export const STATUS_COLORS: Record<CallStatus, string> = {
  initiated: 'indigo',
  ringing: 'cyan',
  'in-progress': 'blue',
  completed: 'green',
  ended: 'teal',
  ended_by_customer: 'lime',
  ended_by_assistant: 'grape',
  busy: 'orange',
  'no-answer': 'yellow',
  failed: 'red',
};

export function statusColor(status: string): string | null {
  return Object.hasOwn(STATUS_COLORS, status) ? STATUS_COLORS[status as CallStatus] : null;
}

/*
 * The statuses whose calls still change, which the console refreshes: the live ones, and `ended` (hung up; the
 * outcome, costs and analysis follow within seconds, as `completed` or another final status). The event stream
 * says so too, but a missed event (a reconnecting stream) left a call log showing `ended` for good.
 */
const CHANGING_STATUSES: readonly string[] = [...LIVE_CALL_STATUSES, 'ended'];

export function isChangingStatus(status: string): boolean {
  return CHANGING_STATUSES.includes(status);
}
