import type { WebhookDelivery } from '../../../../contract/webhooks';
import { formatCallTime } from '../../calls/lib/format';

export interface DeliveryOutcome {
  /** Badge colour; null for a status the console does not know (shown as plain text). */
  color: string | null;
  /** One word: Delivered, Pending, Failed, or the status as it came. */
  label: string;
  /** What happened, in a sentence: the answer's code, the error, when the next try is due. */
  text: string;
}

function answerOf(d: Pick<WebhookDelivery, 'last_status_code' | 'last_error'>): string | null {
  if (d.last_status_code !== null) return `HTTP ${d.last_status_code}`;
  if (d.last_error) return d.last_error;
  return null;
}

/** A delivery's state in words, for the badge and the line beside it. Every field may be missing. */
export function deliveryOutcome(
  d: Pick<WebhookDelivery, 'status' | 'attempts' | 'last_status_code' | 'last_error' | 'next_attempt_at' | 'delivered_at'>,
): DeliveryOutcome {
  const answer = answerOf(d);
  const attempts = d.attempts ?? 0;
  const tries = `${attempts} attempt${attempts === 1 ? '' : 's'}`;
  switch (d.status) {
    case 'delivered':
      return {
        color: 'teal',
        label: 'Delivered',
        text: [answer ? `Answered ${answer}` : 'Delivered', d.delivered_at ? `at ${formatCallTime(d.delivered_at, true)}` : null].filter(Boolean).join(' '),
      };
    case 'pending':
      if (attempts === 0) return { color: 'blue', label: 'Pending', text: 'Queued, not sent yet' };
      return {
        color: 'yellow',
        label: 'Pending',
        text: [`${answer ? `Last answer ${answer}` : 'No answer'} after ${tries}`, d.next_attempt_at ? `next try ${formatCallTime(d.next_attempt_at, true)}` : null]
          .filter(Boolean)
          .join('; '),
      };
    case 'failed':
      return { color: 'red', label: 'Failed', text: `${answer ? `Last answer ${answer}` : 'No answer'} after ${tries}; no more tries` };
    default:
      return { color: null, label: d.status || '—', text: answer ?? '' };
  }
}

/** Event names as a person reads them; an unknown one as it came. */
export function eventLabel(event: string): string {
  if (event === 'call.ended') return 'Call ended';
  if (event === 'inbound_call.started') return 'Inbound call started';
  if (event === 'inbound_call.ended') return 'Inbound call ended';
  return event || '—';
}
