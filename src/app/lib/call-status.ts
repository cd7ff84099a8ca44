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

export function isLiveStatus(status: string): boolean {
  return LIVE_CALL_STATUSES.includes(status);
}
