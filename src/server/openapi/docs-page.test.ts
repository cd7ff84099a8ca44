import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test/harness';
import { DOCS_ROUTES } from './docs-page';

/*
 * /api/docs over real HTTP through the whole app (security headers included). Plain fetch, not the
 * harness's request(): these answers are HTML and JavaScript for a browser, not API operations.
 * e2e/api-docs.spec.ts renders the page in Chromium and sends a request from it.
 */

let svc: TestService;
let origin = '';
beforeAll(async () => {
  svc = await startTestService();
  origin = svc.api.replace(/\/api$/, '');
}, 60_000);
afterAll(() => svc.close());

const packageRoot = dirname(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')));
const bundlePath = join(packageRoot, 'dist', 'browser', 'standalone.js');
const version = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;

const get = (path: string, headers: Record<string, string> = {}) => fetch(origin + path, { headers });

/** The Content-Security-Policy header as directive -> sources. */
function policy(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('GET /api/docs', () => {
  it('serves the page without a token, loading only this service\'s scripts', async () => {
    const res = await get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="app"></div>');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => /src="([^"]+)"/.exec(m[1]!)?.[1])).toEqual(['docs/init.js', `docs/scalar.js?v=${version}`]);
    // No inline script: script-src 'self' has no nonce or hash for one.
    expect(scripts.map((m) => m[2]!.trim())).toEqual(['', '']);
    // No CDN, no font host: nothing absolute at all.
    expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    // The relative URLs resolve under /api, where the service answers them.
    for (const src of ['docs/init.js', 'openapi.json']) {
      expect((await get(new URL(src, `${origin}/api/docs`).pathname)).status, src).toBe(200);
    }
  });

  it('has a policy of its own: scripts from this origin only, no eval, requests to this origin only', async () => {
    const res = await get('/api/docs');
    expect(Object.fromEntries(policy(res))).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The scripts are under the same policy (a worker or a document opened from them would be).
    expect(policy(await get('/api/docs/init.js')).get('script-src')).toEqual(["'self'"]);
  });

  it('leaves the API\'s own policy as it was', async () => {
    const csp = policy(await get('/api/openapi.json'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
  });

  it('serves the renderer from node_modules as JavaScript, cached for a year, gzipped when asked', async () => {
    const plain = await get(`/api/docs/scalar.js?v=${version}`, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const bytes = new Uint8Array(await plain.arrayBuffer());
    expect(bytes.length).toBe(statSync(bundlePath).size);
    expect(Buffer.from(bytes).equals(readFileSync(bundlePath))).toBe(true);

    // fetch asks for gzip and unpacks it: the same bytes arrive, fewer travel.
    const zipped = await get(`/api/docs/scalar.js?v=${version}`);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(Number(zipped.headers.get('content-length'))).toBeLessThan(bytes.length / 2);
    expect(Buffer.from(await zipped.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('configures the renderer in a script file, with everything that would call Scalar\'s hosts off', async () => {
    const res = await get('/api/docs/init.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const js = await res.text();
    const config = JSON.parse(/createApiReference\('#app', (\{[\s\S]*?\})\);/.exec(js)?.[1] ?? 'null') as Record<string, unknown>;
    expect(config).toMatchObject({
      url: 'openapi.json',
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      proxyUrl: '',
      hideClientButton: true,
      persistAuth: false,
    });
    // init.js runs before the bundle (the page lists it first), so zod inside never probes eval.
    expect(js.startsWith('// ')).toBe(true);
    expect(js).toContain('(globalThis.__zod_globalConfig ??= {}).jitless = true;');
    expect(js).toMatch(/document\.addEventListener\('DOMContentLoaded', \(\) => \{\s+Scalar\.createApiReference/);
  });

  it('is outside the per-user budget and sends no rate-limit headers', async () => {
    const alice = await svc.user();
    const before = await alice.req('GET', '/user/me');
    for (const path of DOCS_ROUTES) {
      const res = await get(`/api${path}`, { Authorization: `Bearer ${alice.token}` });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining'), path).toBeNull();
      await res.arrayBuffer();
    }
    const after = await alice.req('GET', '/user/me');
    expect(Number(after.headers.get('X-RateLimit-Remaining'))).toBe(Number(before.headers.get('X-RateLimit-Remaining')) - 1);
  });

  it('stays out of the console: nothing under src/app or src/contract imports the renderer', () => {
    const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx|css)$/.test(name) && /@scalar\//.test(readFileSync(path, 'utf8'))) offenders.push(path);
      }
    };
    walk(join(root, 'app'));
    walk(join(root, 'contract'));
    expect(offenders).toEqual([]);
  });
});
