import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, revokeTokens, TOKEN_CACHE_MS } from './tokens';
import { startTestService, type TestService } from '../test/harness';

/*
 * Resolved tokens are remembered for TOKEN_CACHE_MS (no lookup per request); these pin down what the
 * memory must not change: a revoked token stops at once, an unknown token is never remembered, and the
 * per-user budget still counts every request.
 */

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('the remembered tokens', () => {
  it('refuses a revoked token on the very next request, however recently it resolved', async () => {
    const user = await svc.user();
    expect((await user.req('GET', '/user/me')).status).toBe(200);
    expect((await user.req('GET', '/user/me')).status).toBe(200);
    await revokeTokens(svc.handle.db, user.id);
    const res = await user.req('GET', '/user/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('forgets a revoked token even when it was revoked inside a transaction', async () => {
    const user = await svc.user();
    expect((await user.req('GET', '/user/me')).status).toBe(200);
    await svc.handle.db.transaction().execute((trx) => revokeTokens(trx, user.id));
    expect((await user.req('GET', '/user/me')).status).toBe(401);
  });

  it('remembers no unknown token: one stored after a refusal works at once', async () => {
    const user = await svc.user();
    const token = `vc_later_${user.id}`;
    const later = { Authorization: `Bearer ${token}` };
    const url = `${svc.api}/user/me`;
    expect((await fetch(url, { headers: later })).status).toBe(401);
    await svc.handle.db.insertInto('api_tokens').values({ user_id: user.id, token_hash: hashToken(token), name: 'later' }).execute();
    expect((await fetch(url, { headers: later })).status).toBe(200);
  });

  it('still spends one request of the budget per request while the token is remembered', async () => {
    const user = await svc.user();
    const first = await user.req('GET', '/user/me');
    const second = await user.req('GET', '/user/me');
    const left = (r: { headers: Headers }) => Number(r.headers.get('x-ratelimit-remaining'));
    expect(left(second)).toBe(left(first) - 1);
    expect(TOKEN_CACHE_MS).toBeLessThanOrEqual(10_000);
  });
});
