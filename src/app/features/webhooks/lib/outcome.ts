import type { WebhookDelivery } from '@contract/webhooks';
import { m } from '@/i18n';
import { DASH, formatNumber, formatWallClock } from '@/i18n/format';

export interface DeliveryOutcome {
  /** Badge colour; null for a status the console does not know (shown as plain text). */
  color: string | null;
  /** One word: Delivered, Pending, Failed, or the status as it came. */
  label: string;
  /** What happened, in a sentence: the answer's code, the error, when the next try is due. */
  text: string;
}

/**
 * A delivery's time as the service wrote it (its wall clock, with seconds), in the reader's language.
 * `part` gives only the day or only the time, for a cell of two lines.
 */
export function formatDeliveryTime(value: string | null | undefined, part?: 'date' | 'time'): string {
  if (part === 'date') return formatWallClock(value, { dateStyle: 'medium' });
  if (part === 'time') return formatWallClock(value, { timeStyle: 'medium' });
  return formatWallClock(value, { dateStyle: 'medium', timeStyle: 'medium' });
}

function answerOf(d: Pick<WebhookDelivery, 'last_status_code' | 'last_error'>): string | null {
  if (d.last_status_code !== null) return `HTTP ${d.last_status_code}`;
  if (d.last_error) return d.last_error;
  return null;
}

/** "Last answer HTTP 500 after 2 attempts" / "No answer after 1 attempt". */
function afterTries(answer: string | null, attempts: number): string {
  const count = formatNumber(attempts);
  return answer ? m.webhooks_last_answer_after({ answer, count }) : m.webhooks_no_answer_after({ count });
}

/** A delivery's state in words, for the badge and the line beside it. Every field may be missing. */
export function deliveryOutcome(
  d: Pick<WebhookDelivery, 'status' | 'attempts' | 'last_status_code' | 'last_error' | 'next_attempt_at' | 'delivered_at'>,
): DeliveryOutcome {
  const answer = answerOf(d);
  const attempts = d.attempts ?? 0;
  switch (d.status) {
    case 'delivered': {
      const time = d.delivered_at ? formatDeliveryTime(d.delivered_at) : null;
      let text: string;
      if (answer) text = time ? m.webhooks_answered_at({ answer, time }) : m.webhooks_answered({ answer });
      else text = time ? m.webhooks_delivered_at({ time }) : m.webhooks_status_delivered();
      return { color: 'teal', label: m.webhooks_status_delivered(), text };
    }
    case 'pending':
      if (attempts === 0) return { color: 'blue', label: m.webhooks_status_pending(), text: m.webhooks_queued() };
      return {
        color: 'yellow',
        label: m.webhooks_status_pending(),
        text: [afterTries(answer, attempts), d.next_attempt_at ? m.webhooks_next_try({ time: formatDeliveryTime(d.next_attempt_at) }) : null]
          .filter(Boolean)
          .join('; '),
      };
    case 'failed':
      return { color: 'red', label: m.webhooks_status_failed(), text: `${afterTries(answer, attempts)}; ${m.webhooks_no_more_tries()}` };
    default:
      return { color: null, label: d.status || DASH, text: answer ?? '' };
  }
}

const statusWords: Record<string, () => string> = {
  pending: m.webhooks_status_word_pending,
  delivered: m.webhooks_status_word_delivered,
  failed: m.webhooks_status_word_failed,
};

/** A status inside a sentence ("failed"), an unknown one as it came. */
export function statusWord(status: string | null | undefined): string {
  if (!status) return m.webhooks_unknown_status();
  return Object.hasOwn(statusWords, status) ? statusWords[status]!() : status;
}

const eventLabels: Record<string, () => string> = {
  'call.ended': m.webhooks_event_call_ended,
  'inbound_call.started': m.webhooks_event_inbound_call_started,
  'inbound_call.ended': m.webhooks_event_inbound_call_ended,
};

/** Event names as a person reads them; an unknown one as it came. */
export function eventLabel(event: string): string {
  if (Object.hasOwn(eventLabels, event)) return eventLabels[event]!();
  return event || DASH;
}
