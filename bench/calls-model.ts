import { ask, fastClock, forkStandInModel } from './lib/model-child';
import { figuresOf, runBench, startBench } from './lib/report';
import { benchDatabase } from './lib/database';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { issueToken } from '../src/server/auth/tokens';
import { startBackgroundWork } from '../src/server/engine/runner';
import { createChatModel } from '../src/server/model/openai-compatible';
import { insertAssistant, insertPhoneNumber } from '../src/server/test/fixtures';

/*
 * `npm run bench:calls-model` (not a test): a campaign of 100 leads played through the language model, against
 * a stand-in model (a child process, calls-model-model.ts) answering every request in 200 ms: the assistant's
 * turns, the customer's, and the post-call reading. The calls' conversation time (speaking time estimated from
 * the text) runs on a clock `--speed` times faster than the wall clock, so what is measured is the service and
 * the model's 200 ms, not people speaking. Prints calls finished per minute (wall clock), model requests per
 * call, the service's CPU per call (the embedded database included), and leaves `render_ms_per_audio_minute`
 * for the recordings' render time (measured by the recordings' own benchmark; null here). Writes
 * test-results/calls-model.json. On DATABASE_URL it works in a schema of its own.
 *
 * Options: --leads 100 --parallel 20 --model-ms 200 --speed 20
 */

const { values: opts } = parseArgs({
  options: {
    leads: { type: 'string', default: '100' },
    parallel: { type: 'string', default: '20' },
    'model-ms': { type: 'string', default: '200' },
    speed: { type: 'string', default: '20' },
  },
});
const LEADS = Number(opts.leads);


async function main() {
  const bench = startBench('calls-model');
  const database = await benchDatabase('bench_calls_model');
  const { handle } = database;
  const child = forkStandInModel(opts['model-ms']);
  try {
    const modelUrl = await ask<string>(child, null, 'url');
    const db = handle.db;
    const { userId } = await issueToken(db, `bench-calls-model-${Date.now()}@example.com`);
    await db.updateTable('users').set({ balance: '1000000' }).where('id', '=', userId).execute();
    const number = await insertPhoneNumber(db, userId);
    const { id: assistantId } = await insertAssistant(db, userId, { phone_number_id: number.id });
    await db
      .updateTable('assistants')
      .set({
        system_prompt: 'You call {{customer_name}} about their order and answer their questions.',
        initial_message: 'Hello {{customer_name}}, this is Acme. Do you have a minute?',
        post_call_schema: JSON.stringify([
          { name: 'customer_name', type: 'string', description: 'name' },
          { name: 'budget', type: 'number', description: 'budget' },
        ]),
        post_call_evaluation: true,
      })
      .where('id', '=', assistantId)
      .execute();
    const campaign = await db
      .insertInto('campaigns')
      .values({
        user_id: userId,
        name: 'Model bench',
        assistant_id: assistantId,
        status: 'draft',
        allowed_days: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
        allowed_hours_start_time: '00:00',
        allowed_hours_end_time: '24:00',
        timezone: 'UTC',
        max_calls_in_parallel: Number(opts.parallel),
        max_retries: 1,
        retry_interval: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    bench.progress(`seeding ${LEADS} leads on ${handle.kind}`);
    for (let i = 0; i < LEADS; i++) {
      await db
        .insertInto('leads')
        .values({ user_id: userId, campaign_id: campaign.id, phone_number: `+1202555${String(1000 + i).slice(-4)}`, variables: JSON.stringify({ customer_name: `Lead ${i}` }), status: 'created' })
        .execute();
    }
    // Every lead answered by a person: the test number that always completes, one per lead (+1 NXX 555-0100).
    const areas = [201, 202, 203, 205, 206, 207, 208, 209, 210, 212, 213, 214, 215, 216, 217, 218, 219, 224, 225, 228];
    await sql`UPDATE leads SET phone_number = '+1' || (${JSON.stringify(areas)}::jsonb ->> (id % ${areas.length}))::text || '5550100' WHERE campaign_id = ${campaign.id}`.execute(db);

    const model = createChatModel({ baseUrl: modelUrl, apiKey: undefined, model: 'stand-in-small', timeoutMs: 30_000, maxRetries: 0, retryDelayMs: 100 });
    const clock = fastClock(Number(opts.speed));
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await db.updateTable('campaigns').set({ status: 'running' }).where('id', '=', campaign.id).execute();
    const work = startBackgroundWork(db, { clock, tickMs: 50, allowPrivateWebhooks: true, model, allowPrivateUrls: true });
    bench.progress(`campaign running at parallelism ${opts.parallel}, clock ${opts.speed}x`);
    let finished = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const row = await db
        .selectFrom('calls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', campaign.id)
        .where('engine_next_at', 'is', null)
        .executeTakeFirstOrThrow();
      finished = Number(row.n);
      if (finished >= LEADS || performance.now() - t0 > 20 * 60_000) break;
    }
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    await work.stop();
    const requests = await ask<number>(child, { count: true }, 'requests');
    const calls = await db.selectFrom('calls').select(['status', 'conversation_mode', 'duration', 'latency_p95_ms']).where('campaign_id', '=', campaign.id).execute();
    const byModel = calls.filter((c) => c.conversation_mode === 'model').length;
    const result = {
      database: handle.kind,
      leads: LEADS,
      parallel: Number(opts.parallel),
      model_ms: Number(opts['model-ms']),
      clock_speed: Number(opts.speed),
      calls_finished: finished,
      calls_by_model: byModel,
      wall_s: Math.round(wallMs / 100) / 10,
      calls_per_minute: Math.round((finished / (wallMs / 60_000)) * 10) / 10,
      model_requests_per_call: Math.round((requests / Math.max(1, finished)) * 10) / 10,
      cpu_ms_per_call: Math.round((cpu.user + cpu.system) / 1000 / Math.max(1, finished)),
      mean_talk_s: Math.round((calls.reduce((a, c) => a + c.duration, 0) / Math.max(1, calls.length)) * 10) / 10,
      // Measured by the recordings' benchmark (rendering is not part of this run).
      render_ms_per_audio_minute: null as number | null,
    };
    bench.progress(
      `${result.calls_finished} calls (${result.calls_by_model} held by the model) in ${result.wall_s} s on ${result.database}: ` +
        `${result.calls_per_minute} calls/min, ${result.model_requests_per_call} model requests/call, ${result.cpu_ms_per_call} ms CPU/call ` +
        `(mean talk ${result.mean_talk_s} s on a clock ${result.clock_speed}x the wall clock; model ${result.model_ms} ms a request)`,
    );
    bench.finish(figuresOf(result), result);
  } finally {
    child.send({ stop: true });
    await database.close();
  }
}

runBench(main);
