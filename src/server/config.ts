import { resolve } from 'node:path';

export interface ServiceConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** When set, /api/* is forwarded to this hosted API instead of served here. */
  apiUpstream: string | undefined;
  rateLimitPerMinute: number;
  /** Per client address on the public recordings, whose players ask for a range per seek. */
  recordingRateLimitPerMinute: number;
  /** GENERATE_REPLY_RATE_LIMIT_PER_MINUTE: POST /ai/generate-reply per user (the hosted service: 5). */
  generateReplyRateLimitPerMinute: number;
  /** How many reverse proxies in front append to X-Forwarded-For (0: use the socket's address). */
  trustedProxies: number;
  /** Skips the demo seed on an empty database (tests seed what they need). */
  seedDemo: boolean;
  /** ALLOW_PRIVATE_WEBHOOKS=1 or ALLOW_PRIVATE_URLS=1: webhooks may go to loopback, private and link-local addresses. */
  allowPrivateWebhooks: boolean;
  /** ENGINE_TICK_MS: how often the call engine, the dialler and the deliveries look for work (default 250). */
  engineTickMs: number;
  /** BACKGROUND_WORK=0: this process serves the API only and leaves calls, dialling and deliveries to others. */
  backgroundWork: boolean;
  /** PGLITE_SHARED_BUFFERS (e.g. 64MB): the embedded database's page cache; unset, connect.ts's default. */
  pgliteSharedBuffers: string | undefined;
  /** DATABASE_POOL_SIZE: connections of the pool on a PostgreSQL server (default 10). */
  databasePoolSize: number;
  /** ENGINE_SEED: the base of every call's seed, so the same seed and ids give the same calls (engine/plan.ts). */
  engineSeed: string;
  /** DIALER_LOG=1: one line per campaign dial with the process id (the two-process test counts them). */
  dialerLog: boolean;
  /** PUBLIC_URL: where webhook receivers reach this service (recording links); default the local port. */
  publicUrl: string;
  /** WEBHOOK_TIMEOUT_MS: how long a delivery attempt waits for the answer; unset, the dispatcher's default. */
  webhookTimeoutMs: number | undefined;
  /** WEBHOOK_LEASE_MS: how long a claimed delivery stays this process's; unset, the dispatcher's default. */
  webhookLeaseMs: number | undefined;
  /**
   * ALLOW_PRIVATE_URLS=1 (ALLOW_PRIVATE_WEBHOOKS=1 is an alias): every URL a user hands the service (webhooks,
   * mid-call tools) may reach loopback, private and link-local addresses (tests, a local set-up).
   */
  allowPrivateUrls: boolean;
  /** The language model (LLM_BASE_URL and its companions); null when LLM_BASE_URL is unset. */
  llm: LlmConfig | null;
  /** The model endpoint's embeddings (LLM_EMBEDDING_MODEL); null when it or LLM_BASE_URL is unset: knowledge search is full text alone. */
  embedding: EmbeddingConfig | null;
  /** MODEL_PRICE_PER_1K_TOKENS: USD per 1,000 tokens a model call spends, charged with its minutes (default 0.002). */
  modelPricePer1kTokens: number;
  /** SUITE_PARALLELISM: a suite run's calls in flight at once (default 4). */
  suiteParallelism: number;
  /** Where speech comes from (TTS_BASE_URL, else eSpeak NG at ESPEAK_NG_PATH); chosen at start (speech/select.ts). */
  speech: SpeechConfig;
  /** Speech to text for calls you can hear (STT_BASE_URL and its companions); null when STT_BASE_URL is unset. */
  stt: SttConfig | null;
  /**
   * SECRET_KEY: encrypts the telephony providers' credentials at rest (telephony/secrets.ts). Unset: on the
   * embedded database a key made once in DATA_DIR/secret.key; on PostgreSQL none (number imports answer 503).
   */
  secretKey: string | undefined;
  /** TWILIO_API_BASE_URL: Twilio's REST API, or a compatible host (default https://api.twilio.com). */
  twilioApiBaseUrl: string;
  /** The speech-to-speech endpoint of multimodal and dualplex assistants (REALTIME_BASE_URL and companions); null when unset. */
  realtime: RealtimeConfig | null;
  /** SIP=, SIP_*, KAMAILIO_*, RTPENGINE*: the SIP line's own variables, read by sip/settings.ts (sipSettings) when SIP starts. */
  sipEnv: Record<string, string | undefined>;
  /** SIP_PORT: the port carriers send SIP to (default 5060). */
  sipPort: number;
  /** PUBLIC_SIP_HOST: the host carriers reach for SIP (default the host of PUBLIC_URL). */
  publicSipHost: string;
}

/** An OpenAI Realtime-compatible WebSocket endpoint (`{baseUrl}/realtime?model=`): the operator's configuration, trusted (no address guard). */
export interface RealtimeConfig {
  /** REALTIME_BASE_URL, ws(s), e.g. wss://api.openai.com/v1 or ws://localhost:8080/v1 (LocalAI). */
  baseUrl: string;
  /** REALTIME_API_KEY, sent as a Bearer token; optional for local servers. */
  apiKey: string | undefined;
  /** REALTIME_MODEL: the model every multimodal/dualplex assistant uses; unset, each assistant's multimodal model. */
  model: string | undefined;
}

/** An OpenAI-compatible transcription endpoint (`POST {baseUrl}/audio/transcriptions`): the operator's configuration, trusted (no address guard). */
export interface SttConfig {
  /** STT_BASE_URL, e.g. http://localhost:8000/v1 (Speaches, whisper.cpp's server). */
  baseUrl: string;
  /** STT_API_KEY, sent as a Bearer token; optional for local servers. */
  apiKey: string | undefined;
  /** STT_MODEL (default `whisper-1`). */
  model: string;
  /** STT_TIMEOUT_MS: one transcription's limit (default 15 s). */
  timeoutMs: number;
}

/** The speech sources to try, in order (speech/select.ts): the TTS endpoint when set, else eSpeak NG, else none. */
export interface SpeechConfig {
  /** TTS_BASE_URL and its companions; null when TTS_BASE_URL is unset. */
  tts: TtsConfig | null;
  /** ESPEAK_NG_PATH: the eSpeak NG program, run as a separate process (default `espeak-ng` on the PATH). */
  espeakPath: string;
  /** SPEECH_TIMEOUT_MS: one synthesis's limit, the TTS request or the eSpeak NG process (default 30 s). */
  timeoutMs: number;
}

/** An OpenAI-compatible speech endpoint (`POST {baseUrl}/audio/speech`): the operator's configuration, trusted (no address guard). */
export interface TtsConfig {
  /** TTS_BASE_URL, e.g. http://localhost:8880/v1 (Kokoro-FastAPI). */
  baseUrl: string;
  /** TTS_API_KEY, sent as a Bearer token; optional for local servers. */
  apiKey: string | undefined;
  /** TTS_MODEL (default `tts-1`). */
  model: string;
  /** TTS_VOICE_ASSISTANT (default `alloy`) and TTS_VOICE_CUSTOMER (default `echo`). */
  voiceAssistant: string;
  voiceCustomer: string;
  /** TTS_VOICE_<LANG> (TTS_VOICE_DE=…): the assistant's voice in that language (ISO-639-1, lower case here). */
  voicesByLanguage?: Record<string, string>;
}

/** TTS_VOICE_<two letters>: a voice per language, for assistants that speak several (voice/languages.ts). */
function ttsVoicesByLanguage(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const m = /^TTS_VOICE_([A-Z]{2})$/.exec(key);
    if (m && value?.trim()) out[m[1]!.toLowerCase()] = value.trim();
  }
  return out;
}

/** An OpenAI-compatible chat-completions endpoint: the operator's configuration, trusted (no address guard). */
export interface LlmConfig {
  /** LLM_BASE_URL, e.g. http://localhost:11434/v1 (Ollama); `/chat/completions` and `/models` are under it. */
  baseUrl: string;
  /** LLM_API_KEY, sent as a Bearer token; optional for local servers. */
  apiKey: string | undefined;
  /** LLM_MODEL: the model every assistant uses; unset, each assistant's own model name is asked for. */
  model: string | undefined;
  /** LLM_TIMEOUT_MS: one attempt's limit, the whole answer (streamed or not) included (default 60 s). */
  timeoutMs: number;
  /** LLM_MAX_RETRIES: further attempts after a 429, a 5xx or a refused connection (default 2). */
  maxRetries: number;
  /** LLM_RETRY_DELAY_MS: the first wait before a retry, doubled each time; a Retry-After up to 10 s wins (default 1 s). */
  retryDelayMs: number;
}

/**
 * Embeddings from the same OpenAI-compatible endpoint (`POST {LLM_BASE_URL}/embeddings`, its key, time-out and
 * retries): knowledge-base search adds vector search to full text where pgvector is there (knowledge/vector-support.ts).
 */
export interface EmbeddingConfig {
  /** LLM_EMBEDDING_MODEL, e.g. nomic-embed-text (Ollama). Stored embeddings are keyed by it: another model re-embeds. */
  model: string;
  /** LLM_EMBEDDING_DIMENSIONS: the length to ask for (models that can shorten theirs); unset, the model's own. */
  dimensions: number | undefined;
}

/** ENGINE_SEED when unset or empty. */
export const DEFAULT_ENGINE_SEED = 'voice-console';

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

/** TRUST_PROXY: a number of proxy hops; `true`/`yes` mean one, `false`/`no`/unset none. */
function trustProxyFromEnv(raw: string | undefined): number {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'no') return 0;
  if (v === 'true' || v === 'yes') return 1;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`TRUST_PROXY must be a number of proxies (or true/false), got "${raw}"`);
  return n;
}

function memorySizeFromEnv(name: string, raw: string | undefined): string | undefined {
  const v = (raw ?? '').trim();
  if (v === '') return undefined;
  if (!/^\d+(kB|MB|GB)$/.test(v)) throw new Error(`${name} must be a size such as 32MB (kB, MB or GB), got "${raw}"`);
  return v;
}

/** A positive number of milliseconds, else undefined (unset, blank or not a positive number). */
function positiveMsFromEnv(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** A whole number of 1 or more, else the fallback when unset. */
function countFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of 1 or more, got "${raw}"`);
  return n;
}

/** A price in USD (a decimal, 0 or more), else the fallback when unset. */
function priceFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a price of 0 or more, got "${raw}"`);
  return n;
}

/** PUBLIC_URL without its trailing slashes; unset or blank, the service on this machine at PORT. */
export function publicBaseUrl(env: NodeJS.ProcessEnv): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return `http://localhost:${env.PORT || '8080'}`;
}

const isOn = (v: string | undefined) => v === '1' || v === 'true';

function llmFromEnv(env: NodeJS.ProcessEnv): LlmConfig | null {
  const raw = (env.LLM_BASE_URL ?? '').trim();
  if (raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`LLM_BASE_URL must be an http(s) URL such as http://localhost:11434/v1, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`LLM_BASE_URL must be an http(s) URL, got "${raw}"`);
  return {
    baseUrl: raw.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY?.trim() || undefined,
    model: env.LLM_MODEL?.trim() || undefined,
    timeoutMs: intFromEnv(env, 'LLM_TIMEOUT_MS', 60_000) || 60_000,
    maxRetries: intFromEnv(env, 'LLM_MAX_RETRIES', 2),
    retryDelayMs: intFromEnv(env, 'LLM_RETRY_DELAY_MS', 1_000),
  };
}

function embeddingFromEnv(env: NodeJS.ProcessEnv, llm: LlmConfig | null): EmbeddingConfig | null {
  const model = env.LLM_EMBEDDING_MODEL?.trim();
  if (!llm || !model) return null;
  return { model, dimensions: env.LLM_EMBEDDING_DIMENSIONS?.trim() ? countFromEnv(env, 'LLM_EMBEDDING_DIMENSIONS', 1) : undefined };
}

function sttFromEnv(env: NodeJS.ProcessEnv): SttConfig | null {
  const raw = (env.STT_BASE_URL ?? '').trim();
  if (raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`STT_BASE_URL must be an http(s) URL such as http://localhost:8000/v1, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`STT_BASE_URL must be an http(s) URL, got "${raw}"`);
  return {
    baseUrl: raw.replace(/\/+$/, ''),
    apiKey: env.STT_API_KEY?.trim() || undefined,
    model: env.STT_MODEL?.trim() || 'whisper-1',
    timeoutMs: intFromEnv(env, 'STT_TIMEOUT_MS', 15_000) || 15_000,
  };
}

function realtimeFromEnv(env: NodeJS.ProcessEnv): RealtimeConfig | null {
  const raw = (env.REALTIME_BASE_URL ?? '').trim();
  if (raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`REALTIME_BASE_URL must be a ws(s) URL such as wss://api.openai.com/v1, got "${raw}"`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new Error(`REALTIME_BASE_URL must be a ws(s) URL such as wss://api.openai.com/v1, got "${raw}"`);
  return { baseUrl: raw.replace(/\/+$/, ''), apiKey: env.REALTIME_API_KEY?.trim() || undefined, model: env.REALTIME_MODEL?.trim() || undefined };
}

function speechFromEnv(env: NodeJS.ProcessEnv): SpeechConfig {
  const raw = (env.TTS_BASE_URL ?? '').trim();
  let tts: TtsConfig | null = null;
  if (raw !== '') {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`TTS_BASE_URL must be an http(s) URL such as http://localhost:8880/v1, got "${raw}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`TTS_BASE_URL must be an http(s) URL, got "${raw}"`);
    tts = {
      baseUrl: raw.replace(/\/+$/, ''),
      apiKey: env.TTS_API_KEY?.trim() || undefined,
      model: env.TTS_MODEL?.trim() || 'tts-1',
      voiceAssistant: env.TTS_VOICE_ASSISTANT?.trim() || 'alloy',
      voiceCustomer: env.TTS_VOICE_CUSTOMER?.trim() || 'echo',
      voicesByLanguage: ttsVoicesByLanguage(env),
    };
  }
  return {
    tts,
    espeakPath: env.ESPEAK_NG_PATH?.trim() || 'espeak-ng',
    timeoutMs: intFromEnv(env, 'SPEECH_TIMEOUT_MS', 30_000) || 30_000,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const allowPrivateUrls = isOn(env.ALLOW_PRIVATE_URLS) || isOn(env.ALLOW_PRIVATE_WEBHOOKS);
  const llm = llmFromEnv(env);
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    apiUpstream: env.API_UPSTREAM || undefined,
    rateLimitPerMinute: intFromEnv(env, 'RATE_LIMIT_PER_MINUTE', 100),
    recordingRateLimitPerMinute: intFromEnv(env, 'RECORDING_RATE_LIMIT_PER_MINUTE', 600),
    generateReplyRateLimitPerMinute: intFromEnv(env, 'GENERATE_REPLY_RATE_LIMIT_PER_MINUTE', 5),
    trustedProxies: trustProxyFromEnv(env.TRUST_PROXY),
    seedDemo: env.SEED_DEMO !== '0',
    allowPrivateWebhooks: allowPrivateUrls,
    engineTickMs: intFromEnv(env, 'ENGINE_TICK_MS', 250) || 250,
    backgroundWork: env.BACKGROUND_WORK !== '0',
    pgliteSharedBuffers: memorySizeFromEnv('PGLITE_SHARED_BUFFERS', env.PGLITE_SHARED_BUFFERS),
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    engineSeed: env.ENGINE_SEED !== undefined && env.ENGINE_SEED !== '' ? env.ENGINE_SEED : DEFAULT_ENGINE_SEED,
    dialerLog: env.DIALER_LOG === '1',
    publicUrl: publicBaseUrl(env),
    webhookTimeoutMs: positiveMsFromEnv(env.WEBHOOK_TIMEOUT_MS),
    webhookLeaseMs: positiveMsFromEnv(env.WEBHOOK_LEASE_MS),
    allowPrivateUrls,
    llm,
    embedding: embeddingFromEnv(env, llm),
    modelPricePer1kTokens: priceFromEnv(env, 'MODEL_PRICE_PER_1K_TOKENS', 0.002),
    suiteParallelism: countFromEnv(env, 'SUITE_PARALLELISM', 4),
    speech: speechFromEnv(env),
    stt: sttFromEnv(env),
    secretKey: env.SECRET_KEY?.trim() || undefined,
    twilioApiBaseUrl: twilioBaseFromEnv(env.TWILIO_API_BASE_URL),
    realtime: realtimeFromEnv(env),
    sipEnv: Object.fromEntries(Object.entries(env).filter(([k]) => k === 'SIP' || k.startsWith('SIP_') || k.startsWith('KAMAILIO_') || k.startsWith('RTPENGINE') || k === 'PUBLIC_SIP_HOST')),
    sipPort: sipPortFromEnv(env.SIP_PORT),
    publicSipHost: env.PUBLIC_SIP_HOST?.trim() || new URL(publicBaseUrl(env)).hostname,
  };
}

function sipPortFromEnv(raw: string | undefined): number {
  const v = (raw ?? '').trim();
  if (v === '') return 5060;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`SIP_PORT must be a port number (1 to 65535), got "${v}"`);
  return n;
}

function twilioBaseFromEnv(raw: string | undefined): string {
  const v = (raw ?? '').trim();
  if (v === '') return 'https://api.twilio.com';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`TWILIO_API_BASE_URL must be an http(s) URL such as https://api.twilio.com, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`TWILIO_API_BASE_URL must be an http(s) URL, got "${raw}"`);
  return v.replace(/\/+$/, '');
}

/** What `npm start` (cli/start.ts) reads beside the service's configuration: the console it serves, its logs. */
export interface StartConfig {
  /** STATIC_DIR: the built console to serve (parallel browser-test runs each build their own); unset, dist/. */
  staticDir: string | undefined;
  /** SKIP_STATIC=1: the API only, no console (npm run dev, where Vite serves it). */
  serveConsole: boolean;
  /** FORCE_BUILD=1: build the console even when one is there. */
  forceBuild: boolean;
  /** TOKENS_FILE: where the demo seed writes its tokens as JSON (the browser tests read them). */
  tokensFile: string | undefined;
  /** LOG_REQUESTS=1: one line per API request. */
  logRequests: boolean;
  /** Health, draining, metrics and traces (src/server/ops/). */
  ops: OpsConfig;
}

/** What `npm start` reads for running in production (docs/operations.md, docs/deploy.md). */
export interface OpsConfig {
  /** DRAIN_TIMEOUT_S: how long a SIGTERM lets live calls play out before ending them (default 600, 0: at once). */
  drainTimeoutMs: number;
  /** METRICS_TOKEN: GET /metrics answers a request with it as Bearer token, besides loopback peers. */
  metricsToken: string | undefined;
  /**
   * Traces are exported (OpenTelemetry's Node SDK, which reads the standard OTEL_* variables itself) when
   * OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set and OTEL_SDK_DISABLED is not true.
   */
  tracing: boolean;
  /** OTEL_SERVICE_NAME (default voice-console). */
  serviceName: string;
}

export function opsFromEnv(env: NodeJS.ProcessEnv): OpsConfig {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return {
    drainTimeoutMs: intFromEnv(env, 'DRAIN_TIMEOUT_S', 600) * 1000,
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'voice-console',
    tracing: Boolean(endpoint) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' && env.OTEL_TRACES_EXPORTER?.trim() !== 'none',
  };
}

export function loadStartConfig(env: NodeJS.ProcessEnv = process.env): StartConfig {
  return {
    staticDir: env.STATIC_DIR ? resolve(env.STATIC_DIR) : undefined,
    serveConsole: env.SKIP_STATIC !== '1',
    forceBuild: env.FORCE_BUILD === '1',
    tokensFile: env.TOKENS_FILE || undefined,
    logRequests: env.LOG_REQUESTS === '1',
    ops: opsFromEnv(env),
  };
}

/** What `npm run dev` (cli/dev.ts) reads: the two ports, and the environment its two processes inherit. */
export interface DevConfig {
  /** API_PORT: the service's port (default 8081). */
  apiPort: string;
  /** PORT: Vite's port (default 5173). */
  webPort: string;
  inherited: NodeJS.ProcessEnv;
}

export function loadDevConfig(env: NodeJS.ProcessEnv = process.env): DevConfig {
  return { apiPort: env.API_PORT ?? '8081', webPort: env.PORT ?? '5173', inherited: env };
}

/** What `npm run assistant-test` (cli/assistant-test.ts) reads from the environment. */
export interface AssistantTestConfig {
  /** VC_API_TOKEN: the token when `--token` is not given. */
  token: string | undefined;
}

export function loadAssistantTestConfig(env: NodeJS.ProcessEnv = process.env): AssistantTestConfig {
  return { token: env.VC_API_TOKEN || undefined };
}
