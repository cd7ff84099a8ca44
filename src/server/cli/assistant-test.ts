import { DEFAULT_MIN_PASS_RATE, suiteRunAnswerSchema, type SuiteRun } from '../../contract';
import type { AssistantTestConfig } from '../config';
import { call, CliError, cliFailure, followToEnd, pad, parseCommand, runIfCommand, serviceOf } from './service-command';

/*
 * `npm run assistant-test -- --assistant 12 [--url http://localhost:8080] [--token T] [--runs 5]
 * [--min-pass 0.8] [--scenario 3 --scenario 4] [--timeout 900]`: runs an assistant's test suite on a service
 * through its API (POST /user/assistant/{id}/suite-runs, then GET /user/suite-runs/{id} every second), prints
 * progress and a summary table a CI log can show, and exits 0 when every expectation's pass rate reaches its
 * threshold (its own, else --min-pass), 1 when one does not (or the run was cancelled or timed out), 2 when
 * the run could not be started or read (the service's message is printed). The token comes from --token or
 * VC_API_TOKEN. A CLI is a client: it reads answers with the contract's lenient schemas, as the console does.
 */

const USAGE = 'Usage: npm run assistant-test -- --assistant ID [--url http://localhost:8080] [--token TOKEN] [--runs N] [--min-pass 0.8] [--scenario ID]… [--timeout SECONDS]';

function readRun(answer: unknown): SuiteRun {
  const parsed = suiteRunAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new CliError('The service answered with something that is not a suite run.');
  return parsed.data;
}

const pct = (n: number | null) => (n === null ? '–' : `${Math.round(n * 100)}%`);

/** The summary table, and for each expectation that fell short, the evidence of its failed repetitions. */
export function report(run: SuiteRun): string {
  const rows = [['SCENARIO', 'EXPECTATION', 'PASSED', 'RATE', 'NEEDED', 'RESULT']];
  for (const s of run.summary) {
    rows.push([s.scenario_name, s.label, `${s.passed ?? 0}/${s.evaluated ?? 0}`, pct(s.pass_rate), pct(s.min_pass_rate), s.ok ? 'ok' : 'FAIL']);
  }
  const lines = [pad(rows)];
  const failing = run.summary.filter((s) => !s.ok);
  for (const s of failing) {
    const id = s.expectation?.id;
    const evidence = (run.items ?? [])
      .filter((i) => i.scenario_id === s.scenario_id)
      .flatMap((i) => {
        if (i.status === 'error') return [`  repetition ${i.repetition ?? '?'}: could not run: ${i.error ?? ''}`];
        const r = i.results.find((x) => x.expectation_id === id && !x.pass);
        if (!r) return [];
        const why = [r.evidence?.detail, r.evidence?.reason].filter(Boolean).join(' — ');
        return [`  repetition ${i.repetition ?? '?'} (call ${i.call_id ?? '?'}): ${why}`];
      })
      .slice(0, 5);
    if (evidence.length > 0) lines.push('', `${s.scenario_name}: ${s.label}`, ...evidence);
  }
  const total = run.summary.length;
  const ok = run.summary.filter((s) => s.ok).length;
  lines.push('', `${run.status === 'finished' ? (run.passed ? 'PASSED' : 'FAILED') : run.status.toUpperCase()}: ${ok} of ${total} expectations held (overall pass rate ${pct(run.pass_rate)}; assistant version ${run.config_version}).`);
  return lines.join('\n');
}

export async function main(argv: string[], config: AssistantTestConfig, out: (line: string) => void): Promise<number> {
  const own = {
    runs: { type: 'string', default: '1' },
    'min-pass': { type: 'string', default: String(DEFAULT_MIN_PASS_RATE) },
    scenario: { type: 'string', multiple: true },
  } as const;
  const ids = (list: string[] | undefined) => (list ?? []).map(Number);
  const values = parseCommand({ argv, own, usage: USAGE, out }, (v) => {
    const [assistant, runs, minPass] = [Number(v.assistant), Number(v.runs), Number(v['min-pass'])];
    return Number.isInteger(assistant) && assistant >= 1 && Number.isInteger(runs) && runs >= 1 && minPass >= 0 && minPass <= 1 && ids(v.scenario).every((n) => Number.isInteger(n) && n >= 1);
  });
  const service = values && serviceOf(values, config, USAGE, out);
  if (!values || !service) return 2;
  const { base, token } = service;
  const assistant = Number(values.assistant);
  const scenarioIds = ids(values.scenario);
  try {
    const body = { repetitions: Number(values.runs), min_pass_rate: Number(values['min-pass']), ...(scenarioIds.length > 0 && { scenario_ids: scenarioIds }) };
    const started = readRun(await call(base, token, 'POST', `/user/assistant/${assistant}/suite-runs`, body));
    out(`Suite run ${started.id} of assistant ${assistant} (version ${started.config_version}${started.config_changes.length > 0 ? `, changed since the last run: ${started.config_changes.join(', ')}` : ''}): ${started.items_total ?? 0} repetitions.`);
    return await followToEnd(
      started,
      {
        next: async () => readRun(await call(base, token, 'GET', `/user/suite-runs/${started.id}`)),
        deadline: service.deadline,
        intervalMs: service.intervalMs,
        done: (r) => r.items_done,
        progress: (r) => `  ${r.items_done ?? 0}/${r.items_total ?? 0} checked, ${r.items_running ?? 0} in progress`,
        report,
        timedOut: (r) => `Timed out after ${values.timeout} s with ${r.items_done ?? 0} of ${r.items_total ?? 0} repetitions checked.`,
        passed: (r) => Boolean(r.passed),
      },
      out,
    );
  } catch (e) {
    return cliFailure(e, out);
  }
}

runIfCommand(import.meta.url, main);
