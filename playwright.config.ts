import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { defineConfig } from '@playwright/test';

/*
 * Browser tests against the local service, started here on a free port with a fresh database.
 * `npm run test:e2e` builds the console first (`vite build`) so the service serves the current one.
 *
 * This file is evaluated by the runner and again by each worker: the run's folder and port are made once
 * and handed down through the environment.
 */
const RUN_PREFIX = 'vc-e2e-';

function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

/** Leftover folders of earlier runs (older than a day, so a concurrent run keeps its own). */
function sweepOldRuns() {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(RUN_PREFIX)) continue;
    const path = join(tmpdir(), name);
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // another run's folder going away meanwhile
    }
  }
}

if (!process.env.VC_E2E_DIR) {
  sweepOldRuns();
  process.env.VC_E2E_DIR = mkdtempSync(join(tmpdir(), RUN_PREFIX));
  process.env.VC_E2E_PORT = String(freePort());
  process.env.VC_E2E_STANDIN_PORT = String(freePort());
  process.env.VC_E2E_HOSTED_PORT = String(freePort());
  process.env.VC_E2E_MODEL_PORT = String(freePort());
  process.env.VC_E2E_STT_PORT = String(freePort());
  process.env.VC_E2E_REALTIME_PORT = String(freePort());
}
const runDir = process.env.VC_E2E_DIR;
const port = Number(process.env.VC_E2E_PORT);
/** e2e/hosted.spec.ts: the hosted-service stand-in, and the local service in proxy mode in front of it. */
const standInPort = Number(process.env.VC_E2E_STANDIN_PORT);
const hostedPort = Number(process.env.VC_E2E_HOSTED_PORT);
/** e2e/conversations.spec.ts: the language-model stand-in (src/server/test/stand-ins/model.ts) the local service answers with. */
const modelPort = Number(process.env.VC_E2E_MODEL_PORT);
/** e2e/web-call.spec.ts: the transcription stand-in (src/server/test/stand-ins/transcription.ts) the local service hears with. */
const sttPort = Number(process.env.VC_E2E_STT_PORT);
/** e2e/web-call.spec.ts: the realtime stand-in (src/server/test/stand-ins/realtime.ts) multimodal assistants talk through. */
const realtimePort = Number(process.env.VC_E2E_REALTIME_PORT);
/** Read by the tests (e2e/support/tokens.ts): the tokens the demo seed made. */
process.env.VC_E2E_TOKENS_FILE = join(runDir, 'tokens.json');

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A run beside another (its own STATIC_DIR build) keeps its own output and report too. */
const runName = process.env.STATIC_DIR ? `-${basename(process.env.STATIC_DIR)}` : '';

export default defineConfig({
  testDir: 'e2e',
  // Playwright empties its output folder at the start; keep it apart from test-results/vitest.json.
  outputDir: `test-results/playwright-output${runName}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `test-results/playwright${runName}.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action's DOM snapshot and the network, and both cores are busy throughout the
    // run: in CI only the retry of a failed test is traced (the first failure still has its screenshot and
    // error); locally, without retries, a failing test keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // The console follows the browser's language on a first visit: these tests read it in English.
    locale: 'en-US',
    launchOptions: {
      // Debian's Chromium where there is one; otherwise Playwright's own (npx playwright install chromium).
      ...(existsSync(chromium) ? { executablePath: chromium } : {}),
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // An OpenAI-compatible language model of our own (src/server/test/stand-ins/model.ts), and the mid-call tool the chat test calls.
      command: 'npx tsx e2e/serve/model.ts',
      url: `http://127.0.0.1:${modelPort}/v1/models`,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MODEL_STAND_IN_PORT: String(modelPort) },
    },
    {
      // A transcription server of our own (src/server/test/stand-ins/transcription.ts: the service's stand-in, taught the web-call test's caller).
      command: 'npx tsx e2e/serve/transcription.ts',
      port: sttPort,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: { STT_STAND_IN_PORT: String(sttPort), VC_E2E_DIR: runDir },
    },
    {
      // A speech-to-speech endpoint of our own (src/server/test/stand-ins/realtime.ts, OpenAI's Realtime protocol), taught the web-call test's caller.
      command: 'npx tsx e2e/serve/realtime.ts',
      url: `http://127.0.0.1:${realtimePort}/v1/models`,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: { REALTIME_STAND_IN_PORT: String(realtimePort), VC_E2E_DIR: runDir },
    },
    {
      // The real start path: the compiled service (rebuilt first when the sources are newer, one process at a time).
      command: 'node --max-semi-space-size=4 --liftoff-only scripts/run-server.mjs start',
      url: `http://127.0.0.1:${port}/api/local/info`,
      timeout: 180_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      // The start log holds tokens: not echoed.
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(runDir, 'data'),
        TOKENS_FILE: process.env.VC_E2E_TOKENS_FILE,
        RATE_LIMIT_PER_MINUTE: '10000',
        SEED_DEMO: '1',
        // e2e/webhooks.spec.ts receives deliveries on 127.0.0.1, which the service refuses without this.
        ALLOW_PRIVATE_WEBHOOKS: '1',
        // The test chat: the stand-in model, and its tool on 127.0.0.1 (a private address the guard refuses without this).
        LLM_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
        LLM_MODEL: 'stand-in',
        ALLOW_PRIVATE_URLS: '1',
        // The web call: the transcription stand-in (POST {STT_BASE_URL}/audio/transcriptions).
        STT_BASE_URL: `http://127.0.0.1:${sttPort}/v1`,
        // Multimodal and dualplex assistants: the realtime stand-in (e2e/serve/realtime.ts).
        REALTIME_BASE_URL: `ws://127.0.0.1:${realtimePort}/v1`,
        // The console is built by `npm run test:e2e` before this starts; the service only serves it.
        FORCE_BUILD: '',
        SKIP_STATIC: '',
        // A build of its own (vite build --outDir DIR) for runs beside another; default dist/.
        STATIC_DIR: process.env.STATIC_DIR ?? '',
        API_UPSTREAM: '',
        DATABASE_URL: '',
        LOG_REQUESTS: '',
      },
    },
    {
      // A stand-in for the hosted service, answering with its documented examples (src/server/test/stand-ins/hosted-service.ts).
      command: 'npx tsx e2e/serve/hosted-service.ts',
      url: `http://127.0.0.1:${standInPort}/api/user/me`,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      // The stand-in answers 401 without a token; Playwright counts any status below 404 as up.
      env: { STAND_IN_PORT: String(standInPort) },
    },
    {
      // The console in proxy mode in front of the stand-in: no database, /api/* forwarded.
      // The real start path: the compiled service (rebuilt first when the sources are newer, one process at a time).
      command: 'node --max-semi-space-size=4 --liftoff-only scripts/run-server.mjs start',
      url: `http://127.0.0.1:${hostedPort}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(hostedPort),
        HOST: '127.0.0.1',
        DATA_DIR: join(runDir, 'hosted-data'),
        TOKENS_FILE: '',
        RATE_LIMIT_PER_MINUTE: '10000',
        SEED_DEMO: '0',
        FORCE_BUILD: '',
        SKIP_STATIC: '',
        STATIC_DIR: process.env.STATIC_DIR ?? '',
        API_UPSTREAM: `http://127.0.0.1:${standInPort}/api`,
        DATABASE_URL: '',
        LOG_REQUESTS: '',
      },
    },
  ],
});
