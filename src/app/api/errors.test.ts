import { describe, expect, it } from 'vitest';
import { ApiError, errorFromAnswer, errorFromFailure, errorMessage, retryAfterSeconds } from './errors';

const ctx = { method: 'GET', path: '/user/assistants/languages', secret: 'vc_secret_token_123' };

function answer(status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }, extra: Partial<{ url: string; redirected: boolean; type: ResponseType }> = {}) {
  return { status, text: body, headers: new Headers(headers), ...extra };
}

describe('errorFromAnswer: every error shape becomes one ApiError', () => {
  it('{message}', () => {
    const e = errorFromAnswer(answer(404, JSON.stringify({ message: 'Tool not found' })), ctx);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ kind: 'not-found', status: 404, message: 'Tool not found', fieldErrors: {} });
  });

  it('{message, errors}: field errors with dotted keys, 422 validation', () => {
    const body = {
      message: 'The name field is required. (and 1 more error)',
      errors: { name: ['The name field is required.'], 'post_call_schema.0.name': ['The post call schema.0.name field is required.'] },
    };
    const e = errorFromAnswer(answer(422, JSON.stringify(body)), ctx);
    expect(e.kind).toBe('validation');
    expect(e.message).toBe(body.message);
    expect(e.fieldErrors).toEqual(body.errors);
    expect(e.fieldError('post_call_schema.0.name')).toBe('The post call schema.0.name field is required.');
  });

  it('{message, errors} without a message: the summary line, Laravel style', () => {
    const e = errorFromAnswer(answer(422, JSON.stringify({ errors: { a: ['A is bad.'], b: ['B is bad.', 'B is worse.'] } })), ctx);
    expect(e.message).toBe('A is bad. (and 2 more errors)');
  });

  it('errors given as plain strings instead of lists are kept', () => {
    const e = errorFromAnswer(answer(422, JSON.stringify({ message: 'Invalid', errors: { status: 'The status is assigned automatically.' } })), ctx);
    expect(e.fieldErrors).toEqual({ status: ['The status is assigned automatically.'] });
  });

  it('{message, success, data}: a plan limit is a 422 without field errors', () => {
    const body = { message: 'You have reached your plan limit of 5 mid call tools.', success: false, data: [] };
    const e = errorFromAnswer(answer(422, JSON.stringify(body)), ctx);
    expect(e).toMatchObject({ kind: 'http', status: 422, message: body.message });
    expect(e.body).toEqual(body);
  });

  it('{error, message}: the hosted 401', () => {
    const e = errorFromAnswer(answer(401, JSON.stringify({ error: 'Unauthorized', message: 'Invalid API key' })), ctx);
    expect(e).toMatchObject({ kind: 'unauthorized', status: 401, message: 'Invalid API key' });
    expect(e.isUnauthorized).toBe(true);
  });

  it('{error}', () => {
    const e = errorFromAnswer(answer(400, JSON.stringify({ error: 'Insufficient balance' })), ctx);
    expect(e).toMatchObject({ kind: 'http', status: 400, message: 'Insufficient balance' });
  });

  it('{error: {message}}', () => {
    const e = errorFromAnswer(answer(500, JSON.stringify({ error: { message: 'Upstream exploded' } })), ctx);
    expect(e.message).toBe('Upstream exploded');
  });

  it('an empty body gets a sentence from the status', () => {
    expect(errorFromAnswer(answer(503, ''), ctx)).toMatchObject({
      kind: 'http',
      status: 503,
      message: 'The service ran into a problem (HTTP 503). Try again in a moment.',
    });
    expect(errorFromAnswer(answer(401, ''), ctx).kind).toBe('unauthorized');
  });

  it('429 with retry_after in the body', () => {
    const e = errorFromAnswer(answer(429, JSON.stringify({ message: 'Too Many Attempts.', retry_after: 17 })), ctx);
    expect(e).toMatchObject({ kind: 'rate-limited', retryAfter: 17 });
    expect(errorMessage(e)).toBe('Too Many Attempts. Try again in 17 s.');
  });

  it('429 with only a Retry-After header (seconds or an HTTP date)', () => {
    const e = errorFromAnswer(answer(429, JSON.stringify({ message: 'Slow down' }), { 'content-type': 'application/json', 'retry-after': '5' }), ctx);
    expect(e.retryAfter).toBe(5);
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterSeconds(undefined, 'Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('12', null)).toBe(12);
    expect(retryAfterSeconds(undefined, null)).toBeNull();
  });

  it('an HTML error page is not the API: unexpected, with a hint about the host', () => {
    const e = errorFromAnswer(answer(200, '<!doctype html><html><head><title>Voice Console</title></head><body><div id="root"></div></body></html>', { 'content-type': 'text/html' }), ctx);
    expect(e.kind).toBe('unexpected-response');
    expect(e.message).toMatch(/web page/);
    expect(e.message).toMatch(/\/api/);
    const e500 = errorFromAnswer(answer(502, '<html><body>Bad Gateway</body></html>', { 'content-type': 'text/html' }), ctx);
    expect(e500).toMatchObject({ kind: 'http', status: 502 });
  });

  it('plain text that is not JSON', () => {
    const e = errorFromAnswer(answer(200, 'OK', { 'content-type': 'text/plain' }), ctx);
    expect(e.kind).toBe('unexpected-response');
    expect(e.message).toMatch(/text\/plain/);
  });

  it('a 302 redirect to a login page is a refused token', () => {
    const e = errorFromAnswer(answer(302, '', { location: 'https://app.example.com/login' }), ctx);
    expect(e).toMatchObject({ kind: 'unauthorized', status: 302 });
    expect(e.message).toMatch(/redirect to https:\/\/app\.example\.com\/login/);
  });

  it('an opaque redirect (fetch with redirect: manual) is a refused token', () => {
    expect(errorFromAnswer(answer(0, '', {}, { type: 'opaqueredirect' }), ctx).kind).toBe('unauthorized');
  });

  it('a followed redirect that lands on an HTML login page is a refused token, not a crash', () => {
    const html = '<html><head><title>Log in | Hosted</title></head><body><form action="/login" method="post"><input type="password" name="password"></form></body></html>';
    const followed = errorFromAnswer(answer(200, html, { 'content-type': 'text/html; charset=UTF-8' }, { redirected: true, url: 'https://app.example.com/login' }), ctx);
    expect(followed).toMatchObject({ kind: 'unauthorized', status: 200 });
    expect(followed.message).toMatch(/sign-in page/);
    // the same page without redirect information is still recognised by its password field
    expect(errorFromAnswer(answer(200, html, { 'content-type': 'text/html' }), ctx).kind).toBe('unauthorized');
  });

  it('never repeats the token in a message', () => {
    const e = errorFromAnswer(answer(401, JSON.stringify({ message: `Token vc_secret_token_123 is invalid` })), ctx);
    expect(e.message).not.toContain('vc_secret_token_123');
    expect(e.message).toContain('•••');
    const v = errorFromAnswer(answer(422, JSON.stringify({ message: 'x', errors: { token: ['vc_secret_token_123 bad'] } })), ctx);
    expect(JSON.stringify(v.fieldErrors)).not.toContain('vc_secret_token_123');
  });
});

describe('errorFromFailure: no answer at all', () => {
  it('a network failure (offline, refused, CORS): a plain sentence, not the browser’s words', () => {
    for (const browserWords of ['Failed to fetch', 'Load failed', 'NetworkError when attempting to fetch resource.']) {
      const e = errorFromFailure(new TypeError(browserWords), { ...ctx, timedOut: false, timeoutMs: 30_000 });
      expect(e).toMatchObject({ kind: 'network', status: 0 });
      expect(e.message).toBe('Could not reach the service. Check your internet connection and the API host, then try again.');
      expect(e.message).not.toContain(browserWords);
      expect(e.isTransient).toBe(true);
    }
  });

  it('a timeout of a read: how long, and to try again', () => {
    const e = errorFromFailure(new DOMException('Timed out', 'TimeoutError'), { ...ctx, timedOut: true, timeoutMs: 15_000 });
    expect(e).toMatchObject({ kind: 'timeout', status: 0 });
    expect(e.message).toBe('The service did not answer within 15 s. It may be busy: try again in a moment.');
  });

  it('a timeout of a change: it may have happened; a PUT may be repeated, a POST checked first', () => {
    const put = errorFromFailure(new DOMException('Timed out', 'TimeoutError'), { method: 'PUT', path: '/user/tools/3', timedOut: true, timeoutMs: 30_000 });
    expect(put.message).toBe('The service did not answer within 30 s, so it is not known whether this was saved. Trying again is safe.');
    const post = errorFromFailure(new DOMException('Timed out', 'TimeoutError'), { method: 'POST', path: '/user/lead', timedOut: true, timeoutMs: 30_000 });
    expect(post.message).toMatch(/not known whether this was saved\. Check whether it went through before trying again, so it is not done twice\.$/);
  });
});

describe('the faults of a broken service, in words a person understands', () => {
  const jargon = /Failed to fetch|Unexpected token|Unexpected end|SyntaxError|JSON\.parse|is not valid JSON|Server Error/;

  it('500 {"message":"Server Error"} (the framework’s crash page as JSON) becomes a sentence', () => {
    const e = errorFromAnswer(answer(500, JSON.stringify({ message: 'Server Error' })), { ...ctx, method: 'PUT', path: '/user/assistant/4' });
    expect(e).toMatchObject({ kind: 'http', status: 500, message: 'The service ran into a problem (HTTP 500). Try again in a moment.' });
    expect(e.isTransient).toBe(true);
    expect(e.message).not.toMatch(jargon);
  });

  it.each(['Internal Server Error', 'Service Unavailable', 'Bad Gateway', 'Gateway Timeout', 'Whoops, something went wrong on our servers.'])(
    'the bare status words %j become the same sentence',
    (words) => {
      expect(errorFromAnswer(answer(502, JSON.stringify({ message: words })), ctx).message).toBe('The service ran into a problem (HTTP 502). Try again in a moment.');
    },
  );

  it('a 5xx that says something specific keeps its words', () => {
    const body = { message: 'The upstream API at https://api.example.com/api could not be reached: ECONNREFUSED' };
    expect(errorFromAnswer(answer(502, JSON.stringify(body)), ctx).message).toBe(body.message);
  });

  it('a gateway’s HTML error page in front of the API is a service problem, not a wrong host', () => {
    const e = errorFromAnswer(answer(504, '<html><body><h1>504 Gateway Time-out</h1></body></html>', { 'content-type': 'text/html' }), ctx);
    expect(e).toMatchObject({ kind: 'http', status: 504, message: 'The service ran into a problem (HTTP 504). Try again in a moment.' });
  });

  it('malformed JSON with 200 on a read: cut off or garbled, try again', () => {
    const e = errorFromAnswer(answer(200, '[{"id":1,"name":"lookup_or'), ctx);
    expect(e).toMatchObject({ kind: 'unexpected-response', status: 200 });
    expect(e.message).toBe("The service's answer was cut off or garbled and could not be read. Try again in a moment.");
    expect(e.message).not.toMatch(jargon);
  });

  it('malformed JSON with 200 on a change: it may have been saved; PUT safe to repeat, POST to check first', () => {
    const put = errorFromAnswer(answer(200, '{"message":"Assistant upd'), { method: 'PUT', path: '/user/assistant/4' });
    expect(put.message).toBe('The service answered, but its answer was cut off or garbled, so it is not known whether this was saved. Trying again is safe.');
    const del = errorFromAnswer(answer(200, '{"mess'), { method: 'DELETE', path: '/user/tools/4' });
    expect(del.message).toMatch(/Trying again is safe\.$/);
    const post = errorFromAnswer(answer(200, '{"message":"Lead created","data":{"id":'), { method: 'POST', path: '/user/lead' });
    expect(post.message).toMatch(/not known whether this was saved\. Check whether it went through before trying again, so it is not done twice\.$/);
    for (const e of [put, del, post]) expect(e.message).not.toMatch(jargon);
  });

  it('JSON-looking text without a JSON content type is read as a broken answer too', () => {
    const e = errorFromAnswer(answer(200, '{"data":[1,2', { 'content-type': 'text/plain' }), ctx);
    expect(e.message).toMatch(/cut off or garbled/);
  });

  it('a malformed error answer keeps its status kind', () => {
    expect(errorFromAnswer(answer(404, '{"message":"Tool n'), ctx)).toMatchObject({ kind: 'not-found', status: 404 });
    expect(errorFromAnswer(answer(429, '{"mess', { 'content-type': 'application/json', 'retry-after': '3' }), ctx).kind).toBe('rate-limited');
  });
});

describe('outcomeUnknown: a change that may have gone through is not called "not saved"', () => {
  it('a timed-out or garbled-success change is unknown; a refusal, a dropped connection or a read is not', () => {
    const timeout = (method: string) =>
      errorFromFailure(new DOMException('Timed out', 'TimeoutError'), { method, path: '/user/tools/3', timedOut: true, timeoutMs: 30_000 });
    expect(timeout('PUT').outcomeUnknown).toBe(true);
    expect(timeout('POST').outcomeUnknown).toBe(true);
    expect(timeout('GET').outcomeUnknown).toBe(false);
    const dropped = errorFromFailure(new TypeError('Failed to fetch'), { method: 'PUT', path: '/user/tools/3', timedOut: false, timeoutMs: 30_000 });
    expect(dropped.outcomeUnknown).toBe(false);
    expect(new ApiError({ kind: 'unexpected-response', status: 200, message: 'x', method: 'PUT' }).outcomeUnknown).toBe(true);
    expect(new ApiError({ kind: 'http', status: 500, message: 'x', method: 'PUT' }).outcomeUnknown).toBe(false);
    expect(new ApiError({ kind: 'validation', status: 422, message: 'x', method: 'POST' }).outcomeUnknown).toBe(false);
  });
});
