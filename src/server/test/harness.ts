import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { issueToken } from '../auth/tokens';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { openTestPglite } from './pglite-snapshot';
import { startServer, type RunningServer } from '../serve';
import { startBackgroundWork, type BackgroundWork } from '../engine/runner';
import { installEventBridge } from '../events/pg-bridge';
import type { Clock } from '../engine/clock';
import { checkResponse } from '../openapi/validate-response';
import type { LlmConfig } from '../config';
import { createChatModel } from '../model/openai-compatible';
import type { SpeechSource } from '../speech/speech';
import type { VoiceOptions } from '../serve';
import { dialOut } from '../telephony/calls';
import { whenNoLiveCalls } from '../ops/live-calls';

/*
 * A real service over real HTTP on a free port, on a fresh database: in-memory PGlite, or, when
 * TEST_DATABASE_URL is set (the "server-pg" Vitest project), a schema of its own on that PostgreSQL server.
 */

export interface TestService {
  /** http://127.0.0.1:PORT/api */
  api: string;
  handle: DatabaseHandle;
  server: RunningServer;
  /** A new user (unique email unless given) and a token for it. */
  user(email?: string): Promise<TestUser>;
  /** The background work (engine, dialler, deliveries) on the service's clock; driven by hand (runOnce). */
  work: BackgroundWork;
  close(): Promise<void>;
}

export interface TestUser {
  id: number;
  email: string;
  token: string;
  /** fetch against the API with this user's token; JSON bodies are serialised. */
  req(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // The API's JSON, loosely typed: tests look into it freely.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary JSON
  text: string;
}

export async function request(
  api: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const init: RequestInit = { method, headers: { Accept: 'application/json', ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const answer = await readAnswer(await fetch(api + path, init));
  // Every answer of the suite is checked against the OpenAPI document (a mismatch throws, failing the test).
  const url = new URL(api + path);
  const operation = checkResponse({ method, path: url.pathname + url.search, status: answer.status, contentType: answer.headers.get('content-type'), text: answer.text });
  countChecked(method, operation, answer.status);
  return answer;
}

/** A fetch answer read whole: status, headers, text, and the text parsed when it is JSON (else undefined). */
export async function readAnswer(res: Response): Promise<TestResponse> {
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/*
 * With OPENAPI_CHECK_LOG set to a file, one line per checked answer (`METHOD operation status`) is appended
 * to it: each test file runs in a fresh module scope, so a count kept here alone would be per file.
 */
let checked = 0;
function countChecked(method: string, operation: string, status: number): void {
  checked += 1;
  const log = process.env.OPENAPI_CHECK_LOG;
  if (log) appendFileSync(log, `${method.toUpperCase()} ${operation} ${status}\n`);
}
/** How many answers this module has checked against the document. */
export const checkedResponses = () => checked;

export interface StartOptions {
  rateLimitPerMinute?: number;
  /** POST /ai/generate-reply per user (100,000 unless given: the tests send more than the real 5 a minute). */
  generateReplyRateLimitPerMinute?: number;
  now?: () => Date;
  /** The one clock of routes and background work (a TestClock); wins over `now`. */
  clock?: Clock;
  /** Ticks of the background work in ms; 0 (the default) runs it only when a test calls work.runOnce(). */
  tickMs?: number;
  /** A language model endpoint (a stand-in's baseUrl, test/stand-ins/model.ts); none: conversations answer 503. */
  llm?: Partial<LlmConfig> & { baseUrl: string };
  /** ALLOW_PRIVATE_URLS for mid-call tools (default true: the tests' tool servers are on 127.0.0.1). */
  allowPrivateUrls?: boolean;
  /** The model calls' lease (engine/talk/worker.ts); tests of a killed worker shorten it. */
  talkLeaseMs?: number;
  /** Suite runs: calls in flight per run, and the checking lease (suites/worker.ts). */
  suiteParallelism?: number;
  suiteLeaseMs?: number;
  /** Speech for recordings and /api/speech (speech/select.ts chooseSpeech); none (the default): the murmur, and 503. */
  speech?: SpeechSource | null;
  /**
   * Live voice (web calls, Twilio): a fake or real session factory and the Twilio base URL (a stand-in's);
   * PUBLIC_URL is the service's own address, a random SECRET_KEY. None: no voice (web calls 503).
   */
  voice?: Partial<VoiceOptions>;
}

export async function startTestService(options: StartOptions = {}): Promise<TestService> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = pgUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const handle = pgUrl ? await openDatabase({ databaseUrl: pgUrl, schema }) : await openTestPglite();
  const bridge = await installEventBridge(handle.db);
  const model = options.llm ? createChatModel({ apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 2, retryDelayMs: 10, ...options.llm }) : null;
  const server = await startServer({
    db: handle.db,
    port: 0,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000,
    generateReplyRateLimitPerMinute: options.generateReplyRateLimitPerMinute ?? 100_000,
    model,
    allowPrivateUrls: options.allowPrivateUrls ?? true,
    speech: options.speech ?? null,
    ...(options.clock ? { now: options.clock.now } : options.now ? { now: options.now } : {}),
    voice: options.voice
      ? {
          startSession: null,
          transcription: options.voice.startSession != null,
          speech: null,
          publicUrl: 'http://127.0.0.1',
          twilioApiBaseUrl: 'http://127.0.0.1:9',
          secretKey: randomBytes(32),
          ...options.voice,
        }
      : null,
  });
  const voice = server.voice;
  if (voice && !options.voice?.publicUrl) voice.publicUrl = server.url.replace('localhost', '127.0.0.1');
  const clock: Clock = options.clock ?? { now: options.now ?? (() => new Date()) };
  const work = startBackgroundWork(handle.db, {
    clock,
    tickMs: options.tickMs ?? 0,
    allowPrivateWebhooks: true,
    model,
    allowPrivateUrls: options.allowPrivateUrls ?? true,
    ...(options.talkLeaseMs ? { talkLeaseMs: options.talkLeaseMs } : {}),
    ...(options.suiteParallelism ? { suiteParallelism: options.suiteParallelism } : {}),
    ...(options.suiteLeaseMs ? { suiteLeaseMs: options.suiteLeaseMs } : {}),
    ...(voice?.startSession && { dial: (callId: number) => dialOut(voice, callId) }),
  });
  const api = `${server.url.replace('localhost', '127.0.0.1')}/api`;
  let n = 0;
  return {
    api,
    handle,
    server,
    work,
    async user(email?: string) {
      n += 1;
      const address = email ?? `user${n}-${randomBytes(3).toString('hex')}@example.com`;
      const { token, userId } = await issueToken(handle.db, address);
      return {
        id: userId,
        email: address,
        token,
        req: (method, path, body, headers = {}) =>
          request(api, method, path, body, { Authorization: `Bearer ${token}`, ...headers }),
      };
    },
    async close() {
      await work.stop();
      await server.close();
      // A call that ended with the last test may still be writing its end (recording, reading, hand-back): its
      // writes finish before the database closes, as a draining process waits for them (5 s at most here).
      await Promise.race([whenNoLiveCalls(), new Promise((r) => setTimeout(r, 5_000).unref())]);
      await bridge.close();
      if (pgUrl && schema) {
        const { sql } = await import('kysely');
        await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
      }
      await handle.close();
    },
  };
}
