import http from 'node:http';
import https from 'node:https';
import { guardedLookup, isPrivateAddress, literalAddress, PrivateAddressError, REFUSED_PRIVATE } from './address-guard';

/*
 * The one door for every URL a user hands the service: webhook deliveries, mid-call tools, and whatever
 * user-given URL the service fetches later. One request: the address guard (after DNS, at connect time:
 * loopback, private and link-local addresses are refused unless the operator allows them with
 * ALLOW_PRIVATE_URLS=1), a time-out over the whole exchange, a cap on what is read of the answer, and no
 * redirects (following one would let a receiver send us anywhere past the address check). What happened is
 * the caller's to record: a delivery row, a conversation's function call.
 * Endpoints the operator configures (LLM_BASE_URL) are trusted configuration and do not come through here.
 */

export interface OutgoingRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, connect to last byte read. */
  timeoutMs: number;
  /** Bytes of the answer read at most; past it the answer is cut (and not waited for). */
  maxBytes: number;
  /** ALLOW_PRIVATE_URLS: loopback, private and link-local addresses are allowed. */
  allowPrivate: boolean;
  /** Aborts the request (a client gone, a service stopping). */
  signal?: AbortSignal;
}

export type OutgoingFailure = 'invalid_url' | 'refused' | 'timeout' | 'network' | 'aborted';

export type OutgoingResult =
  | {
      kind: 'answered';
      status: number;
      contentType: string;
      /** A redirect's Location header (redirects are not followed here: a caller that follows one comes through this door again). */
      location: string | null;
      body: Buffer;
      truncated: boolean;
      durationMs: number;
    }
  | {
      kind: 'error';
      failure: OutgoingFailure;
      /** A short text fit for a text column: "timeout: no answer within 2000 ms", "refused: private address". */
      error: string;
      /** Nothing a retry could change: an unusable URL or an address the guard refuses. */
      final: boolean;
      durationMs: number;
    };

/** NUL and lone surrogates cannot go into a PostgreSQL text column. */
export function storableText(s: string): string {
  return s.replaceAll('\u0000', '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function describe(e: unknown): { failure: OutgoingFailure; error: string; final: boolean } {
  if (e instanceof PrivateAddressError) return { failure: 'refused', error: REFUSED_PRIVATE, final: true };
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const message = e instanceof Error ? e.message : String(e);
  return { failure: 'network', error: storableText(code && !message.includes(code) ? `${message} (${code})` : message).slice(0, 500), final: false };
}

/** The URL when it is one the service may call at all (http or https). */
export function parseOutgoingUrl(url: string): URL | { error: string } {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { error: 'invalid URL' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { error: 'invalid URL: not http(s)' };
  return target;
}

export function outgoingRequest(req: OutgoingRequest): Promise<OutgoingResult> {
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  const target = parseOutgoingUrl(req.url);
  if (!(target instanceof URL)) return Promise.resolve({ kind: 'error', failure: 'invalid_url', error: target.error, final: true, durationMs: 0 });
  const literal = literalAddress(target);
  // An address written in the URL never reaches `lookup`: judged here.
  if (literal !== null && !req.allowPrivate && isPrivateAddress(literal)) {
    return Promise.resolve({ kind: 'error', failure: 'refused', error: REFUSED_PRIVATE, final: true, durationMs: 0 });
  }
  if (req.signal?.aborted) return Promise.resolve({ kind: 'error', failure: 'aborted', error: 'aborted', final: false, durationMs: 0 });

  return new Promise<OutgoingResult>((resolve) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    const finish = (r: OutgoingResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      resolve(r);
      request?.destroy();
    };
    const onAbort = () => finish({ kind: 'error', failure: 'aborted', error: 'aborted', final: false, durationMs: elapsed() });
    const timer = setTimeout(
      () => finish({ kind: 'error', failure: 'timeout', error: `timeout: no answer within ${req.timeoutMs} ms`, final: false, durationMs: elapsed() }),
      req.timeoutMs,
    );
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const payload = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
    const client = target.protocol === 'https:' ? https : http;
    try {
      request = client.request(
        target,
        {
          method: req.method,
          agent: false,
          headers: { ...req.headers, ...(payload ? { 'Content-Length': String(payload.length) } : {}) },
          ...(req.allowPrivate ? {} : { lookup: guardedLookup }),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const done = (truncated: boolean) => {
            const body = Buffer.concat(chunks);
            finish({
              kind: 'answered',
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type'] ?? ''),
              location: typeof res.headers.location === 'string' ? res.headers.location : null,
              body: body.subarray(0, req.maxBytes),
              truncated: truncated || body.length > req.maxBytes,
              durationMs: elapsed(),
            });
          };
          res.on('data', (chunk: Buffer) => {
            if (size < req.maxBytes) chunks.push(chunk);
            size += chunk.length;
            // Enough read: the rest of a huge answer is not waited for.
            if (size >= req.maxBytes) done(size > req.maxBytes);
          });
          res.on('end', () => done(false));
          res.on('error', () => done(false));
        },
      );
    } catch (e) {
      // Header names or values Node refuses (CR/LF, non-Latin-1): the request never leaves.
      finish({ kind: 'error', failure: 'invalid_url', error: storableText(`invalid request: ${e instanceof Error ? e.message : String(e)}`).slice(0, 500), final: true, durationMs: elapsed() });
      return;
    }
    request.on('error', (e) => finish({ kind: 'error', ...describe(e), durationMs: elapsed() }));
    request.end(payload);
  });
}
