import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_EXCERPT_CHARS, sendWebhook, storableText } from './send';
import { signatureHeaders } from './sign';

/* One attempt against receivers that answer oddly: what is kept must fit a PostgreSQL text column. */

let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/nul') {
      res.writeHead(200);
      res.end('a\u0000b\ud800c');
    } else if (req.url === '/huge') {
      res.writeHead(500);
      res.end('x'.repeat(1_000_000));
    } else if (req.url === '/redirect') {
      res.writeHead(302, { Location: 'http://169.254.169.254/' });
      res.end();
    } else {
      res.writeHead(200);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const sig = signatureHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_1', '{}');
const opts = { timeoutMs: 5_000, allowPrivate: true };

describe('sendWebhook', () => {
  it('keeps an answer with NUL and lone surrogates as storable text', async () => {
    const r = await sendWebhook(`${base}/nul`, '{}', sig, opts);
    expect(r).toEqual({ kind: 'answered', statusCode: 200, body: 'ab\uFFFDc' });
  });

  it('reads only the start of a huge answer', async () => {
    const r = await sendWebhook(`${base}/huge`, '{}', sig, opts);
    expect(r.kind === 'answered' && r.statusCode).toBe(500);
    expect(r.kind === 'answered' && r.body.length).toBe(RESPONSE_EXCERPT_CHARS);
  });

  it('does not follow a redirect (a 3xx is a failed attempt)', async () => {
    const r = await sendWebhook(`${base}/redirect`, '{}', sig, opts);
    expect(r).toMatchObject({ kind: 'answered', statusCode: 302 });
  });

  it('refuses URLs that are not http(s) without retry', async () => {
    expect(await sendWebhook('file:///etc/passwd', '{}', sig, opts)).toMatchObject({ kind: 'error', final: true });
    expect(await sendWebhook('not a url', '{}', sig, opts)).toMatchObject({ kind: 'error', final: true });
  });

  it('storableText', () => {
    expect(storableText('\u0000\udc00ok\ud83d\ude00')).toBe('\uFFFDok\ud83d\ude00');
  });
});
