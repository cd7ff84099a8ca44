import http from 'node:http';
import https from 'node:https';
import { isPrivateAddress, literalAddress, PrivateAddressError, guardedLookup, REFUSED_PRIVATE } from './address-guard';
import type { SignatureHeaders } from './sign';

/*
 * One HTTP attempt of a delivery: POST the JSON body with its signature headers, wait at most `timeoutMs`
 * for the whole answer, keep the start of what the receiver said. Redirects are not followed (a 3xx is a
 * failed attempt): following one would let a receiver send us anywhere past the address check.
 */

/** How much of the receiver's answer is read and kept (delivery.last_response). */
export const RESPONSE_EXCERPT_CHARS = 2000;
const RESPONSE_READ_BYTES = 8 * 1024;

export type AttemptResult =
  | { kind: 'answered'; statusCode: number; body: string }
  | { kind: 'error'; error: string; /** refused by the address guard or an unusable URL: no retry helps */ final: boolean };

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

/** NUL and lone surrogates cannot go into a PostgreSQL text column. */
export function storableText(s: string): string {
  return s.replaceAll('\u0000', '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function describe(e: unknown): { error: string; final: boolean } {
  if (e instanceof PrivateAddressError) return { error: REFUSED_PRIVATE, final: true };
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const message = e instanceof Error ? e.message : String(e);
  return { error: storableText(code && !message.includes(code) ? `${message} (${code})` : message).slice(0, 500), final: false };
}

export function sendWebhook(url: string, body: string, signature: SignatureHeaders, options: SendOptions): Promise<AttemptResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ kind: 'error', error: 'invalid URL', final: true });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.resolve({ kind: 'error', error: 'invalid URL: not http(s)', final: true });
  const literal = literalAddress(target);
  // An address written in the URL never reaches `lookup`: judged here.
  if (literal !== null && !options.allowPrivate && isPrivateAddress(literal)) {
    return Promise.resolve({ kind: 'error', error: REFUSED_PRIVATE, final: true });
  }

  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const client = target.protocol === 'https:' ? https : http;
    const payload = Buffer.from(body, 'utf8');
    const req = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(payload.length),
          'User-Agent': 'voice-console-webhooks/1',
          ...signature,
        },
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = storableText(Buffer.concat(chunks).subarray(0, RESPONSE_READ_BYTES).toString('utf8')).slice(0, RESPONSE_EXCERPT_CHARS);
          finish({ kind: 'answered', statusCode: res.statusCode ?? 0, body: text });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_READ_BYTES) chunks.push(chunk);
          size += chunk.length;
          // Enough read for the excerpt: the rest of a huge answer is not waited for.
          if (size >= RESPONSE_READ_BYTES) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: 'error', error: `timeout: no answer within ${options.timeoutMs} ms`, final: false });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (e) => finish({ kind: 'error', ...describe(e) }));
    req.end(payload);
  });
}
