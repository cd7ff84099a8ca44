import { TOOL_LIMITS, TOOL_NAME_PATTERN } from '@contract';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/*
 * The tool name rule (the contract's TOOL_NAME_PATTERN: lowercase letters and underscores, starting with
 * a letter), said about the name a person is typing: what is wrong with it, and a name that would pass.
 */

export type ToolNameProblem =
  | { kind: 'empty' }
  | { kind: 'too-long'; max: number }
  | { kind: 'first-character'; char: string }
  | { kind: 'characters'; chars: string[] };

export function toolNameProblem(name: string): ToolNameProblem | null {
  if (name === '') return { kind: 'empty' };
  if (name.length > TOOL_LIMITS.nameMax) return { kind: 'too-long', max: TOOL_LIMITS.nameMax };
  if (TOOL_NAME_PATTERN.test(name)) return null;
  const first = name[0] ?? '';
  const bad = [...new Set([...name].filter((c) => !/[a-z_]/.test(c)))];
  if (bad.length > 0) return { kind: 'characters', chars: bad };
  return { kind: 'first-character', char: first };
}

function describeChar(c: string): string {
  if (c === ' ') return m.tools_name_char_space();
  if (/[A-Z]/.test(c)) return m.tools_name_char_capital({ char: c });
  if (/[0-9]/.test(c)) return m.tools_name_char_digit({ char: c });
  return m.tools_name_char_other({ char: c });
}

/** One sentence about the problem, for the hint under the name field, in the reader's language. */
export function describeToolNameProblem(problem: ToolNameProblem): string {
  switch (problem.kind) {
    case 'empty':
      return m.tools_name_required();
    case 'too-long':
      return m.tools_name_too_long({ max: formatNumber(problem.max) });
    case 'first-character':
      return m.tools_name_first({ char: problem.char });
    case 'characters':
      return m.tools_name_not_allowed({ chars: problem.chars.map(describeChar).join(', ') });
  }
}

/** A name that passes, made from what was typed ("Order Status-2" -> "order_status"), or '' if none. */
export function suggestToolName(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, TOOL_LIMITS.nameMax);
  return TOOL_NAME_PATTERN.test(s) ? s : '';
}
