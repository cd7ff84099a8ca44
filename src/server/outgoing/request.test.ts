import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_PRIVATE } from './address-guard';
import { outgoingRequest } from './request';

/* The one door for users' URLs, against a real local server: guard, time-out, size cap, no redirects. */

let server: http.Server;
let base = '';
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(parts).toString('utf8') });
      if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2_000);
        return;
      }
      if (req.url === '/huge') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('y'.repeat(500_000));
        return;
      }
      if (req.url === '/redirect') {
        res.writeHead(302, { Location: 'http://169.254.169.254/' });
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const req = { method: 'GET', timeoutMs: 1_000, maxBytes: 1_024, allowPrivate: true };

describe('outgoingRequest', () => {
  it('sends the method, headers and body, and reads the answer', async () => {
    const r = await outgoingRequest({ ...req, method: 'POST', url: `${base}/x?a=1`, headers: { 'X-Key': 'k', 'Content-Type': 'application/json' }, body: '{"b":2}' });
    expect(r).toMatchObject({ kind: 'answered', status: 200, contentType: 'application/json', truncated: false });
    expect(r.kind === 'answered' && r.body.toString()).toBe('{"ok":true}');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/x?a=1', body: '{"b":2}', headers: { 'x-key': 'k', 'content-length': '7' } });
  });

  it('refuses a private address unless allowed (literal and by name, after DNS)', async () => {
    for (const url of [`${base}/x`, `${base.replace('127.0.0.1', 'localhost')}/x`]) {
      const r = await outgoingRequest({ ...req, url, allowPrivate: false });
      expect(r).toMatchObject({ kind: 'error', failure: 'refused', error: REFUSED_PRIVATE, final: true });
    }
    const allowed = await outgoingRequest({ ...req, url: `${base.replace('127.0.0.1', 'localhost')}/x`, allowPrivate: true });
    expect(allowed.kind).toBe('answered');
  });

  it('cuts a slow answer off at the time-out', async () => {
    const r = await outgoingRequest({ ...req, url: `${base}/slow`, timeoutMs: 200 });
    expect(r).toMatchObject({ kind: 'error', failure: 'timeout', error: 'timeout: no answer within 200 ms', final: false });
    expect(r.durationMs).toBeLessThan(1_000);
  });

  it('reads at most maxBytes of a huge answer', async () => {
    const r = await outgoingRequest({ ...req, url: `${base}/huge` });
    expect(r.kind === 'answered' && r.body.length).toBe(1_024);
    expect(r.kind === 'answered' && r.truncated).toBe(true);
  });

  it('does not follow redirects', async () => {
    const r = await outgoingRequest({ ...req, url: `${base}/redirect` });
    expect(r).toMatchObject({ kind: 'answered', status: 302 });
  });

  it('refuses what is not http(s), and headers Node cannot send, without trying', async () => {
    expect(await outgoingRequest({ ...req, url: 'file:///etc/passwd' })).toMatchObject({ kind: 'error', failure: 'invalid_url', final: true });
    expect(await outgoingRequest({ ...req, url: `${base}/x`, headers: { 'X-Bad': 'a\r\nb' } })).toMatchObject({ kind: 'error', failure: 'invalid_url', final: true });
  });

  it('a refused connection is an error the caller may retry', async () => {
    const r = await outgoingRequest({ ...req, url: 'http://127.0.0.1:9/x' });
    expect(r).toMatchObject({ kind: 'error', failure: 'network', final: false });
    expect(r.kind === 'error' && r.error).toMatch(/ECONNREFUSED/);
  });

  it('stops when the caller aborts', async () => {
    const abort = new AbortController();
    const pending = outgoingRequest({ ...req, url: `${base}/slow`, timeoutMs: 5_000, signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    expect(await pending).toMatchObject({ kind: 'error', failure: 'aborted' });
  });
});
