import { z } from 'zod';
import { recordAnswer } from './answers';
import { variablesInput } from './shared-inputs';
import { boolish, idish, lenientList, lenientRecord, nestedRecord, nullableIdish, numberish, objectish, openString, textish } from './common';
import { paginatedSchema } from './pagination';
import { laxInt, PG_INT_MAX } from './request-fields';

/*
 * Assistant test suites (our extension, issue 25): scenarios per assistant (a simulated caller with a persona
 * and a goal, the variables the call starts with, the most turns, and expectations), runs of them repeated N
 * times, and each run's results: every expectation's pass or fail with its evidence, and pass rates.
 * Requests are strict (what the service validates); responses are lenient readers, as everywhere.
 *
 * An expectation is one flat object whose `kind` says which of its fields count (a form keeps one row shape
 * while the kind changes; the service stores only the fields of the kind):
 *   tool_called / tool_not_called  `tool`, `arguments` (each {name, match: equals|matches, value})
 *   variable                        `name`, `check` (equals|contains|matches|not_empty), `value`
 *   outcome                         `outcome`, `within_turns` (null: any number of turns)
 *   judge                           `criterion` (the model decides, and gives its reason)
 * `min_pass_rate` (0..1, null: the run's) is the share of repetitions that must pass.
 */

export const EXPECTATION_KINDS = ['tool_called', 'tool_not_called', 'variable', 'outcome', 'judge'] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];
export const ARGUMENT_MATCHES = ['equals', 'matches'] as const;
export const VARIABLE_CHECKS = ['equals', 'contains', 'matches', 'not_empty'] as const;
export type VariableCheck = (typeof VARIABLE_CHECKS)[number];
/** How a suite's call can end (the call's final status). */
export const SUITE_OUTCOMES = ['completed', 'ended_by_customer', 'ended_by_assistant', 'failed'] as const;

export const SUITE_LIMITS = {
  name: 100,
  persona: 2000,
  goal: 1000,
  criterion: 1000,
  pattern: 300,
  value: 500,
  expectations: 20,
  arguments: 10,
  /** One side speaking is a turn (the assistant's words with its tool calls, or the customer's). */
  maxTurns: { min: 2, max: 80, default: 20 },
  repetitions: { min: 1, max: 20, default: 1 },
  scenariosPerAssistant: 100,
} as const;

/** The run's threshold when the request names none: an expectation must hold in 80 % of the repetitions. */
export const DEFAULT_MIN_PASS_RATE = 0.8;

/** A pattern as the service runs it: a JavaScript regular expression, case-insensitive, found anywhere. */
export function patternError(source: string): string | null {
  try {
    new RegExp(source, 'iu');
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : 'not a regular expression';
  }
}

const rate = z.number().min(0).max(1);

export const argumentMatchInput = z
  .object({
    name: z.string().trim().min(1).max(100),
    match: z.enum(ARGUMENT_MATCHES).default('equals'),
    value: z.string().max(SUITE_LIMITS.value),
  })
  .superRefine((a, ctx) => {
    if (a.match !== 'matches') return;
    const fault = patternError(a.value);
    if (fault) ctx.addIssue({ code: 'custom', path: ['value'], message: `The value field must be a valid regular expression (${fault}).` });
  });
export type ArgumentMatchInput = z.input<typeof argumentMatchInput>;

export const expectationInput = z
  .object({
    /** Keeps an expectation's history across edits; the service makes one when it is missing. */
    id: z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/).optional(),
    kind: z.enum(EXPECTATION_KINDS),
    tool: z.string().trim().max(100).optional(),
    arguments: z.array(argumentMatchInput).max(SUITE_LIMITS.arguments).optional(),
    name: z.string().trim().max(255).optional(),
    check: z.enum(VARIABLE_CHECKS).optional(),
    value: z.string().max(SUITE_LIMITS.value).optional(),
    outcome: z.enum(SUITE_OUTCOMES).optional(),
    within_turns: z.number().int().min(1).max(SUITE_LIMITS.maxTurns.max).nullable().optional(),
    criterion: z.string().trim().max(SUITE_LIMITS.criterion).optional(),
    min_pass_rate: rate.nullable().optional(),
  })
  .superRefine((e, ctx) => {
    const required = (field: 'tool' | 'name' | 'check' | 'outcome' | 'criterion' | 'value') => {
      const v = e[field];
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '' && field !== 'value')) {
        ctx.addIssue({ code: 'custom', path: [field], message: `The ${field} field is required.` });
      }
    };
    if (e.kind === 'tool_called' || e.kind === 'tool_not_called') required('tool');
    if (e.kind === 'variable') {
      required('name');
      required('check');
      if (e.check && e.check !== 'not_empty') {
        if (e.value === undefined || e.value === '') ctx.addIssue({ code: 'custom', path: ['value'], message: 'The value field is required.' });
        else if (e.check === 'matches') {
          const fault = patternError(e.value);
          if (fault) ctx.addIssue({ code: 'custom', path: ['value'], message: `The value field must be a valid regular expression (${fault}).` });
        }
      }
    }
    if (e.kind === 'outcome') required('outcome');
    if (e.kind === 'judge') required('criterion');
  });
export type ExpectationInput = z.input<typeof expectationInput>;

/** POST /user/assistant/{id}/scenarios and PUT /user/scenarios/{id} */
export const scenarioRequest = z.object({
  name: z.string().trim().min(1).max(SUITE_LIMITS.name),
  persona: z.string().trim().min(1).max(SUITE_LIMITS.persona),
  goal: z.string().trim().min(1).max(SUITE_LIMITS.goal),
  variables: variablesInput.default({}),
  max_turns: laxInt(z.number().int().min(SUITE_LIMITS.maxTurns.min).max(SUITE_LIMITS.maxTurns.max)).default(SUITE_LIMITS.maxTurns.default),
  expectations: z.array(expectationInput).min(1).max(SUITE_LIMITS.expectations),
});
export type ScenarioRequest = z.input<typeof scenarioRequest>;
export type ScenarioInput = z.output<typeof scenarioRequest>;

/** POST /user/assistant/{id}/suite-runs */
export const startSuiteRunRequest = z.object({
  repetitions: laxInt(z.number().int().min(SUITE_LIMITS.repetitions.min).max(SUITE_LIMITS.repetitions.max)).default(SUITE_LIMITS.repetitions.default),
  /** Only these scenarios (of this assistant); all of them when missing. */
  scenario_ids: z.array(z.number().int().min(1).max(PG_INT_MAX)).min(1).max(SUITE_LIMITS.scenariosPerAssistant).optional(),
  min_pass_rate: rate.default(DEFAULT_MIN_PASS_RATE),
});
export type StartSuiteRunRequest = z.input<typeof startSuiteRunRequest>;
export type StartSuiteRunInput = z.output<typeof startSuiteRunRequest>;

/** GET /user/assistant/{id}/suite-runs */
export const suiteRunsQuery = z.object({
  per_page: laxInt(z.number().int().min(1).max(100)).default(20),
  page: laxInt(z.number().int().min(1).max(PG_INT_MAX)).default(1),
});

// ---- responses (lenient) ----

export const argumentMatchSchema = lenientRecord({ name: openString, match: openString, value: openString });

export const expectationSchema = lenientRecord({
  id: openString,
  kind: openString,
  tool: textish.optional(),
  arguments: lenientList(argumentMatchSchema).optional(),
  name: textish.optional(),
  check: textish.optional(),
  value: textish.optional(),
  outcome: textish.optional(),
  within_turns: numberish.optional(),
  criterion: textish.optional(),
  min_pass_rate: numberish,
});
export type Expectation = z.output<typeof expectationSchema>;

export const scenarioSchema = lenientRecord({
  id: idish,
  assistant_id: nullableIdish,
  name: openString,
  persona: openString,
  goal: openString,
  variables: objectish,
  max_turns: numberish,
  expectations: lenientList(expectationSchema),
  created_at: textish,
  updated_at: textish,
});
export type Scenario = z.output<typeof scenarioSchema>;
export const scenarioAnswerSchema = recordAnswer(scenarioSchema);
/** GET /user/assistant/{id}/scenarios: the scenarios, and whether this service has a model to run them. */
export const scenariosAnswerSchema = lenientRecord({ data: lenientList(scenarioSchema), model_ready: boolish });

/**
 * What shows an expectation held or failed: `detail` in words, `entry` the transcript entry (0-based index
 * into the call's transcript) where it shows, `value` what was found (a tool's arguments, a variable's value,
 * the outcome), `reason` the judge's words.
 */
export const evidenceSchema = lenientRecord({
  detail: openString,
  entry: numberish,
  value: z.unknown().optional(),
  reason: textish.optional(),
});
export type Evidence = z.output<typeof evidenceSchema>;

export const expectationResultSchema = lenientRecord({
  expectation_id: openString,
  kind: openString,
  pass: boolish,
  evidence: nestedRecord(evidenceSchema),
});
export type ExpectationResult = z.output<typeof expectationResultSchema>;

/** One repetition of one scenario: its call and, once evaluated, each expectation's result. */
export const suiteRunItemSchema = lenientRecord({
  id: idish,
  scenario_id: nullableIdish,
  scenario_name: openString,
  repetition: numberish,
  status: openString,
  call_id: nullableIdish,
  turns: numberish,
  outcome: textish,
  error: textish,
  results: lenientList(expectationResultSchema),
  started_at: textish,
  finished_at: textish,
});
export type SuiteRunItem = z.output<typeof suiteRunItemSchema>;

/** One expectation over the run's repetitions. */
export const expectationSummarySchema = lenientRecord({
  scenario_id: nullableIdish,
  scenario_name: openString,
  expectation: nestedRecord(expectationSchema),
  label: openString,
  passed: numberish,
  evaluated: numberish,
  pass_rate: numberish,
  min_pass_rate: numberish,
  ok: boolish,
});
export type ExpectationSummary = z.output<typeof expectationSummarySchema>;

export const suiteRunSchema = lenientRecord({
  id: idish,
  assistant_id: nullableIdish,
  status: openString,
  repetitions: numberish,
  min_pass_rate: numberish,
  config_version: openString,
  /** The assistant's settings the run used (prompt, model, tools, post-call fields, …). */
  config: objectish,
  /** Fields of `config` that differ from the run before it (none for the first run). */
  config_changes: lenientList(openString),
  items_total: numberish,
  items_done: numberish,
  items_running: numberish,
  pass_rate: numberish,
  passed: boolish,
  summary: lenientList(expectationSummarySchema),
  items: lenientList(suiteRunItemSchema).optional(),
  created_at: textish,
  finished_at: textish,
});
export type SuiteRun = z.output<typeof suiteRunSchema>;
export const suiteRunAnswerSchema = recordAnswer(suiteRunSchema);
export const suiteRunsPageSchema = paginatedSchema(suiteRunSchema);

export const SUITE_RUN_STATUSES = ['running', 'finished', 'cancelled'] as const;
export const SUITE_ITEM_STATUSES = ['queued', 'calling', 'done', 'error', 'cancelled'] as const;
