import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { appAlias } from './scripts/app-alias.ts';
import { iconImports } from './scripts/icon-imports.ts';
import { SlowFirstSequencer } from './scripts/vitest-sequencer.ts';

const server = {
  environment: 'node' as const,
  include: ['src/server/**/*.test.ts', 'bench/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // In CI only, one more try: the live-call tests (voice/, realtime/, sip/, telephony/) place audio on the wall
  // clock and judge where it landed, on 2 cores that also run SIPp, Kamailio, eSpeak NG and the rest of the
  // suite. A test that passes only on its retry is still reported (Vitest's JSON report, test-timing.mjs).
  retry: process.env.CI ? 1 : 0,
};

/*
 * The service files whose database follows TEST_DATABASE_URL: those that start the test service (harness.ts
 * picks PGlite or the server; useOrderService starts it for the suites' and replays' tests) or read the
 * variable themselves. The rest (pure logic, and the command-line
 * tests on an embedded data folder) would run the same code twice: the PostgreSQL project leaves them out.
 */
function filesOnTheDatabase(): string[] {
  const dir = 'src/server';
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(dir, f))
    .filter((f) => !LIVE_AUDIO.includes(f))
    .filter((f) => /\b(useService|useOrderService|startTestService)\(|TEST_DATABASE_URL/.test(readFileSync(f, 'utf8')));
}

/*
 * Live calls played in real time (a Twilio, SIP or realtime caller speaking eSpeak NG phrases on the wall clock): they
 * test audio, timing and the call's flow, and their SQL is the same PostgreSQL that PGlite runs (the call record's
 * hold, transcript and recording writes). On the server they only took CI's time: ~365 s of test time, a sixth of the
 * suite (7 Dec). The PostgreSQL project keeps what PostgreSQL itself changes: several processes on one database
 * (engine/two-processes, ops/load-balancer, whose calls are live too), connection pools, locks and leases.
 */
const LIVE_AUDIO = [
  'src/server/voice/realtime/realtime-calls.test.ts',
  'src/server/voice/realtime/realtime-gaps.test.ts',
  'src/server/sip/sip-tools.test.ts',
  'src/server/sip/sip-calls.test.ts',
  'src/server/telephony/twilio-voicemail.test.ts',
  'src/server/telephony/phone-tools.test.ts',
  'src/server/telephony/twilio-voice.test.ts',
  'src/server/builtin/handover-voice.test.ts',
  'src/server/voice/web-call-languages.test.ts',
];

/*
 * Three projects: the console (jsdom), the service on embedded PGlite, and the same service suite on a
 * PostgreSQL server when TEST_DATABASE_URL is set (`.ci/run` starts one). Without it that project is left
 * out and the run says so.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl && !process.env.VITEST_QUIET_PG) {
  console.warn('TEST_DATABASE_URL is not set: the service suite runs on PGlite only (CI runs it on PostgreSQL too).');
}

/*
 * A console project (jsdom), with plugins of its own. The messages (src/app/paraglide) are compiled before:
 * `npm test`'s first step, `npm run i18n`, `npm install`.
 */
const app = (test: { name: string; isolate?: boolean; include?: string[]; exclude?: string[] }) => ({
  plugins: [iconImports(), react()],
  resolve: { alias: appAlias },
  test: {
    environment: 'jsdom' as const,
    include: ['src/app/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts'],
    setupFiles: ['src/app/test/setup.ts'],
    css: false,
    // Spies, stubbed globals and env put back before each test (the setup file resets the rest).
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Form tests type through whole forms in jsdom: ~1 s alone, several times that on a busy 2-core
    // machine running the service suites beside them (the 5 s default failed there).
    // The *.variants tests render whole tables and forms dozens of times: ~20 s alone on a loaded machine.
    testTimeout: 60_000,
    ...test,
  },
});

/*
 * The console project runs with `isolate: false`: one module cache and one jsdom window per worker, not per
 * file, so React, Mantine and our own modules are evaluated once a worker instead of once for each of ~80
 * files (~5 s of imports each). The tests leave nothing behind for the next file (src/app/test/setup.ts).
 * These files test what a page shows before a part's code has loaded (React.lazy's placeholder), or mock a module
 * that other files load first (vi.mock cannot replace what a shared cache already holds): they run in a fresh one each.
 */
const FIRST_LOAD = [
  'src/app/components/recording-player.test.tsx',
  'src/app/components/call-latency/latency-panel.test.tsx',
  'src/app/components/language-switch.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on CI's two. Service tests wait on HTTP, timers
    // and the PostgreSQL server as much as they compute, so two files side by side keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // An error outside any test (an unhandled rejection, a failed hook) fails the run without failing a test, and
    // CI's record keeps only the output's tail: scripts/test-summary.mjs prints these lines beside the last one.
    onUnhandledError(error) {
      const e = error as Error & { type?: string; VITEST_TEST_PATH?: string; VITEST_TEST_NAME?: string };
      const where = [e.VITEST_TEST_PATH, e.VITEST_TEST_NAME].filter(Boolean).join(' › ');
      const stack = String(e.stack ?? '').split('\n').slice(0, 4).join(' | ');
      mkdirSync('test-results', { recursive: true });
      appendFileSync('test-results/vitest-unhandled.log', `${e.type ?? 'Error'}${where ? ` in ${where}` : ''}: ${stack || e.message}\n`);
    },
    // The service files that start processes first (scripts/vitest-sequencer.ts). A configured sequencer
    // would also stand in for the random one `--sequence.shuffle` asks for (to look for order dependence).
    sequence: process.argv.some((a) => a.startsWith('--sequence.shuffle')) ? {} : { sequencer: SlowFirstSequencer },
    projects: [
      app({ name: 'app', exclude: FIRST_LOAD, isolate: false }),
      app({ name: 'app-isolated', include: FIRST_LOAD }),
      { test: { ...server, name: 'server-pglite', env: { TEST_DATABASE_URL: '' } } },
      ...(pgUrl ? [{ test: { ...server, name: 'server-postgres', include: filesOnTheDatabase(), env: { TEST_DATABASE_URL: pgUrl } } }] : []),
    ],
  },
});
