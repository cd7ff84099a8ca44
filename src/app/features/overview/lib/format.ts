import type { DayStats } from '@contract/live';
import { m } from '@/i18n';
import { DASH, formatCurrency, formatNumber } from '@/i18n/format';

/** Display forms of the overview's figures: a day's figures, their change since yesterday, in their units. */

export type MetricKey = 'calls' | 'answer_rate' | 'minutes' | 'cost';

/** The figures in their order, each with its name (a message: read when shown, in the reader's language). */
export const METRICS: readonly { key: MetricKey; label: () => string }[] = [
  { key: 'calls', label: m.overview_metric_calls },
  { key: 'answer_rate', label: m.overview_metric_answer_rate },
  { key: 'minutes', label: m.overview_metric_minutes },
  { key: 'cost', label: m.overview_metric_cost },
];

const whole = (n: number) => formatNumber(n, { maximumFractionDigits: 0 });
const oneDecimal = (n: number) => formatNumber(n, { maximumFractionDigits: 1 });

function usable(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

/** One figure of a day in its unit; '—' when the service did not give it. */
export function formatMetric(key: MetricKey, value: number | null | undefined): string {
  if (!usable(value)) return DASH;
  switch (key) {
    case 'calls':
      return whole(value);
    case 'answer_rate':
      // "75 %" in both languages (a space before the sign, as German writes it and as this page always has).
      return `${oneDecimal(value * 100)}\u00a0%`;
    case 'minutes':
      return oneDecimal(value);
    case 'cost':
      return formatCurrency(value);
  }
}

export interface MetricComparison {
  today: string;
  yesterday: string;
  /** "+3", "−4.5 pts", "+$1.20", or null when either day lacks the figure. */
  change: string | null;
  direction: 'up' | 'down' | 'same' | null;
}

const MINUS = '\u2212';

function signed(n: number, text: string): string {
  if (n > 0) return `+${text}`;
  if (n < 0) return `${MINUS}${text}`;
  return text;
}

/** A day's figure against the day before: both in their unit, and the change (answer rate in points). */
export function compareMetric(key: MetricKey, today: DayStats | null, yesterday: DayStats | null): MetricComparison {
  const a = today?.[key];
  const b = yesterday?.[key];
  const out: MetricComparison = { today: formatMetric(key, a), yesterday: formatMetric(key, b), change: null, direction: null };
  if (!usable(a) || !usable(b)) return out;
  const diff = a - b;
  let text: string;
  if (key === 'answer_rate') text = m.overview_points({ value: oneDecimal(Math.abs(diff) * 100) });
  else text = formatMetric(key, Math.abs(diff));
  // A change that rounds to nothing reads as no change.
  const shown = key === 'answer_rate' ? Math.round(diff * 1000) : key === 'cost' ? Math.round(diff * 100) : key === 'minutes' ? Math.round(diff * 10) : diff;
  out.change = shown === 0 ? m.overview_no_change() : signed(diff, text);
  out.direction = shown === 0 ? 'same' : diff > 0 ? 'up' : 'down';
  return out;
}
