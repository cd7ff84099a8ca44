import { existsSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadConfig, loadStartConfig } from '../config';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock';
import type { EventBridge } from '../events/pg-bridge';
import type { DatabaseHandle } from '../db/connect';
import type { Fetch } from '../listen';
import { lazyUpgrades } from '../live-calls/lazy-upgrades';
import type { Upgrades } from '../live-calls/sockets';
import { processHealth } from '../ops/health';
import { liveCalls } from '../ops/live-calls';
import type { Metrics } from '../ops/metrics';
import { OPS_PATHS, opsApp } from '../ops/ops-app';

/*
 * `npm start`: builds the console when dist/ is missing, opens the database (embedded PGlite in DATA_DIR,
 * or DATABASE_URL), migrates, seeds the demo on an empty database, and serves /api and the console.
 */
/** The checkout's root, whether this runs from its source (src/server/cli) or from the bundle (dist-server). */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(resolve(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '../../..');
  }
}

async function main() {
  const config = loadConfig();
  const start = loadStartConfig();
  // GET /healthz says whether this process takes new calls: not while starting, nor while draining (SIGTERM).
  const health = processHealth();
  let metrics: Metrics | null = null;
  // Traces only when an OTLP endpoint is set: unset, the SDK is never loaded (ops/tracing.ts).
  // An SDK that cannot start (a bad OTEL_* value) costs the traces, not the service.
  const tracingStarting = start.ops.tracing
    ? import('../ops/tracing')
        .then((m) => m.startTracing(start.ops.serviceName))
        .catch((e: unknown) => {
          console.error('Traces are off: OpenTelemetry did not start:', e instanceof Error ? e.message : e);
          return null;
        })
    : null;
  const root = projectRoot(import.meta.dirname);
  // STATIC_DIR lets parallel browser-test runs each serve their own build (vite build --outDir …).
  const staticDir = start.staticDir ?? resolve(root, 'dist');
  const serveConsole = start.serveConsole;
  if (serveConsole && (!existsSync(resolve(staticDir, 'index.html')) || start.forceBuild)) {
    console.log('Building the console (first start)…');
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn', build: { outDir: staticDir, emptyOutDir: true } });
  }

  // The lock first (cheap): a second service on the same folder refuses before it listens (exit 2).
  const release = config.apiUpstream || config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  // The database opens (PGlite compiles its wasm off the main thread, reads its files) while Node loads
  // the rest of the service and serves the console: they overlap instead of adding up (npm run bench:start).
  const opening = config.apiUpstream ? null : import('./open').then((m) => m.openConfiguredDatabase(config, release));
  // Handled where it is awaited; without this a failure meanwhile would count as unhandled.
  opening?.catch(() => undefined);

  let work: { stop(): Promise<void> } | null = null;
  let recordings: { stop(): Promise<void> } | null = null;
  let knowledge: { stop(): Promise<void> } | null = null;
  let sip: { stop(): Promise<void> } | null = null;
  /** The whole service's app, once its database is open, migrated and seeded. */
  const ready = (async () => {
    const [{ buildRootApp, voiceServicesOf }, { startBackgroundWork }, { systemClock }, { installEventBridge }, { setEngineSeed }, { createChatModel }, { chooseSpeech, LIVE_SPEECH_CONCURRENCY }, counting] = await Promise.all([
      import('../serve'),
      import('../engine/runner'),
      import('../engine/clock'),
      import('../events/pg-bridge'),
      import('../engine/plan'),
      import('../model/openai-compatible'),
      import('../speech/select'),
      // The parts' failures are counted for GET /metrics (a few additions per failure).
      import('../ops/voice-errors'),
    ]);
    // Chosen once (a TTS endpoint, else eSpeak NG when its program runs, else none), beside the database opening.
    const speech = config.apiUpstream ? null : await chooseSpeech(config.speech);
    // Before any call is placed: by the routes (make_call, simulate-inbound) or the background work.
    setEngineSeed(config.engineSeed);
    let handle: DatabaseHandle | null = null;
    let bridge: EventBridge | null = null;
    let seeded = false;
    if (opening) {
      handle = await opening;
      // On PostgreSQL, live events cross to the other service processes on the database.
      bridge = await installEventBridge(handle.db);
      const users = await handle.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      if (Number(users.n) === 0 && config.seedDemo) {
        console.log('Empty database: seeding the demo data…');
        const t0 = Date.now();
        // Loaded only here: the demo's data and generators are needed once, on an empty database.
        const { seedDemo } = await import('../seed/demo');
        const tokens = await seedDemo(handle.db);
        seeded = true;
        console.log(`Seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
        for (const { email, token } of tokens) console.log(`API token for ${email}: ${token}`);
        // For the browser tests, which start the service themselves and need the demo token.
        if (start.tokensFile) writeFileSync(start.tokensFile, JSON.stringify(tokens));
      } else {
        console.log(
          'Sign in with an API token. To make one: stop the service, run `npm run token -- demo@example.com`, start again.',
        );
      }
    }
    // One model for the API (conversations) and the background work (model calls).
    const model = config.llm ? counting.countedModel(createChatModel(config.llm)) : null;
    // Knowledge search with embeddings where a model is configured and the database has pgvector (said in the banner).
    let vectors: string | null = null;
    if (handle && config.llm && config.embedding) {
      const [{ createEmbeddingModel }, { enableKnowledgeEmbeddings, vectorBanner }] = await Promise.all([import('../model/embedding-model'), import('../knowledge/vector-support')]);
      vectors = vectorBanner(await enableKnowledgeEmbeddings(handle.db, createEmbeddingModel(config.llm, config.embedding)), handle.kind);
    }
    // Live voice: web calls and Twilio, through the pipeline (voice/pipeline.ts) when the service can hear
    // (STT_BASE_URL), think (LLM_BASE_URL) and speak; without them web calls answer 503 naming what is missing,
    // and phone calls are told so.
    const { resolveSecretKey } = await import('../telephony/secrets');
    // A realtime-only service (REALTIME_BASE_URL without STT_BASE_URL or LLM_BASE_URL) builds the door too: its
    // speech-to-speech assistants talk (the voicemail message and dualplex are spoken by the live speech source).
    const canTalk = Boolean((config.stt && model) || config.realtime);
    const liveSpeechSource = handle && canTalk && speech ? await chooseSpeech(config.speech, LIVE_SPEECH_CONCURRENCY) : null;
    const liveSpeech = liveSpeechSource ? counting.countedSpeech(liveSpeechSource) : null;
    const transcriber = config.stt ? counting.countedTranscriber((await import('../voice/transcriber')).openAiTranscriber(config.stt)) : undefined;
    const pipeline =
      handle && canTalk && liveSpeech
        ? (await import('../voice/pipeline')).voicePipeline({ db: handle.db, model, stt: config.stt, transcriber, speech: liveSpeech, allowPrivateUrls: config.allowPrivateUrls, realtime: config.realtime })
        : null;
    const voice = handle
      ? {
          startSession: pipeline,
          pipeline: pipeline !== null && config.stt !== null && model !== null,
          transcription: config.stt !== null,
          realtime: config.realtime !== null,
          realtimeConfig: config.realtime,
          speech: speech?.engine ?? null,
          publicUrl: config.publicUrl,
          twilioApiBaseUrl: config.twilioApiBaseUrl,
          secretKey: resolveSecretKey({ secretKey: config.secretKey, dataDir: config.dataDir, embedded: !config.databaseUrl }),
          // `enabled` turns true where a SIP server is started for this service.
          sip: { host: config.publicSipHost, port: config.sipPort, enabled: false },
        }
      : null;
    const serveOptions = {
      db: handle?.db ?? null,
      port: config.port,
      host: config.host,
      rateLimitPerMinute: config.rateLimitPerMinute,
      recordingRateLimitPerMinute: config.recordingRateLimitPerMinute,
      generateReplyRateLimitPerMinute: config.generateReplyRateLimitPerMinute,
      trustedProxies: config.trustedProxies,
      apiUpstream: config.apiUpstream,
      staticDir: serveConsole ? staticDir : undefined,
      now: systemClock.now,
      model,
      allowPrivateUrls: config.allowPrivateUrls,
      speech,
      voice,
      ...(start.logRequests ? { log: (l: string) => console.log(l) } : {}),
    };
    const voiceServices = voiceServicesOf(serveOptions);
    const app = buildRootApp(serveOptions, voiceServices);
    return { app, handle, bridge, startBackgroundWork, systemClock, model, speech, vectors, voiceServices, seeded };
  })();
  // Rejections end the service below (await ready); requests waiting meanwhile get a 500.
  ready.catch(() => undefined);

  // Listening at once: the console's page and files are served meanwhile, and /api/* waits for the database
  // (a gate, not an error), so /api/local/info answering still means the service is ready (Playwright).
  const { isApiPath, listen, rootApp } = await import('../listen');
  const shell = rootApp({ staticDir: serveConsole ? staticDir : undefined, docsHere: !config.apiUpstream }, () => undefined);
  let serving: Fetch = (req, env) => (isApiPath(new URL(req.url).pathname) ? ready.then(({ app }) => app.fetch(req, env)) : shell.fetch(req, env));
  const ops = opsApp({ health, metricsToken: start.ops.metricsToken, metrics: () => metrics });
  const server = await listen((req, env) => (OPS_PATHS.has(new URL(req.url).pathname) ? ops.fetch(req, env) : serving(req, env)), config.port, config.host);
  let upgrades: Upgrades | null = null;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    // The sockets just closed end their calls as dropped: their endings are written before the database closes.
    await waitFor(() => liveCalls().length === 0, 10_000);
    metrics?.stop();
    // The last spans exported before the process goes.
    await (await tracingStarting)?.shutdown().catch(() => undefined);
    // A database being opened or seeded is closed once it is whole.
    const opened = await ready.catch(() => null);
    await work?.stop();
    await recordings?.stop();
    await knowledge?.stop();
    await sip?.stop();
    await opened?.bridge?.close();
    await opened?.handle?.close();
    // Its exit would end the eSpeak NG helper anyway (the channel closes): ended here, not left to that.
    (await import('../speech/espeak')).stopEspeakBroker();
    process.exit(0);
  };
  /*
   * SIGTERM drains: /healthz answers 503 (the load balancer moves on), new voice sockets are refused, this
   * process dials no more (its background work stops; the other processes' goes on), and live calls play out
   * to their end (their post-call reading included); then it stops. DRAIN_TIMEOUT_S, a second SIGTERM or a
   * SIGINT end the calls still live at once (as dropped, with what was said).
   */
  let draining = false;
  const drain = async () => {
    draining = true;
    health.drain();
    upgrades?.drain();
    console.log(`Draining: no new calls; ${liveCalls().length} live call(s) play out (at most ${start.ops.drainTimeoutMs / 1000} s; a second SIGTERM ends them now).`);
    await work?.stop();
    work = null;
    const drained = await waitFor(() => stopping || (liveCalls().length === 0 && (upgrades?.open() ?? 0) === 0), start.ops.drainTimeoutMs);
    if (stopping) return;
    console.log(drained ? 'Drained: no live calls left.' : `Drain time limit reached: ending ${liveCalls().length} live call(s).`);
    await stop();
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void (draining ? stop() : drain()));

  const { app, handle, startBackgroundWork, systemClock, model, speech, vectors, voiceServices, seeded } = await ready;
  const tracing = await tracingStarting;
  // A signal while starting: nothing more is started (a drain then finds no live call and stops).
  if (stopping || draining) return;
  serving = tracing ? tracing.traceRequests(app.fetch) : app.fetch;
  // The live-call sockets (ws, the web call, every provider's media stream) and the telephony modules load on
  // the first upgrade or dial, not at every start: most starts never take a call (npm run bench:start).
  if (voiceServices) {
    upgrades = lazyUpgrades(() => import('../live-calls/sockets').then((m) => m.voiceUpgrades(voiceServices)));
    server.setUpgrades(upgrades);
  }
  const dialOut = (services: NonNullable<typeof voiceServices>, callId: number) => import('../telephony/calls').then((m) => m.dialOut(services, callId));
  // Plays calls out, dials running campaigns and delivers webhooks (engine/runner.ts).
  if (handle && config.backgroundWork) {
    work = startBackgroundWork(handle.db, {
      clock: systemClock,
      tickMs: config.engineTickMs,
      allowPrivateWebhooks: config.allowPrivateWebhooks,
      publicUrl: config.publicUrl,
      logDials: config.dialerLog,
      webhookTimeoutMs: config.webhookTimeoutMs,
      webhookLeaseMs: config.webhookLeaseMs,
      model,
      allowPrivateUrls: config.allowPrivateUrls,
      modelPricePer1kTokens: config.modelPricePer1kTokens,
      suiteParallelism: config.suiteParallelism,
      // Real lines only with a pipeline to talk on them; without one, calls from imported numbers stay simulated.
      ...(voiceServices?.startSession && { dial: (callId: number) => dialOut(voiceServices, callId) }),
      ...(tracing && { onTick: tracing.tick }),
    });
    // Speaks ended calls' transcripts into their recordings, one at a time (recordings/worker.ts).
    if (speech) {
      const { startRecordingWork } = await import('../recordings/worker');
      recordings = startRecordingWork(handle.db, { clock: systemClock, tickMs: config.engineTickMs, speech });
    }
    // Reads uploaded files and websites into knowledge-base passages (knowledge/worker.ts), a loop of its own:
    // a slow site never holds up a call. Checked every second at most: nobody waits on it to the millisecond.
    const { startKnowledgeWorker } = await import('../knowledge/worker');
    const worker = startKnowledgeWorker(handle.db, { tickMs: Math.max(config.engineTickMs, 1000), allowPrivate: config.allowPrivateUrls });
    knowledge = worker;
    // The demo's knowledge base was just queued: read at once, so its search works from the first page.
    if (seeded) worker.runOnce().catch((e: unknown) => console.error('Knowledge documents:', e instanceof Error ? e.message : e));
  }
  // SIP trunks (sip/line.ts): the endpoint, and Kamailio in front when it is installed. Loaded only then.
  let sipBanner: string | null = null;
  if (voiceServices) {
    const { sipStartBanner } = await import('../sip/start');
    const started = await sipStartBanner(voiceServices, config.dataDir, config.publicUrl, config.sipEnv, speech);
    sip = started.line;
    sipBanner = started.banner;
  }
  health.ready();
  const where = handle ? `${handle.kind} (${handle.location})` : `proxy to ${config.apiUpstream}`;
  console.log(`Voice Console on ${server.url}  (API at ${server.url}/api, data: ${where})`);
  console.log(`Open ${server.url} and sign in with the API token.`);
  if (!config.apiUpstream) {
    const llm = config.llm;
    console.log(
      llm
        ? `Language model: ${llm.baseUrl} (${llm.model ? `LLM_MODEL=${llm.model} for every assistant` : "each assistant's own model"}).`
        : 'Language model: none, so assistants cannot chat. Set LLM_BASE_URL to an OpenAI-compatible endpoint, e.g. LLM_BASE_URL=http://localhost:11434/v1 for Ollama.',
    );
    const { speechBanner } = await import('../speech/select');
    console.log(speechBanner(speech, config.speech));
    const { transcriptionBanner } = await import('../voice/transcriber');
    console.log(transcriptionBanner(config.stt));
    const { realtimeBanner } = await import('../voice/realtime/models');
    console.log(realtimeBanner(config.realtime));
    if (vectors) console.log(vectors);
    if (voiceServices) {
      const key = config.secretKey ? 'SECRET_KEY' : voiceServices.secretKey ? `${config.dataDir}/secret.key` : null;
      console.log(
        `Phone lines: Twilio numbers can be imported (webhooks at ${config.publicUrl}/api/telephony/twilio/…, credentials encrypted with ${key ?? 'nothing: set SECRET_KEY to import numbers'}); ` +
          (voiceServices.startSession
            ? voiceServices.transcription && voiceServices.model
              ? 'calls on them talk through the voice pipeline.'
              : 'calls of speech-to-speech assistants talk through REALTIME_BASE_URL; pipeline assistants need STT_BASE_URL and LLM_BASE_URL, and until they are set their callers are told so and hung up on.'
            : 'the voice pipeline needs STT_BASE_URL and LLM_BASE_URL, so until they are set callers are told so and hung up on.'),
      );
    }
    if (sipBanner) console.log(sipBanner);
  }
  if (tracing) console.log(`Traces: OpenTelemetry to the OTLP endpoint (OTEL_EXPORTER_OTLP_…) as ${start.ops.serviceName}.`);
  // Off the start path (prom-client takes about 30 ms to load): /metrics answers 503 until then.
  const { startMetrics } = await import('../ops/metrics');
  metrics = await startMetrics(handle?.db ?? null);
}

/** Polls `done` every 100 ms until it holds (true) or `limitMs` passes (false). */
async function waitFor(done: () => boolean, limitMs: number): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (!done()) {
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, Math.min(100, Math.max(1, end - Date.now()))));
  }
  return true;
}

main().catch((e: unknown) => {
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
