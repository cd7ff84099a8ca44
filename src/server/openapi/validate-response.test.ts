import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../test/harness';
import { openApiDocument } from './document';
import { createResponseChecker, ResponseMismatch, type Answer } from './validate-response';

/*
 * The response check bites: crafted answers that break the document in each way it guards (an extra
 * field, a wrong type, a missing field, an undocumented status, a wrong media type) throw, and the same
 * answers served by a stand-in app make the suite's request() helper throw.
 */

const checker = createResponseChecker(openApiDocument());
const me = { name: 'Ada', email: 'ada@example.com', total_balance: 12.5 };
const answer = (over: Partial<Answer> & { body?: unknown }): Answer => ({
  method: 'GET',
  path: '/api/user/me',
  status: 200,
  contentType: 'application/json',
  text: JSON.stringify(over.body ?? me),
  ...over,
});

describe('the response check', () => {
  it('passes an answer as documented, and names its operation', () => {
    expect(checker.check(answer({}))).toContain('getUserMe');
    expect(checker.check(answer({ status: 401, body: { message: 'Unauthenticated.' } }))).toContain('getUserMe');
  });

  it('throws on a field the document lacks', () => {
    expect(() => checker.check(answer({ body: { ...me, secret: 'x' } }))).toThrow(/must NOT have additional properties \(secret\)/);
  });

  it('throws on a wrong type and on a missing field', () => {
    expect(() => checker.check(answer({ body: { ...me, total_balance: '12.50' } }))).toThrow(/\/total_balance must be number,null/);
    const { email: _email, ...withoutEmail } = me;
    expect(() => checker.check(answer({ body: withoutEmail }))).toThrow(/must have required property 'email'/);
  });

  it('throws on a status the operation does not list, and on a body the media type does not allow', () => {
    expect(() => checker.check(answer({ status: 418 }))).toThrow(/status 418 is not documented for getUserMe/);
    expect(() => checker.check(answer({ contentType: 'text/html' }))).toThrow(/answers application\/json, got "text\/html"/);
    expect(() => checker.check(answer({ text: '{not json' }))).toThrow(ResponseMismatch);
  });

  it('holds a paginated list to its items', () => {
    const page = { current_page: 1, data: [{ id: 1 }], first_page_url: null, from: 1, last_page: 1, last_page_url: null, links: [], next_page_url: null, path: null, per_page: 15, prev_page_url: null, to: 1, total: 1 };
    expect(() => checker.check(answer({ path: '/api/user/calls?page=1', body: page }))).toThrow(/\/data\/0 must have required property/);
  });

  it('holds unknown routes to the generic 404', () => {
    expect(checker.check(answer({ path: '/api/nope', status: 404, body: { message: 'The route /api/nope could not be found.' } }))).toMatch(/no operation/);
    expect(() => checker.check(answer({ path: '/api/nope', status: 404, body: { error: 'gone' } }))).toThrow(/does not match/);
    expect(() => checker.check(answer({ path: '/api/nope', status: 200 }))).toThrow(/may answer only 404\./);
    // A method the path lacks is no operation either.
    expect(() => checker.check(answer({ method: 'PATCH', status: 200 }))).toThrow(/may answer only 401, 404, 429\./);
  });

  it('leaves answers outside /api alone', () => {
    expect(checker.check(answer({ path: '/calls/12', contentType: 'text/html', text: '<!doctype html>' }))).toBe('outside the API');
  });
});

describe('request() of the test harness', () => {
  let server: ServerType;
  let api: string;
  beforeAll(async () => {
    // A stand-in for the service that answers off the document.
    const app = new Hono();
    app.get('/api/user/me', (c) => c.json({ ...me, extra: true }));
    app.get('/api/user/tools', (c) => c.json([], 418));
    app.get('/api/local/info', (c) => c.json({ service: 'local', demo_data: 'yes', sign_in_hint: '' }));
    await new Promise<void>((done) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        api = `http://127.0.0.1:${info.port}/api`;
        done();
      });
    });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('throws on an answer that does not match the document', async () => {
    await expect(request(api, 'GET', '/user/me')).rejects.toThrow(/additional properties \(extra\)/);
    await expect(request(api, 'GET', '/user/tools')).rejects.toThrow(/status 418 is not documented/);
    await expect(request(api, 'GET', '/local/info')).rejects.toThrow(/\/demo_data must be boolean/);
  });
});
