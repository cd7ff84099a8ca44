import type { CallLatency } from '@contract/call';
import { formatDuration } from '@/i18n/format';
import { formatTurnTime, type Turn } from './transcript';

/*
 * A model-played call's timing (our extension): when each turn was said, counted from the first turn
 * (the call's answer), and the model's time per assistant turn with the tool calls made on the way to it.
 * People notice a pause beyond about 800 ms in a voice conversation: the panel sets every figure beside it.
 */

/** The pause people notice in a voice conversation. */
export const NOTICEABLE_MS = 800;

/**
 * A timestamp as milliseconds on one clock, or null. Zone-less times are read as UTC: only differences
 * count. Small numbers are seconds into the call already (formatTurnTime reads them so): not instants.
 */
function instantOf(timestamp: string | number | null): number | null {
  if (timestamp === null || timestamp === '') return null;
  if (typeof timestamp === 'number') {
    if (!Number.isFinite(timestamp) || timestamp < 1e6) return null;
    return timestamp > 1e12 ? timestamp : timestamp * 1000;
  }
  if (/^\d+(\.\d+)?$/.test(timestamp)) return instantOf(Number(timestamp));
  if (!/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(timestamp)) return null;
  const iso = timestamp.replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(iso);
  const ms = Date.parse(zoned ? iso : `${iso}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Each turn's time since the call was answered (the first turn with a time), as m:ss; a turn whose time
 * cannot be read as an instant keeps the time as the source wrote it (or none).
 */
export function sinceAnswer(turns: readonly Turn[]): (string | null)[] {
  const instants = turns.map((t) => instantOf(t.timestamp));
  const start = instants.find((v): v is number => v !== null);
  return turns.map((turn, i) => {
    const at = instants[i];
    if (at === null || at === undefined || start === undefined) return formatTurnTime(turn.timestamp);
    return formatDuration(Math.max(0, (at - start) / 1000));
  });
}

export interface LatencyTurn {
  /** 1 for the assistant's first timed turn. */
  number: number;
  /** Time since the answer (as `sinceAnswer`), or null. */
  at: string | null;
  text: string;
  modelMs: number;
  /** The tool calls made on the way to this turn, with their time. */
  tools: { name: string; ms: number | null; failed: boolean }[];
}

/**
 * The assistant's turns that carry the model's time, each with the tool calls since the turn before it
 * (the calls the model made to write it). Calls without a model (scripted, hosted) give none.
 */
export function latencyTurns(turns: readonly Turn[], at: readonly (string | null)[] = sinceAnswer(turns)): LatencyTurn[] {
  const out: LatencyTurn[] = [];
  let tools: LatencyTurn['tools'] = [];
  turns.forEach((turn, i) => {
    if (turn.kind === 'tool' && turn.tool) {
      tools.push({ name: turn.tool.name, ms: turn.tool.durationMs, failed: turn.tool.error !== null });
      return;
    }
    if (turn.kind !== 'message') return;
    if (turn.side === 'assistant' && turn.latencyMs !== null) {
      out.push({ number: out.length + 1, at: at[i] ?? null, text: turn.text, modelMs: turn.latencyMs, tools });
    }
    if (turn.side !== 'other') tools = [];
  });
  return out;
}

/** The p-th percentile (0..100) by nearest rank: always one of the values. Null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LatencySummary {
  p50: number;
  p95: number;
  turns: number;
}

/**
 * The call's p50 and p95: the service's own summary when it sent a whole one, else worked out from the
 * timed turns. Null when neither says anything.
 */
export function latencySummary(latency: CallLatency | null | undefined, turns: readonly LatencyTurn[]): LatencySummary | null {
  if (latency && latency.p50_ms !== null && latency.p95_ms !== null) {
    return { p50: latency.p50_ms, p95: latency.p95_ms, turns: latency.turns ?? turns.length };
  }
  const values = turns.map((t) => t.modelMs);
  const p50 = percentile(values, 50);
  const p95 = percentile(values, 95);
  return p50 === null || p95 === null ? null : { p50, p95, turns: values.length };
}
