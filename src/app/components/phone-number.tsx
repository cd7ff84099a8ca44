import type { ReactElement } from 'react';
import { formatNational } from '@contract/phone';
import { DASH } from '@/i18n/format';

/*
 * Parsing a number with libphonenumber's full metadata costs about as much as drawing the rest of its row;
 * the same numbers come back page after page (an account has a few assistant numbers and its callers call
 * again), so each number is formatted once. Bounded: a long session paging through many calls keeps at
 * most this many.
 */
const NATIONAL_CACHE_SIZE = 2_000;
const national = new Map<string, string>();
const DIMMED = { color: 'var(--mantine-color-dimmed)' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function nationalOf(e164: string): string {
  let text = national.get(e164);
  if (text === undefined) {
    text = formatNational(e164);
    if (national.size >= NATIONAL_CACHE_SIZE) national.clear();
    national.set(e164, text);
  }
  return text;
}

/*
 * A number in national format, its E.164 form on hover. Plain spans (two in every table row): nothing
 * here needs Mantine's style props. The call pages, the live calls table and the campaign progress show it.
 */
export function PhoneNumber({ value }: { value: string | null }) {
  return phoneNumber(value);
}

/**
 * What PhoneNumber draws, as elements rather than a component: the call log's rows (two numbers in each
 * of up to 100 rows after every filter change) place them without a component each.
 */
export function phoneNumber(value: string | null): ReactElement {
  if (!value) return <span style={DIMMED}>{DASH}</span>;
  const shown = value.startsWith('+') ? nationalOf(value) : value;
  return (
    <span title={value} style={NOWRAP} data-e164={value}>
      {shown}
    </span>
  );
}
