import { CALL_STATUSES, type CallLatency, type TranscriptEntry } from '@contract/call';
import { dayOf } from '@/lib/call-format';
import { percentile } from '@/lib/call-latency';

/** The fields of a call the charts read. */
export interface ChartCall {
  status: string;
  duration: number | null;
  total_cost: number | null;
  answered_by: string | null;
  created_at: string | null;
  /** Our extension: the model's time per assistant turn is on the transcript's entries. */
  transcript?: string | readonly TranscriptEntry[] | null;
  latency?: CallLatency | null;
}

/** A day's model time per assistant turn (our extension): its p95 over the day's timed turns. */
export interface LatencyDay {
  day: string;
  p95: number | null;
  turns: number;
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
  /** One per day of `days`; empty when no call of the sample carries the model's time. */
  latency: LatencyDay[];
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

/**
 * The model's time of a call's assistant turns: from its transcript's entries, or (a record that carries
 * only the summary) its p95 as one value.
 */
export function turnLatencies(call: Pick<ChartCall, 'transcript' | 'latency'>): number[] {
  const out: number[] = [];
  if (Array.isArray(call.transcript)) {
    for (const entry of call.transcript as readonly TranscriptEntry[]) {
      const type = entry.type ?? 'message';
      if (type === 'filler' || type === 'function_call') continue;
      const ms = entry.latency_ms;
      if (typeof ms === 'number' && Number.isFinite(ms) && ms >= 0) out.push(ms);
    }
  }
  if (out.length === 0 && call.latency && call.latency.p95_ms !== null) out.push(call.latency.p95_ms);
  return out;
}

export function aggregateCalls(calls: readonly ChartCall[]): ChartData {
  const byDay = new Map<string, DayRow>();
  const seen = new Set<string>();
  const answered = new Map<string, number>();
  const latencies = new Map<string, number[]>();
  let timed = false;

  for (const call of calls) {
    const day = dayOf(call.created_at);
    const by = call.answered_by && call.answered_by.trim() !== '' ? call.answered_by : 'not recorded';
    answered.set(by, (answered.get(by) ?? 0) + 1);
    if (!day) continue;
    const ms = turnLatencies(call);
    if (ms.length > 0) {
      timed = true;
      const list = latencies.get(day);
      if (list) list.push(...ms);
      else latencies.set(day, ms);
    }
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

  const latency = timed
    ? dayList.map((day) => {
        const values = latencies.get(day) ?? [];
        return { day, p95: percentile(values, 95), turns: values.length };
      })
    : [];

  return {
    days,
    statuses,
    answeredBy,
    range: first && last ? { from: first, to: last } : null,
    calls: calls.length,
    latency,
  };
}
