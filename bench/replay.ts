import { parseArgs } from 'node:util';
import { placeCall } from '../src/server/engine/place-call';
import { startBackgroundWork } from '../src/server/engine/runner';
import { createChatModel } from '../src/server/model/openai-compatible';
import { startSet } from '../src/server/replays/sets';
import { DEFAULT_SUITE_PARALLELISM } from '../src/server/suites/worker';
import { ask, benchAssistant, fastClock, forkStandInModel } from './lib/model-child';
import { figuresOf, runBench, startBench } from './lib/report';
import { benchDatabase } from './lib/database';

/*
 * `npm run bench:replay` (not a test): 50 past calls of one assistant replayed by the service's background
 * work against a stand-in model in a process of its own (calls-model-model.ts, every answer in 200 ms: the
 * assistant, the original caller following their lines, the post-call reading and the judge). The originals
 * are made first (real model calls, on a clock 20 times the wall clock; not measured). Each replay is a real
 * call (dialled, answered, talked turn by turn), so at the real clock (`--speed 1`, the default) the wall time
 * is mostly the calls' own conversation time; `--speed N` runs the service's clock N times faster. Prints
 * progress, wall time, replays a minute, the service's CPU per replay (the embedded database included), model
 * requests per replay; writes test-results/replay.json. On DATABASE_URL it works in a schema of its own.
 *
 * Options: --calls 50 --parallel 4 (SUITE_PARALLELISM) --model-ms 200 --speed 1 --tick 250
 */

const { values: opts } = parseArgs({
  options: {
    calls: { type: 'string', default: '50' },
    parallel: { type: 'string', default: String(DEFAULT_SUITE_PARALLELISM) },
    'model-ms': { type: 'string', default: '200' },
    speed: { type: 'string', default: '1' },
    tick: { type: 'string', default: '250' },
  },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const bench = startBench('replay');
  const database = await benchDatabase('bench_replay');
  const { handle } = database;
  const child = forkStandInModel(opts['model-ms']);
  try {
    const modelUrl = await ask<string>(child, null, 'url');
    const db = handle.db;
    const { userId, assistantId } = await benchAssistant(db, 'bench-replay');
    const model = createChatModel({ baseUrl: modelUrl, apiKey: undefined, model: 'stand-in-small', timeoutMs: 30_000, maxRetries: 0, retryDelayMs: 100 });
    const calls = Number(opts.calls);
    const parallel = Number(opts.parallel);

    // The past calls: placed and played as any call, fast (setup, not measured).
    const setupClock = fastClock(20);
    bench.progress(`making ${calls} past calls on ${handle.kind}`);
    for (let i = 0; i < calls; i++) {
      await db.transaction().execute((trx) =>
        placeCall(trx, {
          user_id: userId,
          assistant_id: assistantId,
          assistant_name: 'Acme',
          type: 'outbound',
          client_phone_number: '+12025550100',
          assistant_phone_number: null,
          variables: { customer_name: `Caller ${i + 1}` },
          persona: `Your name is Caller ${i + 1}. Your order is A-${1000 + i}. What you want: find out where your order is.`,
          now: setupClock.now(),
        }),
      );
    }
    const setup = startBackgroundWork(db, { clock: setupClock, tickMs: 50, allowPrivateWebhooks: true, model, allowPrivateUrls: true });
    for (;;) {
      await sleep(500);
      const open = await db.selectFrom('calls').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where((eb) => eb.or([eb('engine_next_at', 'is not', null), eb('talk_next_at', 'is not', null)])).executeTakeFirstOrThrow();
      if (Number(open.n) === 0) break;
    }
    await setup.stop();
    const before = await ask<number>(child, { count: true }, 'requests');
    bench.progress(`${calls} past calls made; replaying them at parallelism ${parallel}, clock ${opts.speed}x, model ${opts['model-ms']} ms a request`);

    const clock = fastClock(Number(opts.speed));
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const set = await startSet(db, { userId, request: { filter: { assistant_id: assistantId, page: 1, per_page: 15 } }, model, now: clock.now() });
    const work = startBackgroundWork(db, { clock, tickMs: Number(opts.tick), allowPrivateWebhooks: true, model, allowPrivateUrls: true, suiteParallelism: parallel });
    let most = 0;
    let shown = -1;
    for (;;) {
      await sleep(250);
      const pairs = await db.selectFrom('replay_pairs').select('status').where('set_id', '=', set.id).execute();
      const calling = pairs.filter((p) => p.status === 'calling').length;
      const done = pairs.filter((p) => p.status === 'done' || p.status === 'error').length;
      most = Math.max(most, calling);
      if (done !== shown) {
        shown = done;
        bench.progress(`  ${done}/${pairs.length} compared, ${calling} in progress, ${Math.round((performance.now() - t0) / 1000)} s`);
      }
      const state = await db.selectFrom('replay_sets').select('status').where('id', '=', set.id).executeTakeFirstOrThrow();
      if (state.status !== 'running' || performance.now() - t0 > 60 * 60_000) break;
    }
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    await work.stop();
    const requests = (await ask<number>(child, { count: true }, 'requests')) - before;
    const pairs = await db.selectFrom('replay_pairs').select(['status', 'verdict']).where('set_id', '=', set.id).execute();
    const done = pairs.filter((p) => p.status === 'done').length;
    const verdicts = Object.fromEntries(['better', 'same', 'worse', 'unclear'].map((v) => [v, pairs.filter((p) => p.verdict === v).length]));
    const result = {
      database: handle.kind,
      calls,
      parallelism: parallel,
      most_calls_at_once: most,
      model_ms: Number(opts['model-ms']),
      clock_speed: Number(opts.speed),
      replays_done: done,
      verdicts,
      wall_s: Math.round(wallMs / 100) / 10,
      replays_per_minute: Math.round((done / (wallMs / 60_000)) * 10) / 10,
      cpu_ms_per_replay: Math.round((cpu.user + cpu.system) / 1000 / Math.max(1, done)),
      model_requests_per_replay: Math.round((requests / Math.max(1, done)) * 10) / 10,
    };
    bench.progress(
      `${done} of ${calls} calls replayed in ${result.wall_s} s on ${result.database} at parallelism ${parallel} (at most ${most} at once): ` +
        `${result.replays_per_minute} replays/min, ${result.cpu_ms_per_replay} ms CPU/replay, ${result.model_requests_per_replay} model requests/replay, ` +
        `verdicts ${JSON.stringify(verdicts)} (clock ${result.clock_speed}x, model ${result.model_ms} ms a request)`,
    );
    bench.finish(figuresOf(result), result);
  } finally {
    child.send({ stop: true });
    await database.close();
  }
}

runBench(main);
