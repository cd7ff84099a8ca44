import { CALL_STATUSES } from '@contract/call';
import { dayOf } from '@/lib/call-format';

/** The fields of a call the charts read. */
export interface ChartCall {
  status: string;
  duration: number | null;
  total_cost: number | null;
  answered_by: string | null;
  created_at: string | null;
}

export interface DayRow {
  day: string;
  calls: number;
  minutes: number;
  cost: number;
  /** One count per status, keyed by the status itself. */
  [status: string]: number | string;
}

export interface ChartData {
  days: DayRow[];
  /** The statuses that occur, known ones in their usual order, then unknown ones as they came. */
  statuses: string[];
  answeredBy: { name: string; value: number }[];
  /** The first and last day covered, or null without calls. */
  range: { from: string; to: string } | null;
  calls: number;
}

const RESERVED = new Set(['day', 'calls', 'minutes', 'cost']);
/** Gaps are filled with empty days up to this span; a longer span keeps only days with calls. */
const MAX_FILLED_DAYS = 400;

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A status as a chart series key: the status itself unless it collides with a row field. */
export function statusKey(status: string): string {
  const s = status === '' ? 'unknown' : status;
  return RESERVED.has(s) ? `status ${s}` : s;
}

export function aggregateCalls(calls: readonly ChartCall[]): ChartData {
  const byDay = new Map<string, DayRow>();
  const seen = new Set<string>();
  const answered = new Map<string, number>();

  for (const call of calls) {
    const day = dayOf(call.created_at);
    const by = call.answered_by && call.answered_by.trim() !== '' ? call.answered_by : 'not recorded';
    answered.set(by, (answered.get(by) ?? 0) + 1);
    if (!day) continue;
    let row = byDay.get(day);
    if (!row) {
      row = { day, calls: 0, minutes: 0, cost: 0 };
      byDay.set(day, row);
    }
    const key = statusKey(call.status);
    seen.add(key);
    row[key] = ((row[key] as number | undefined) ?? 0) + 1;
    row.calls += 1;
    row.minutes += (call.duration ?? 0) / 60;
    row.cost += call.total_cost ?? 0;
  }

  const known = CALL_STATUSES.filter((s) => seen.has(s));
  const unknown = [...seen].filter((s) => !(CALL_STATUSES as readonly string[]).includes(s)).sort();
  const statuses = [...known, ...unknown];

  const sortedDays = [...byDay.keys()].sort();
  const first = sortedDays[0];
  const last = sortedDays[sortedDays.length - 1];
  let dayList = sortedDays;
  if (first && last && daysBetween(first, last) <= MAX_FILLED_DAYS) {
    dayList = [];
    for (let d = first; d <= last; d = nextDay(d)) dayList.push(d);
  }

  const days = dayList.map((day) => {
    const row = byDay.get(day) ?? { day, calls: 0, minutes: 0, cost: 0 };
    const out: DayRow = { ...row, minutes: round(row.minutes, 1), cost: round(row.cost, 4) };
    for (const s of statuses) out[s] = (row[s] as number | undefined) ?? 0;
    return out;
  });

  const answeredBy = [...answered.entries()]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));

  return {
    days,
    statuses,
    answeredBy,
    range: first && last ? { from: first, to: last } : null,
    calls: calls.length,
  };
}
