import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { createTool } from '../test/requests';
import { MAX_BODY_BYTES } from './validate';

let svc: TestService;
let alice: TestUser;

beforeAll(async () => {
  svc = await startTestService();
  alice = await svc.user();
});
afterAll(() => svc.close());

/** A raw request, for bodies fetch would not send as they are (wrong lengths, bad bytes, no length). */
function raw(
  api: string,
  method: string,
  path: string,
  body: Buffer | string | null,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const url = new URL(api + path);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    // The server may answer (413) and close before it read everything: that is its right.
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
    if (body !== null) req.write(body);
    req.end();
  });
}

const json = { 'Content-Type': 'application/json', Accept: 'application/json' };

describe('error bodies', () => {
  it('answers malformed JSON with 400 {message}', async () => {
    for (const body of ['{bad', '{"name": "x",}', "{'name': 'x'}", '{"name": "x"} trailing', '\u0000']) {
      const res = await alice.req('POST', '/user/tools', body);
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  it('answers a body over 1 MB with 413 {message}, by its declared length and by what arrives', async () => {
    const big = JSON.stringify({ name: 'big_tool', description: 'x'.repeat(MAX_BODY_BYTES) });
    const declared = await alice.req('POST', '/user/tools', big);
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ message: expect.any(String) });

    // Chunked, with no Content-Length: the service counts the bytes itself.
    const chunked = await raw(svc.api, 'POST', '/user/tools', big, {
      ...json,
      Authorization: `Bearer ${alice.token}`,
      'Transfer-Encoding': 'chunked',
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text)).toEqual({ message: expect.any(String) });

    // Just under the limit is read (and then validated as usual).
    const under = JSON.stringify({ name: 'ok_tool', description: 'x'.repeat(MAX_BODY_BYTES - 100) });
    expect(Buffer.byteLength(under)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const res = await alice.req('POST', '/user/tools', under);
    expect(res.status).toBe(422);
    expect(res.body.errors.description).toBeDefined();
  });

  it('answers unknown routes with 404 JSON {message}', async () => {
    for (const path of ['/nope', '/user/nope', '/user/tools/1/extra', '/v2/user/tools']) {
      const res = await alice.req('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(res.body, path).toEqual({ message: expect.any(String) });
    }
    const wrongMethod = await alice.req('PATCH', '/user/tools');
    expect(wrongMethod.status).toBeLessThan(500);
    expect(wrongMethod.body).toEqual({ message: expect.any(String) });
  });

  it('answers a missing or unknown token with 401 {message: "Unauthenticated."}', async () => {
    const variants: Record<string, string>[] = [
      {},
      { Authorization: '' },
      { Authorization: 'Bearer' },
      { Authorization: 'Bearer ' },
      { Authorization: 'Bearer vc_not_a_real_token' },
      { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
      { Authorization: `${alice.token}` },
      { Authorization: `Bearer ${alice.token}x` },
      { Authorization: `Bearer ${alice.token} extra` },
    ];
    for (const headers of variants) {
      for (const [method, path] of [
        ['GET', '/user/tools'],
        ['POST', '/user/tools'],
        ['GET', '/user/calls'],
        ['GET', '/user/does-not-exist'],
      ] as const) {
        const res = await fetch(svc.api + path, { method, headers: { Accept: 'application/json', ...headers } });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
    // The scheme is case-insensitive, as in Laravel.
    expect((await fetch(`${svc.api}/user/tools`, { headers: { Authorization: `bearer ${alice.token}` } })).status).toBe(200);
  });

  it('sums validation errors up as the first one plus "(and N more errors)"', async () => {
    const res = await alice.req('POST', '/user/tools', {
      name: 'Bad Name',
      description: '',
      endpoint: 'not a url',
      method: 'FETCH',
      timeout: 99,
    });
    expect(res.status).toBe(422);
    const messages = Object.values(res.body.errors as Record<string, string[]>).flat();
    expect(messages.length).toBeGreaterThanOrEqual(5);
    for (const key of ['name', 'description', 'endpoint', 'method', 'timeout']) expect(res.body.errors[key], key).toBeDefined();
    expect(res.body.message).toBe(`${messages[0]} (and ${messages.length - 1} more errors)`);

    const two = await alice.req('POST', '/user/tools', { name: 'ok_name', description: 'Fine.', endpoint: 'nope', method: 'FETCH' });
    expect(two.status).toBe(422);
    const twoMessages = Object.values(two.body.errors as Record<string, string[]>).flat();
    expect(twoMessages).toHaveLength(2);
    expect(two.body.message).toBe(`${twoMessages[0]} (and 1 more error)`);

    const one = await alice.req('POST', '/user/tools', { name: 'ok_name', description: 'Fine.', endpoint: 'https://example.com', method: 'FETCH' });
    expect(one.status).toBe(422);
    expect(one.body).toEqual({ message: one.body.errors.method[0], errors: { method: [expect.any(String)] } });
  });
});

describe('rate limit', () => {
  let limited: TestService;

  beforeAll(async () => {
    limited = await startTestService({ rateLimitPerMinute: 5 });
  });
  afterAll(() => limited.close());

  it('counts down X-RateLimit-Remaining, then answers 429 with retry_after and Retry-After', async () => {
    const user = await limited.user();
    for (let i = 1; i <= 5; i++) {
      const res = await user.req('GET', '/user/tools');
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(5 - i));
    }
    const sixth = await user.req('GET', '/user/tools');
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: expect.any(String), retry_after: expect.any(Number) });
    expect(sixth.body.retry_after).toBeGreaterThanOrEqual(1);
    expect(sixth.body.retry_after).toBeLessThanOrEqual(60);
    expect(sixth.headers.get('retry-after')).toBe(String(sixth.body.retry_after));
    expect(sixth.headers.get('x-ratelimit-limit')).toBe('5');
    expect(sixth.headers.get('x-ratelimit-remaining')).toBe('0');
    // Every kind of request counts against the same budget, errors included.
    expect((await user.req('POST', '/user/tools', '{bad')).status).toBe(429);
    expect((await user.req('GET', '/user/nope')).status).toBe(429);
  });

  it('gives each token its own budget', async () => {
    const a = await limited.user();
    const b = await limited.user();
    for (let i = 0; i < 5; i++) expect((await a.req('GET', '/user/tools')).status).toBe(200);
    expect((await a.req('GET', '/user/tools')).status).toBe(429);
    const res = await b.req('GET', '/user/tools');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('puts the headers on error answers of the budget too', async () => {
    const c = await limited.user();
    const res = await c.req('POST', '/user/tools', { name: 'Bad Name' });
    expect(res.status).toBe(422);
    expect(res.headers.get('x-ratelimit-limit')).toBe('5');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('4');
  });
});

describe('nothing a client sends gives a 5xx', () => {
  const deep = (n: number, open: string, close: string) => open.repeat(n) + close.repeat(n);
  const hostileBodies: (string | Buffer)[] = [
    '[]',
    '[1,2,3]',
    '"a string"',
    'null',
    'true',
    '0',
    '-1',
    '1e309',
    '123456789012345678901234567890',
    '{}',
    '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
    deep(5000, '[', ']'),
    `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    `{"a": ${deep(2000, '[', ']')}}`,
    Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    '{"name": "\\ud800", "description": "\\u0000", "endpoint": "http://\\u0000", "method": "GET"}',
  ];
  const hostileObjects: unknown[] = [
    { name: null, description: null, endpoint: null, method: null, timeout: null, headers: null, schema: null },
    { name: 123, description: [], endpoint: {}, method: ['GET'], timeout: '10', headers: 'x', schema: {} },
    { name: 'ok_name', description: 'd', endpoint: 'https://example.com', method: 'GET', timeout: 1e308 },
    { timeout: Number.MAX_SAFE_INTEGER + 2, id: -1 },
    { headers: [{ name: { $gt: '' }, value: 1 }], schema: [{ name: [], type: {}, description: 5 }] },
    { headers: Array.from({ length: 3000 }, () => ({ name: 'X', value: 'y' })) },
    { name: 'x'.repeat(100_000), description: '\u0000'.repeat(10), endpoint: 'javascript:alert(1)' },
    { assistant_name: 'A', voice_id: 2 ** 31, language: 1, llm_model: {}, calls_direction: 'sideways', engine_type: null },
    { assistant_name: 'A', voice_id: -5, phone_number_id: 99999999999, tool_ids: [1e20, -1, 'x', null, 2 ** 31] },
    { assistant_name: '\u0000', variables: { a: { b: { c: [1, { d: null }] } } }, post_call_schema: 'x', timezone: 'Mars/Olympus' },
    { assistant_name: 'A', post_call_schema: [{ 'post_call_schema[].name': 1 }], 'end_call_tool.description': ['x'] },
    { llm_temperature: 'NaN', speech_speed: -Infinity, max_call_duration: 1e10, min_interrupt_words: 1.5 },
    { phone_number: '+1'.repeat(5000), campaign_id: 99999999999, variables: 'x', secondary_contacts: 'x' },
    { phone_number: 12345, campaign_id: -1, secondary_contacts: [null, 1, { phone_number: null }], allow_dupplicate: 'yes' },
    { phone_number: '+14155550123', campaign_id: 1.5, variables: [1, 2], status: 'completed', secret: true },
    { name: 'C', assistant_id: 2 ** 40, allowed_days: ['funday'], allowed_hours_start_time: '25:99', phone_number_ids: [2 ** 31] },
    { name: ['C'], assistant_id: '1', max_calls_in_parallel: 1e9, retry_interval: -1, timezone: 5 },
    { campaign_id: 99999999999, action: 'explode' },
    { assistant_id: 99999999999, webhook_url: 'ftp://x' },
    { assistant_id: -1, phone_number: '+99999', variables: null },
  ];
  const targets: [string, string][] = [
    ['POST', '/user/tools'],
    ['PUT', '/user/tools/TOOL'],
    ['PUT', '/user/tools/99999999999'],
    ['POST', '/user/assistant'],
    ['PUT', '/user/assistant/1'],
    ['PUT', '/user/assistant/99999999999'],
    ['POST', '/user/lead'],
    ['PUT', '/user/leads/1'],
    ['PUT', '/user/leads/99999999999'],
    ['POST', '/user/campaigns'],
    ['POST', '/user/campaigns/update-status'],
    ['POST', '/user/assistants/enable-inbound-webhook'],
    ['POST', '/user/assistants/disable-inbound-webhook'],
    ['POST', '/user/assistants/disable-webhook'],
    ['POST', '/user/make_call'],
  ];

  it('answers hostile bodies on every write endpoint below 500', async () => {
    const bob = await svc.user();
    const tool = await createTool(bob, 'real_tool');
    const failures: string[] = [];
    for (const [method, template] of targets) {
      const path = template.replace('TOOL', String(tool.id));
      const bodies = [...hostileBodies, ...hostileObjects.map((o) => JSON.stringify(o))];
      for (const body of bodies) {
        const res = await raw(svc.api, method, path, body, { ...json, Authorization: `Bearer ${bob.token}` });
        if (res.status >= 500 || res.status === 0) {
          failures.push(`${method} ${path} ${String(body).slice(0, 80)} -> ${res.status} ${res.text.slice(0, 120)}`);
        } else if (res.status !== 404 || method !== 'POST') {
          // Whatever the answer, it is JSON with a message or data.
          expect(() => JSON.parse(res.text), `${method} ${path}`).not.toThrow();
        }
      }
    }
    expect(failures).toEqual([]);
    // The tool survived all that unchanged.
    const after = await bob.req('GET', `/user/tools/${tool.id}`);
    expect(after.body).toMatchObject({ name: 'real_tool', method: 'POST', timeout: 10 });
  });

  it('answers odd content types, methods, paths and query strings below 500', async () => {
    const failures: string[] = [];
    const check = (label: string, status: number, text: string) => {
      if (status >= 500 || status === 0) failures.push(`${label} -> ${status} ${text.slice(0, 120)}`);
    };
    const auth = { Authorization: `Bearer ${alice.token}` };
    for (const [type, body] of [
      ['text/plain', '{"name": "x"}'],
      ['application/x-www-form-urlencoded', 'name=x&method=GET'],
      ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--abc--'],
      ['application/json; charset=latin1', '{"name": "caf\u00e9"}'],
    ] as const) {
      const res = await raw(svc.api, 'POST', '/user/tools', body, { ...auth, 'Content-Type': type });
      check(`POST tools as ${type}`, res.status, res.text);
    }
    const noType = await raw(svc.api, 'POST', '/user/tools', '{"name": "x"}', auth);
    check('POST tools without a content type', noType.status, noType.text);
    const lying = await raw(svc.api, 'POST', '/user/tools', '{}', { ...auth, ...json, 'Content-Length': '2', 'X-Pad': 'x' });
    check('POST tools with an exact length', lying.status, lying.text);

    for (const path of [
      '/user/tools/-1',
      '/user/tools/1e5',
      '/user/tools/0x10',
      '/user/tools/99999999999999999999',
      '/user/tools/%00',
      '/user/tools/%E0%A4%A',
      '/user/tools/..%2F..%2Fetc%2Fpasswd',
      '/user/assistant/abc',
      '/user/assistants/get?page=1e309&per_page=-1',
      '/user/assistants/get?page=abc&per_page=1000000000000',
      '/user/assistants/get?page=99999999999&per_page=100',
      '/user/assistants/phone-numbers?type[]=inbound',
      '/user/assistants/voices?mode=%00',
      '/user/calls?page=99999999999&per_page=100',
      '/user/calls?assistant_id=99999999999&campaign_id=-1&status=nope&type=%00',
      '/user/calls?date_from=2026-02-31&date_to=0000-00-00&phone_number=%2B',
      '/user/calls?phone_number=' + encodeURIComponent('+1'.repeat(2000)),
      '/user/calls/99999999999',
      '/user/leads?campaign_id=abc',
    ]) {
      for (const method of ['GET', 'DELETE']) {
        const res = await raw(svc.api, method, path, null, { ...auth, Accept: 'application/json' });
        check(`${method} ${path}`, res.status, res.text);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('what Node refuses before the app sees it', () => {
  /** Bytes straight onto a socket: what no HTTP client would send. */
  function rawSocket(api: string, bytes: string): Promise<string> {
    const url = new URL(api);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }

  it('answers an oversized request line with 431 and a JSON message', async () => {
    const answer = await rawSocket(svc.api, `GET /api/user/calls?phone_number=${'1'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: expect.stringContaining('too large') });
  });

  it('answers bytes that are not HTTP with 400 and a JSON message', async () => {
    const answer = await rawSocket(svc.api, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'The request is not valid HTTP.' });
  });
});
