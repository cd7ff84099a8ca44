import { z } from 'zod';
import {
  ARGUMENT_MATCHES,
  EXPECTATION_KINDS,
  SUITE_LIMITS,
  SUITE_OUTCOMES,
  VARIABLE_CHECKS,
  patternError,
  scenarioRequest,
  type ExpectationKind,
  type Scenario,
  type ScenarioRequest,
  type VariableCheck,
} from '@contract/suites';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { rowsToObject, variableText, type VariableRow } from '@/lib/variables';

/*
 * The scenario form: one row shape for every expectation (the kind picks which of its inputs show), the
 * variables as key/value rows, the threshold in percent. Bounds come from the contract; the kind's own rules
 * (a tool named, a pattern that compiles) are checked here with the catalog's words, so the form says them
 * in the reader's language before the service would.
 */

export type SuiteOutcome = (typeof SUITE_OUTCOMES)[number];

export interface ArgumentRowValues {
  name: string;
  match: (typeof ARGUMENT_MATCHES)[number];
  value: string;
}

export interface ExpectationRowValues {
  /** The service's id ('' for a new row): keeps the expectation's history across edits. */
  id: string;
  kind: ExpectationKind;
  tool: string;
  arguments: ArgumentRowValues[];
  name: string;
  check: VariableCheck;
  value: string;
  outcome: SuiteOutcome;
  within_turns: number | null;
  criterion: string;
  /** Percent (0–100); null: the run's threshold. */
  min_pass_percent: number | null;
}

export interface ScenarioFormValues {
  name: string;
  persona: string;
  goal: string;
  variables: VariableRow[];
  max_turns: number | null;
  expectations: ExpectationRowValues[];
}

export function newExpectation(kind: ExpectationKind = 'tool_called'): ExpectationRowValues {
  return { id: '', kind, tool: '', arguments: [], name: '', check: 'not_empty', value: '', outcome: 'completed', within_turns: null, criterion: '', min_pass_percent: null };
}

export function emptyScenario(): ScenarioFormValues {
  return { name: '', persona: '', goal: '', variables: [], max_turns: SUITE_LIMITS.maxTurns.default, expectations: [newExpectation('outcome')] };
}

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T => ((list as readonly unknown[]).includes(v) ? (v as T) : fallback);

/** A scenario as the service has it, as the form edits it. */
export function scenarioToForm(s: Scenario): ScenarioFormValues {
  return {
    name: s.name,
    persona: s.persona,
    goal: s.goal,
    variables: Object.entries(s.variables).map(([key, value]) => ({ key, value: variableText(value) })),
    max_turns: s.max_turns ?? SUITE_LIMITS.maxTurns.default,
    expectations: s.expectations.map((e) => ({
      ...newExpectation(oneOf(EXPECTATION_KINDS, e.kind, 'judge')),
      id: e.id,
      tool: e.tool ?? '',
      arguments: (e.arguments ?? []).map((a) => ({ name: a.name, match: oneOf(ARGUMENT_MATCHES, a.match, 'equals'), value: a.value })),
      name: e.name ?? '',
      check: oneOf(VARIABLE_CHECKS, e.check, 'not_empty'),
      value: e.value ?? '',
      outcome: oneOf(SUITE_OUTCOMES, e.outcome, 'completed'),
      within_turns: e.within_turns ?? null,
      criterion: e.criterion ?? '',
      min_pass_percent: e.min_pass_rate === null ? null : Math.round(e.min_pass_rate * 100),
    })),
  };
}

/** The form as the request the service validates: only the fields of each row's kind. */
export function formToRequest(v: ScenarioFormValues): ScenarioRequest {
  return {
    name: v.name.trim(),
    persona: v.persona.trim(),
    goal: v.goal.trim(),
    variables: rowsToObject(v.variables),
    max_turns: v.max_turns ?? SUITE_LIMITS.maxTurns.default,
    expectations: v.expectations.map((e) => {
      const base = { ...(e.id ? { id: e.id } : {}), kind: e.kind, min_pass_rate: e.min_pass_percent === null ? null : e.min_pass_percent / 100 };
      switch (e.kind) {
        case 'tool_called':
        case 'tool_not_called':
          return { ...base, tool: e.tool.trim(), arguments: e.arguments.map((a) => ({ name: a.name.trim(), match: a.match, value: a.value })) };
        case 'variable':
          return { ...base, name: e.name.trim(), check: e.check, ...(e.check === 'not_empty' ? {} : { value: e.value }) };
        case 'outcome':
          return { ...base, outcome: e.outcome, within_turns: e.within_turns };
        case 'judge':
          return { ...base, criterion: e.criterion.trim() };
      }
    }),
  };
}

const f = scenarioRequest.shape;
const L = SUITE_LIMITS;

const argumentRow = z.object({ name: z.string().trim().min(1).max(100), match: z.enum(ARGUMENT_MATCHES), value: z.string().max(L.value) });

const expectationRow = z.object({
  id: z.string(),
  kind: z.enum(EXPECTATION_KINDS),
  tool: z.string().max(100),
  arguments: z.array(argumentRow).max(L.arguments),
  name: z.string().max(255),
  check: z.enum(VARIABLE_CHECKS),
  value: z.string().max(L.value),
  outcome: z.enum(SUITE_OUTCOMES),
  within_turns: z.number().int().min(1).max(L.maxTurns.max).nullable(),
  criterion: z.string().max(L.criterion),
  min_pass_percent: z.number().int().min(0).max(100).nullable(),
});

export const scenarioFormSchema = z
  .object({
    name: f.name,
    persona: f.persona,
    goal: f.goal,
    variables: z.array(z.object({ key: z.string(), value: z.string() })),
    max_turns: z.number().int().min(L.maxTurns.min).max(L.maxTurns.max),
    expectations: z.array(expectationRow).min(1).max(L.expectations),
  })
  .superRefine((v, ctx) => {
    v.expectations.forEach((e, i) => {
      const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['expectations', i, field], message });
      const required = () => m.suites_error_required();
      const invalidPattern = (fault: string) => m.suites_error_pattern({ fault });
      if ((e.kind === 'tool_called' || e.kind === 'tool_not_called') && e.tool.trim() === '') at('tool', required());
      if (e.kind === 'tool_called' || e.kind === 'tool_not_called') {
        e.arguments.forEach((a, j) => {
          const fault = a.match === 'matches' ? patternError(a.value) : null;
          if (fault) ctx.addIssue({ code: 'custom', path: ['expectations', i, 'arguments', j, 'value'], message: invalidPattern(fault) });
        });
      }
      if (e.kind === 'variable') {
        if (e.name.trim() === '') at('name', required());
        if (e.check !== 'not_empty' && e.value === '') at('value', required());
        const fault = e.check === 'matches' && e.value !== '' ? patternError(e.value) : null;
        if (fault) at('value', invalidPattern(fault));
      }
      if (e.kind === 'judge' && e.criterion.trim() === '') at('criterion', required());
    });
  });
export type ScenarioFormOutput = z.output<typeof scenarioFormSchema>;

/** The most expectations, for the add button's hint. */
export const maxExpectationsText = () => formatNumber(L.expectations);
