import { ask, benchAssistant, fastClock, forkStandInModel } from './lib/model-child';
import { figuresOf, runBench, startBench } from './lib/report';
import { benchDatabase } from './lib/database';
import { parseArgs } from 'node:util';
import { startBackgroundWork } from '../src/server/engine/runner';
import { createChatModel } from '../src/server/model/openai-compatible';
import { startRun } from '../src/server/suites/runs';
import { createScenario } from '../src/server/suites/scenarios';
import { DEFAULT_SUITE_PARALLELISM } from '../src/server/suites/worker';

/*
 * `npm run bench:suites` (not a test): a suite of 20 scenarios x 5 repetitions of one assistant, run by the
 * service's background work against a stand-in model in a process of its own (calls-model-model.ts, every
 * answer in 200 ms: the assistant, the customer, the post-call reading and the judge). Each repetition is a
 * real call (dialled, answered at 3 s, talked turn by turn, its outcome 2 s after the hang-up), so at the real
 * clock (`--speed 1`, the default) the wall time is mostly the calls' own conversation time; `--speed N` runs
 * the service's clock N times faster to show what the service and the model's 200 ms allow. Prints wall time,
 * scenarios (repetitions) a minute, the service's CPU per repetition (the embedded database included), model
 * requests per repetition; writes test-results/suites.json. On DATABASE_URL it works in a schema of its own.
 *
 * Options: --scenarios 20 --repetitions 5 --parallel 4 (SUITE_PARALLELISM) --model-ms 200 --speed 1 --tick 250
 */

const { values: opts } = parseArgs({
  options: {
    scenarios: { type: 'string', default: '20' },
    repetitions: { type: 'string', default: '5' },
    parallel: { type: 'string', default: String(DEFAULT_SUITE_PARALLELISM) },
    'model-ms': { type: 'string', default: '200' },
    speed: { type: 'string', default: '1' },
    // The background loops' tick: the service's default (ENGINE_TICK_MS).
    tick: { type: 'string', default: '250' },
  },
});


async function main() {
  const bench = startBench('suites');
  const database = await benchDatabase('bench_suites');
  const { handle } = database;
  const child = forkStandInModel(opts['model-ms']);
  try {
    const modelUrl = await ask<string>(child, null, 'url');
    const db = handle.db;
    const { userId, assistantId } = await benchAssistant(db, 'bench-suites');
    bench.progress(`seeding ${opts.scenarios} scenarios on ${handle.kind}`);
    const now = new Date();
    for (let i = 0; i < Number(opts.scenarios); i++) {
      await createScenario(db, now, userId, assistantId, {
        name: `Scenario ${i + 1}`,
        persona: `Your name is Caller ${i + 1}. Your order is A-${1000 + i}.`,
        goal: 'find out where your order is',
        variables: { customer_name: `Caller ${i + 1}` },
        max_turns: 20,
        expectations: [
          { kind: 'outcome', outcome: 'completed', within_turns: 10 },
          { kind: 'variable', name: 'order_id', check: 'matches', value: '^A-\\d+$' },
          { kind: 'judge', criterion: 'The assistant never promises a "refund"' },
        ],
      });
    }
    const model = createChatModel({ baseUrl: modelUrl, apiKey: undefined, model: 'stand-in-small', timeoutMs: 30_000, maxRetries: 0, retryDelayMs: 100 });
    const clock = fastClock(Number(opts.speed));
    const parallel = Number(opts.parallel);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const run = await startRun(db, { userId, assistantId, request: { repetitions: Number(opts.repetitions), min_pass_rate: 0.8 }, model, now: clock.now() });
    const work = startBackgroundWork(db, { clock, tickMs: Number(opts.tick), allowPrivateWebhooks: true, model, allowPrivateUrls: true, suiteParallelism: parallel });
    bench.progress(`running ${opts.repetitions} repetitions at parallelism ${parallel}, clock ${opts.speed}x`);
    let most = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const calling = await db.selectFrom('suite_run_items').select((eb) => eb.fn.countAll<string>().as('n')).where('run_id', '=', run.id).where('status', '=', 'calling').executeTakeFirstOrThrow();
      most = Math.max(most, Number(calling.n));
      const state = await db.selectFrom('suite_runs').select('status').where('id', '=', run.id).executeTakeFirstOrThrow();
      if (state.status !== 'running' || performance.now() - t0 > 60 * 60_000) break;
    }
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    await work.stop();
    const requests = await ask<number>(child, { count: true }, 'requests');
    const items = await db.selectFrom('suite_run_items').select(['status', 'results']).where('run_id', '=', run.id).execute();
    const done = items.filter((i) => i.status === 'done').length;
    const checks = items.flatMap((i) => (Array.isArray(i.results) ? i.results : []));
    const result = {
      database: handle.kind,
      scenarios: Number(opts.scenarios),
      repetitions: Number(opts.repetitions),
      parallelism: parallel,
      most_calls_at_once: most,
      model_ms: Number(opts['model-ms']),
      clock_speed: Number(opts.speed),
      repetitions_done: done,
      checks_passed: checks.filter((c) => (c as { pass?: unknown }).pass === true).length,
      checks: checks.length,
      wall_s: Math.round(wallMs / 100) / 10,
      scenarios_per_minute: Math.round((done / (wallMs / 60_000)) * 10) / 10,
      cpu_ms_per_scenario: Math.round((cpu.user + cpu.system) / 1000 / Math.max(1, done)),
      model_requests_per_scenario: Math.round((requests / Math.max(1, done)) * 10) / 10,
    };
    bench.progress(
      `${result.repetitions_done} of ${result.scenarios * result.repetitions} repetitions (${result.scenarios} scenarios x ${result.repetitions}) in ${result.wall_s} s on ${result.database} at parallelism ${parallel} ` +
        `(at most ${most} calls at once): ${result.scenarios_per_minute} scenarios/min, ${result.cpu_ms_per_scenario} ms CPU/scenario, ${result.model_requests_per_scenario} model requests/scenario, ` +
        `${result.checks_passed}/${result.checks} checks passed (clock ${result.clock_speed}x, model ${result.model_ms} ms a request)`,
    );
    bench.finish(figuresOf(result), result);
  } finally {
    child.send({ stop: true });
    await database.close();
  }
}

runBench(main);
