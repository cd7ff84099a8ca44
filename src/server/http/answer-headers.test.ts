import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { answerHeaders, isPrebuiltAnswer, offerHeaders, prebuiltHeaders, settleHeaders } from './answer-headers';
import { jsonBody } from './json-text';

/*
 * Offered headers reach every answer: built with them at once (jsonBody), or set after the handler on any
 * other answer, and on a jsonBody answer for a record offered after it was built.
 */

const CORS = { 'Access-Control-Allow-Origin': '*' } as const;

/** An app with `middleware` around `handler`, recording whether the answer going out was the prebuilt one. */
function appWith(middleware: MiddlewareHandler[], handler: (c: Context) => Response | Promise<Response>) {
  const seen: { prebuilt?: boolean } = {};
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    seen.prebuilt = isPrebuiltAnswer(c);
  });
  for (const m of middleware) app.use(m);
  app.get('/', handler);
  return { app, seen };
}

describe('offered headers', () => {
  it('are on a jsonBody answer from the start, with its Content-Type and body', async () => {
    const { app, seen } = appWith([answerHeaders(CORS), answerHeaders({ 'X-RateLimit-Limit': '100' })], (c) => jsonBody(c, '{"a":"–"}'));
    const res = await app.request('/');
    expect(seen.prebuilt).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ a: '–' });
  });

  it('are set after the handler on any other answer, over its own', async () => {
    const { app, seen } = appWith([answerHeaders(CORS)], (c) => c.json({ ok: true }, 201, { 'Access-Control-Allow-Origin': 'https://x.test' }));
    const res = await app.request('/');
    expect(seen.prebuilt).toBe(false);
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('offered after a jsonBody answer was built are still set on it', async () => {
    const late = { 'X-RateLimit-Remaining': '7' };
    const lateOffer: MiddlewareHandler = async (c, next) => {
      await next();
      offerHeaders(c, late);
      settleHeaders(c, late);
    };
    const { app } = appWith([answerHeaders(CORS), lateOffer], (c) => jsonBody(c, '[]'));
    const res = await app.request('/');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('7');
  });

  it('read from secureHeaders are the ones it sets itself', async () => {
    const options = { xFrameOptions: 'DENY', contentSecurityPolicy: { defaultSrc: ["'none'"] } };
    const direct = await appWith([secureHeaders(options)], (c) => c.json({})).app.request('/');
    const { app, seen } = appWith([prebuiltHeaders(secureHeaders(options))], (c) => jsonBody(c, '{}'));
    const prebuilt = await app.request('/');
    expect(seen.prebuilt).toBe(true);
    expect(Object.fromEntries(prebuilt.headers)).toEqual(Object.fromEntries(direct.headers));
    expect(prebuilt.headers.get('content-security-policy')).toBe("default-src 'none'");
  });
});
