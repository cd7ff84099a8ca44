import type { Hono } from 'hono';
import { createApi } from './app';
import { proxyTo } from './http/proxy';
import { listen, rootApp } from './listen';
import type { RateLimitStore } from './http/rate-limit';
import { pgPoolOf, type Db } from './db/connect';
import type { ChatModel } from './model/chat-model';
import type { SpeechSource } from './speech/speech';
import type { VoiceServices } from './live-calls/services';
import { voiceUpgrades } from './live-calls/sockets';

/** Live voice as the composition gives it (cli/start.ts, the tests); the database, clock and model are added here. */
export type VoiceOptions = Omit<VoiceServices, 'db' | 'now' | 'model' | 'allowPrivateUrls'>;

export interface ServeOptions {
  db: Db | null;
  port: number;
  host?: string;
  rateLimitPerMinute: number;
  /** Per client address on the public recordings; 600 unless given (ServiceConfig). */
  recordingRateLimitPerMinute?: number;
  /** Per user on POST /ai/generate-reply; 5 unless given (ServiceConfig). */
  generateReplyRateLimitPerMinute?: number;
  /** TRUST_PROXY: reverse proxies whose X-Forwarded-For is believed; none unless given. */
  trustedProxies?: number;
  apiUpstream?: string | undefined;
  /** Folder of the built console; omitted, only the API is served. */
  staticDir?: string | undefined;
  log?: (line: string) => void;
  now?: () => Date;
  /** The language model (LLM_BASE_URL); none: conversations answer 503. */
  model?: ChatModel | null;
  /** ALLOW_PRIVATE_URLS: mid-call tools may reach loopback, private and link-local addresses. */
  allowPrivateUrls?: boolean;
  /** The speech of recordings and POST /api/speech (speech/select.ts); none: the murmur, and 503. */
  speech?: SpeechSource | null;
  /** Live voice (web calls, Twilio); none: web calls answer 503, imports 503, webhooks 404, sockets are refused. */
  voice?: VoiceOptions | null;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The app being served: tests enumerate its routes (`app.routes`) to cover every one. */
  app: Hono;
  /** Its live voice (the same object its routes and sockets use: tests set publicUrl once the port is known). */
  voice: VoiceServices | null;
  close(): Promise<void>;
}

/** The voice services of the served API (null without a database or voice options). */
export function voiceServicesOf(options: ServeOptions): VoiceServices | null {
  if (!options.db || options.apiUpstream || !options.voice) return null;
  return {
    ...options.voice,
    db: options.db,
    now: () => (options.now ?? (() => new Date()))(),
    model: options.model ?? null,
    allowPrivateUrls: options.allowPrivateUrls ?? false,
  };
}

export function buildRootApp(options: ServeOptions, voice: VoiceServices | null = voiceServicesOf(options)): Hono {
  // The reference page is this service's own (in proxy mode /api/docs is the upstream's, under the API's policy).
  return rootApp({ staticDir: options.staticDir, docsHere: !options.apiUpstream }, (root) => {
    if (options.apiUpstream) {
      root.all('/api/*', proxyTo(options.apiUpstream));
      return;
    }
    if (!options.db) throw new Error('A database is needed unless API_UPSTREAM is set.');
    root.route(
      '/api',
      createApi({
        db: options.db,
        now: options.now ?? (() => new Date()),
        rateLimit: { limit: options.rateLimitPerMinute, windowMs: 60_000 },
        recordingRateLimit: { limit: options.recordingRateLimitPerMinute ?? 600, windowMs: 60_000 },
        generateReplyRateLimit: { limit: options.generateReplyRateLimitPerMinute ?? 5, windowMs: 60_000 },
        rateLimitStore: rateLimitStoreFor(options.db),
        trustedProxies: options.trustedProxies ?? 0,
        model: options.model ?? null,
        allowPrivateUrls: options.allowPrivateUrls ?? false,
        speech: options.speech ?? null,
        voice,
        ...(options.log ? { log: options.log } : {}),
      }),
    );
  });
}

/** Counters in PostgreSQL when the service runs on one (other processes may share it), else in memory. */
function rateLimitStoreFor(db: Db): RateLimitStore {
  const pool = pgPoolOf(db);
  return pool ? { kind: 'postgres', pool } : { kind: 'memory' };
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const voice = voiceServicesOf(options);
  const app = buildRootApp(options, voice);
  const server = await listen(app.fetch, options.port, options.host);
  if (voice) server.setUpgrades(voiceUpgrades(voice));
  return { ...server, app, voice };
}
