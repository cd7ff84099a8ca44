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
 * The calls that still change, which the console refreshes: the live ones, and an `ended` call (hung up; the
 * outcome, costs and analysis follow within seconds, as `completed` or another final status) while its last
 * change is recent. The event stream says so too, but a missed event (a reconnecting stream) left a call log
 * showing `ended` for good. Only while recent: `ended` is also a final status (the hosted service and the demo
 * data keep calls that ended so), and a page of old ones refreshed every 4 s for nothing; on 100,000 calls
 * those refreshes were what took the log's filter changes from 60 to 144 ms at p95 (`npm run bench:calls`).
 */
const SETTLING_MS = 2 * 60_000;

export function isChangingCall(call: { status: string; updated_at?: string | null | undefined }, now = Date.now()): boolean {
  if (LIVE_CALL_STATUSES.includes(call.status)) return true;
  if (call.status !== 'ended') return false;
  const at = Date.parse(call.updated_at ?? '');
  return Number.isFinite(at) && now - at < SETTLING_MS;
}
