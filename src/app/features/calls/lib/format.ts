/*
 * Display forms of call fields. Call times are shown as the service sends them (YYYY-MM-DD HH:MM:SS,
 * the service's clock), so a day in the table is the same day the date filter and the charts mean.
 */

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const costFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const shortCostFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** A cost as the service counts it (up to 4 decimals); `short` rounds to 3 for the table. */
export function formatCost(value: number | null | undefined, short = false): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return (short ? shortCostFormat : costFormat).format(value);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SERVICE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** "12 May 2025, 14:03" from "2025-05-12 14:03:09" (or an ISO form); anything else as it came. */
export function formatCallTime(value: string | null | undefined, withSeconds = false): string {
  if (!value) return '—';
  const m = SERVICE_TIME.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m;
  const month = MONTHS[Number(mo) - 1] ?? mo;
  return `${Number(d)} ${month} ${y}, ${h}:${mi}${withSeconds && s ? `:${s}` : ''}`;
}

/** The day (YYYY-MM-DD) of a call time, or null. */
export function dayOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return m ? (m[1] ?? null) : null;
}

export function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
