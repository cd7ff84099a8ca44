import type { Expectation } from '@contract/suites';
import type { ReplayPair, ToolChange } from '@contract/replays';
import { m } from '@/i18n';

/** The colour of a verdict's badge. */
export function verdictColor(verdict: string | null): string {
  if (verdict === 'better') return 'teal';
  if (verdict === 'worse') return 'red';
  if (verdict === 'same') return 'gray';
  return 'yellow';
}

export function verdictLabel(verdict: string | null): string {
  if (verdict === 'better') return m.replays_verdict_better();
  if (verdict === 'worse') return m.replays_verdict_worse();
  if (verdict === 'same') return m.replays_verdict_same();
  if (verdict === 'unclear') return m.replays_verdict_unclear();
  return m.replays_none();
}

const SIGN: Record<string, string> = { added: '+', missing: '−', changed: '~' };

/** "+lookup −order_status": the tools a replay called that the original did not, and the other way. */
export function toolsLine(tools: readonly ToolChange[]): string {
  return tools.map((t) => `${SIGN[t.change] ?? '?'}${t.name}`).join(' ');
}

/** "before → after", a missing side as a dash. */
export const fromTo = (before: string | number | null | undefined, after: string | number | null | undefined): string =>
  m.replays_from_to({ before: before === null || before === undefined ? m.replays_none() : String(before), after: after === null || after === undefined ? m.replays_none() : String(after) });

export const shortJson = (v: unknown): string => {
  if (v === null || v === undefined) return m.replays_none();
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
};

/** An expectation in a line ("order_status called", "order_id equals A-1234", "ends completed"). */
export function expectationLine(e: Expectation): string {
  if (e.kind === 'tool_called') return m.replays_expect_tool({ tool: e.tool ?? '', args: (e.arguments ?? []).map((a) => `${a.name} = ${a.value}`).join(', ') || '–' });
  if (e.kind === 'variable') return m.replays_expect_variable({ name: e.name ?? '', value: e.check === 'not_empty' ? m.replays_expect_filled() : (e.value ?? '') });
  if (e.kind === 'outcome') return m.replays_expect_outcome({ outcome: e.outcome ?? '' });
  return e.criterion ?? e.kind;
}

/** Whether the pair can be opened side by side (both calls read). */
export const comparable = (p: ReplayPair) => p.original !== null;
