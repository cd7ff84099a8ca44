import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../serve';
import { startTestService, type TestService } from '../test/harness';

/*
 * The security headers on every kind of answer (console pages, assets, API successes, client errors,
 * not-founds, proxied answers) and CORS on /api, over real HTTP.
 */

let svc: TestService;
let withConsole: RunningServer;
let proxied: RunningServer;
let staticDir: string;
let chatty: Server;
let proxiedChatty: RunningServer;

beforeAll(async () => {
  svc = await startTestService();
  staticDir = mkdtempSync(join(tmpdir(), 'vc-headers-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'export {};');
  withConsole = await startServer({ db: svc.handle.db, port: 0, host: '127.0.0.1', rateLimitPerMinute: 1000, staticDir });
  // Proxy mode, in front of the test service (whose answers it passes on).
  proxied = await startServer({ db: null, port: 0, host: '127.0.0.1', rateLimitPerMinute: 1000, apiUpstream: svc.api, staticDir });
  // An upstream that announces itself, as hosted stacks do.
  chatty = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', Server: 'nginx/1.25.3', 'X-Powered-By': 'PHP/8.3.1' });
    res.end('{"data":[]}');
  });
  await new Promise<void>((done) => chatty.listen(0, '127.0.0.1', done));
  const upstream = `http://127.0.0.1:${(chatty.address() as AddressInfo).port}/api`;
  proxiedChatty = await startServer({ db: null, port: 0, host: '127.0.0.1', rateLimitPerMinute: 1000, apiUpstream: upstream });
});
afterAll(async () => {
  await proxiedChatty?.close();
  await new Promise((done) => chatty?.close(done));
  await proxied?.close();
  await withConsole?.close();
  await svc?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const at = (server: RunningServer) => server.url.replace('localhost', '127.0.0.1');

function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectCommonHeaders(res: Response, what: string) {
  const h = res.headers;
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], what).toContain(h.get('referrer-policy'));
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('server'), what).toBeNull();
  expect(h.get('x-powered-by'), what).toBeNull();
  const csp = directives(h.get('content-security-policy'));
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  // Script: nothing inline, nothing from elsewhere.
  const script = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(script.every((s) => s === "'self'" || s === "'none'"), `${what}: ${script.join(' ')}`).toBe(true);
}

function expectConsolePolicy(res: Response, what: string) {
  expectCommonHeaders(res, what);
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('connect-src'), what).toEqual(["'self'", 'https:', 'http:', 'wss:', 'ws:']);
  // The web call's microphone: the console's own pages, nothing embedded.
  expect(res.headers.get('permissions-policy'), what).toContain('microphone=(self)');
  expect(csp.get('media-src'), what).toEqual(["'self'", 'https:', 'http:']);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
}

function expectApiPolicy(res: Response, what: string) {
  expectCommonHeaders(res, what);
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp.get('default-src'), what).toEqual(["'none'"]);
  expect(res.headers.get('cross-origin-resource-policy'), what).toBe('cross-origin');
}

describe('security headers', () => {
  it('are on the console: the page, client-side routes, assets and a missing asset', async () => {
    for (const path of ['/', '/calls/12', '/assets/app.js', '/assets/missing.js', '/favicon.ico']) {
      const res = await fetch(at(withConsole) + path);
      await res.arrayBuffer();
      expect(res.status, path).toBeLessThan(500);
      expectConsolePolicy(res, path);
    }
  });

  it('are on every kind of API answer', async () => {
    const user = await svc.user();
    const token = { Authorization: `Bearer ${user.token}` };
    // Expected statuses loosely where another part of the service decides the exact one.
    const cases: [string, RequestInit, number | 'client error'][] = [
      ['/api/local/info', {}, 200],
      ['/api/user/me', { headers: token }, 200],
      ['/api/user/me', {}, 401],
      ['/api/user/tools', { method: 'POST', headers: { ...token, 'Content-Type': 'application/json' }, body: '{"name":"x"}' }, 422],
      ['/api/user/tools', { method: 'POST', headers: { ...token, 'Content-Type': 'application/json' }, body: '{bad' }, 'client error'],
      ['/api/user/assistants/999999999', { headers: token }, 404],
      ['/api/no/such/route', {}, 404],
      ['/api/recordings/nothing.wav', {}, 404],
    ];
    for (const server of [withConsole, proxied]) {
      for (const [path, init, status] of cases) {
        const res = await fetch(at(server) + path, init);
        await res.arrayBuffer();
        const what = `${server === proxied ? 'proxied ' : ''}${init.method ?? 'GET'} ${path}`;
        if (status === 'client error') expect(res.status >= 400 && res.status < 500, `${what}: ${res.status}`).toBe(true);
        else expect(res.status, what).toBe(status);
        expectApiPolicy(res, what);
      }
    }
  });

  it("replace a proxied upstream's Server and X-Powered-By banners", async () => {
    const res = await fetch(`${at(proxiedChatty)}/api/user/calls`);
    expect(await res.json()).toEqual({ data: [] });
    expectApiPolicy(res, 'proxied GET /api/user/calls');
  });

  it('are on the API alone (no console) and its not-found outside /api', async () => {
    const api = svc.server.url.replace('localhost', '127.0.0.1');
    const page = await fetch(`${api}/`);
    expect(page.status).toBe(404);
    expectConsolePolicy(page, 'GET / without a console');
    const res = await fetch(`${api}/api/user/leads`);
    expect(res.status).toBe(401);
    expectApiPolicy(res, 'GET /api/user/leads');
  });
});

describe('CORS on /api', () => {
  it('answers a preflight with 204 and no token: any origin, Authorization and Content-Type, no credentials', async () => {
    for (const path of ['/api/user/tools', '/api/leads/1', '/api/user/campaigns/update-status', '/api/recordings/x.wav']) {
      const res = await fetch(`${svc.api.replace(/\/api$/, '')}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://console.example.com',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',').map((s) => s.trim());
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type']));
      expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expectApiPolicy(res, `OPTIONS ${path}`);
    }
  });

  it('lets a page on another origin read answers, errors and the rate-limit headers', async () => {
    const user = await svc.user();
    const origin = { Origin: 'https://console.example.com' };
    const ok = await fetch(`${svc.api}/user/me`, { headers: { ...origin, Authorization: `Bearer ${user.token}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect((ok.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('x-ratelimit-remaining');
    const refused = await fetch(`${svc.api}/user/me`, { headers: origin });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const missing = await fetch(`${svc.api}/nope`, { headers: origin });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });
});
