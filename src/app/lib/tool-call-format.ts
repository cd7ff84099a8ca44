import { formatNumber } from '@/i18n/format';
import { m } from '@/i18n';

/*
 * How a tool call's pieces read, wherever one is shown (the test chat, a conversation, a call's timeline).
 */

/** One function the assistant called, as the chat and a call's timeline both know it. */
export interface ToolCallView {
  name: string;
  arguments: Record<string, unknown>;
  result: unknown;
  error: string | null;
  durationMs: number | null;
  /** Asked for, not answered yet. */
  pending?: boolean;
}

/** How long a tool or a model turn took: "120 ms", "1.4 s". */
export function formatCallDuration(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) return m.conversations_duration_ms({ ms: formatNumber(Math.round(ms)) });
  return m.conversations_duration_s({ seconds: formatNumber(ms / 1000, { maximumFractionDigits: 1 }) });
}

/** Any value as readable text: strings as they are, the rest as indented JSON. */
export function prettyValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
