import { safeParse, type $ZodError, type $ZodType, type output } from 'zod/v4/core';
import { m } from '@/i18n';
import { ApiError, errorFromAnswer, errorFromFailure, type RequestContext } from './errors';
import { apiBaseUrlOf, expireSession, getSession, type Session } from './session';

/*
 * A thin fetch client. Base URL from the session ("This server" = env.apiBaseUrl), bearer token, JSON,
 * one AbortSignal per request plus a timeout. Every failure becomes an ApiError; every success is
 * parsed with the contract's lenient schema the caller passes.
 *
 * Retries: GETs are repeated on network errors and 5xx with exponential backoff, and after a 429 once
 * the host's `retry_after` / `Retry-After` has passed. Changes (POST/PUT/PATCH/DELETE) are never
 * repeated: they throw, and a 429 tells the caller how long to wait. Every request waits while a 429
 * wait is running, so nothing hammers a host that asked for a pause.
 *
 * No UI side effects here: a 401 ends the session (expireSession); the router reacts to that.
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Talk to this host with this token instead of the session's (the sign-in check); token null sends
   * none. A 401 then ends nothing.
   */
  auth?: { token: string | null; host: string | null };
  /** Repeats of a GET after a network error or 5xx (default: the client's). */
  retries?: number;
}

export interface ClientOptions {
  fetch?: typeof fetch;
  getSession?: () => Session | null;
  /** Called with the token a 401 refused. */
  onUnauthorized?: (token: string) => void;
  timeoutMs?: number;
  /** Repeats of a GET after a network error or 5xx. */
  retries?: number;
  /** Repeats of a GET after a 429. */
  rateLimitRetries?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

// `{message}` answers of changes are read with the contract's messageResponseSchema, imported by the
// feature that makes the change: the contract is full zod, which the sign-in page does not load.

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

function describeIssues(error: $ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

export function createApiClient(options: ClientOptions = {}) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const readSession = options.getSession ?? getSession;
  const onUnauthorized = options.onUnauthorized ?? expireSession;
  const defaultTimeout = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 3;
  const rateLimitRetries = options.rateLimitRetries ?? 3;
  const backoffMs = options.backoffMs ?? 400;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const wait = options.sleep ?? sleep;
  let pausedUntil = 0;

  /** One attempt: fetch with timeout; returns the parsed body or throws an ApiError / the caller's abort. */
  async function attempt(url: string, init: RequestInit, ctx: RequestContext, signal: AbortSignal | undefined, timeoutMs: number) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('Timed out', 'TimeoutError'));
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) controller.abort(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let res: Response;
      try {
        res = await doFetch(url, { ...init, signal: controller.signal });
      } catch (e) {
        if (signal?.aborted) throw abortError(signal);
        throw errorFromFailure(e, { ...ctx, timedOut, timeoutMs });
      }
      let text: string;
      try {
        text = res.type === 'opaqueredirect' ? '' : await res.text();
      } catch (e) {
        if (signal?.aborted) throw abortError(signal);
        throw errorFromFailure(e, { ...ctx, timedOut, timeoutMs });
      }
      const answer = { status: res.status, headers: res.headers, text, url: res.url, redirected: res.redirected, type: res.type };
      if (!res.ok) throw errorFromAnswer(answer, ctx);
      if (text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw errorFromAnswer(answer, ctx);
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async function request<S extends $ZodType>(method: Method, path: string, schema: S, opts: RequestOptions = {}): Promise<output<S>> {
    const session = opts.auth ? null : readSession();
    const token = opts.auth?.token ?? session?.token ?? null;
    const url = buildUrl(apiBaseUrlOf(opts.auth ? opts.auth.host : session?.host), path, opts.query);
    const ctx: RequestContext = { method, path, secret: token };
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers, credentials: 'omit', cache: 'no-store' };
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(opts.body);
    }
    const repeatable = method === 'GET';
    const maxFailures = opts.retries ?? retries;
    let failures = 0;
    let rateLimited = 0;

    for (;;) {
      const pause = pausedUntil - Date.now();
      if (pause > 0) await wait(pause, opts.signal);
      let body: unknown;
      try {
        body = await attempt(url, init, ctx, opts.signal, opts.timeoutMs ?? defaultTimeout);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e; // the caller aborted
        if (e.kind === 'unauthorized' && token && !opts.auth) onUnauthorized(token);
        if (e.kind === 'rate-limited') {
          pausedUntil = Math.max(pausedUntil, Date.now() + (e.retryAfter ?? 1) * 1000);
          if (repeatable && rateLimited < rateLimitRetries) {
            rateLimited += 1;
            continue; // the pause above waits it out
          }
          throw e;
        }
        const transient = e.kind === 'network' || (e.kind === 'http' && e.status >= 500);
        if (repeatable && transient && failures < maxFailures) {
          const delay = Math.min(maxBackoffMs, backoffMs * 2 ** failures) * (0.75 + Math.random() * 0.5);
          failures += 1;
          await wait(delay, opts.signal);
          continue;
        }
        throw e;
      }
      const parsed = safeParse(schema, body);
      if (parsed.success) return parsed.data;
      throw new ApiError({
        kind: 'unexpected-response',
        status: 200,
        method,
        path,
        body,
        message: m.shell_api_bad_shape({ method, path, issues: describeIssues(parsed.error) }),
      });
    }
  }

  return {
    request,
    get: <S extends $ZodType>(path: string, schema: S, opts?: Omit<RequestOptions, 'body'>) => request('GET', path, schema, opts),
    post: <S extends $ZodType>(path: string, schema: S, opts?: RequestOptions) => request('POST', path, schema, opts),
    put: <S extends $ZodType>(path: string, schema: S, opts?: RequestOptions) => request('PUT', path, schema, opts),
    patch: <S extends $ZodType>(path: string, schema: S, opts?: RequestOptions) => request('PATCH', path, schema, opts),
    delete: <S extends $ZodType>(path: string, schema: S, opts?: RequestOptions) => request('DELETE', path, schema, opts),
    /** Milliseconds left of a 429 pause (0 when none), for a UI that wants to show it. */
    pausedFor: () => Math.max(0, pausedUntil - Date.now()),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The console's client: session from storage, a 401 ends the session. */
export const api = createApiClient();
