/*
 * Display forms of call fields, in the reader's language (src/app/i18n/format.ts). Call times are the
 * service's wall clock (YYYY-MM-DD HH:MM:SS) and are shown as that clock, so a day in the table is the
 * same day the date filter and the charts mean.
 */
import { formatDuration as formatClockDuration, formatNumber, formatWallClock } from '@/i18n/format';

/** A call's length as a clock: "1:05", "1:02:03". */
export function formatDuration(seconds: number | null | undefined): string {
  return formatClockDuration(seconds);
}

/*
 * The options as constants: the table formats every cell of every row with them, and the formatter
 * cache finds a constant object's formatter without serialising it (i18n/format.ts).
 */
const COST: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 4 };
const COST_SHORT: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 3 };
const CALL_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const CALL_TIME_SECONDS: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
const CALL_TIME_SHORT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DAY_SHORT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

/** A cost as the service counts it (up to 4 decimals); `short` rounds to 3 for the table. */
export function formatCost(value: number | null | undefined, short = false): string {
  return formatNumber(value, short ? COST_SHORT : COST);
}

/** "May 12, 2025, 2:03 PM" / "12.05.2025, 14:03" from "2025-05-12 14:03:09" (or an ISO form); anything else as it came. */
export function formatCallTime(value: string | null | undefined, withSeconds = false): string {
  return formatWallClock(value, withSeconds ? CALL_TIME_SECONDS : CALL_TIME);
}

/** A call time without its year ("May 12, 2:03 PM"), for calls of the current year in the narrow table column. */
export function formatCallTimeShort(value: string | null | undefined): string {
  if (!value || value.slice(0, 4) !== String(new Date().getFullYear())) return formatCallTime(value);
  return formatWallClock(value, CALL_TIME_SHORT);
}

/** A service day (YYYY-MM-DD) in words: "May 1, 2025" / "1. Mai 2025"; `short` drops the year. */
export function formatDay(day: string, short = false): string {
  return formatWallClock(day, short ? DAY_SHORT : DAY);
}

/** The day (YYYY-MM-DD) of a call time, or null. */
export function dayOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return m ? (m[1] ?? null) : null;
}

/**
 * "ended_by_customer" → "Ended by customer": for values without a translated label. Kept for other
 * features that still import it; the call pages use the translated labels of `./call-labels`.
 */
export function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export { DASH } from '@/i18n/format';

/** Parts of one line ("Status: Failed · Type: Outbound"), the empty ones left out. */
export function joinParts(parts: readonly (string | null | undefined)[]): string {
  return parts.filter(Boolean).join(' · ');
}
