import type { Expectation } from '@contract/suites';
import { m } from '@/i18n';
import { formatNumber, formatPercent } from '@/i18n/format';

/*
 * Words for what the suite shows: the kinds, checks and outcomes by name, and an expectation as one line in
 * the reader's language ("order_status called with order_id = A-1234"). Values from the service stay text.
 */

export const kindLabel = (kind: string): string =>
  ({
    tool_called: m.suites_kind_tool_called(),
    tool_not_called: m.suites_kind_tool_not_called(),
    variable: m.suites_kind_variable(),
    outcome: m.suites_kind_outcome(),
    judge: m.suites_kind_judge(),
  })[kind] ?? kind;

export const checkLabel = (check: string): string =>
  ({
    equals: m.suites_check_equals(),
    contains: m.suites_check_contains(),
    matches: m.suites_check_matches(),
    not_empty: m.suites_check_not_empty(),
  })[check] ?? check;

export const outcomeLabel = (outcome: string): string =>
  ({
    completed: m.suites_outcome_completed(),
    ended_by_customer: m.suites_outcome_ended_by_customer(),
    ended_by_assistant: m.suites_outcome_ended_by_assistant(),
    failed: m.suites_outcome_failed(),
  })[outcome] ?? outcome;

export const matchLabel = (match: string): string => (match === 'matches' ? m.suites_match_matches() : m.suites_match_equals());

export function expectationText(e: Expectation | null | undefined): string {
  if (!e) return '';
  const args = (e.arguments ?? []).map((a) => `${a.name} ${a.match === 'matches' ? '~' : '='} ${a.value}`).join(', ');
  switch (e.kind) {
    case 'tool_called':
      return args ? m.suites_text_tool_called_with({ tool: e.tool ?? '', args }) : m.suites_text_tool_called({ tool: e.tool ?? '' });
    case 'tool_not_called':
      return args ? m.suites_text_tool_not_called_with({ tool: e.tool ?? '', args }) : m.suites_text_tool_not_called({ tool: e.tool ?? '' });
    case 'variable':
      return e.check === 'not_empty'
        ? m.suites_text_variable_filled({ name: e.name ?? '' })
        : m.suites_text_variable({ name: e.name ?? '', check: checkLabel(e.check ?? ''), value: e.value ?? '' });
    case 'outcome':
      return e.within_turns != null
        ? m.suites_text_outcome_within({ outcome: outcomeLabel(e.outcome ?? ''), turns: formatNumber(e.within_turns) })
        : m.suites_text_outcome({ outcome: outcomeLabel(e.outcome ?? '') });
    case 'judge':
      return m.suites_text_judge({ criterion: e.criterion ?? '' });
    default:
      return e.kind;
  }
}

export const percent = (rate: number | null): string => formatPercent(rate);
