import { describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';

let svc: TestService;
let alice: TestUser;
let bob: TestUser;

useService((s) => ({ svc, alice, bob } = s));

const valid = {
  name: 'check_availability',
  description: 'Checks free slots in the calendar.',
  endpoint: 'https://example.com/slots',
  method: 'POST',
};

describe('mid-call tools', () => {
  it('creates with defaults and ISO microsecond timestamps', async () => {
    const res = await alice.req('POST', '/user/tools', valid);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Tool created successfully');
    expect(res.body.data).toMatchObject({ ...valid, timeout: 10, headers: [], schema: [] });
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
  });

  it('refuses a name that breaks the pattern on errors.name', async () => {
    for (const name of ['Check', '1abc', 'has-dash', '_lead', 'a b']) {
      const res = await alice.req('POST', '/user/tools', { ...valid, name });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['name']);
    }
  });

  it('enforces description 255, timeout 1-30, http(s) endpoint, method enum, param names 2-32', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'x'.repeat(256) }, 'description'],
      [{ timeout: 0 }, 'timeout'],
      [{ timeout: 31 }, 'timeout'],
      [{ endpoint: 'ftp://example.com' }, 'endpoint'],
      [{ endpoint: 'not a url' }, 'endpoint'],
      [{ method: 'FETCH' }, 'method'],
      [{ schema: [{ name: 'a', type: 'string', description: '' }] }, 'schema.0.name'],
      [{ schema: [{ name: 'x'.repeat(33), type: 'string', description: '' }] }, 'schema.0.name'],
      [{ schema: [{ name: 'ok', type: 'date', description: '' }] }, 'schema.0.type'],
    ];
    for (const [patch, key] of cases) {
      const res = await alice.req('POST', '/user/tools', { ...valid, ...patch });
      expect(res.status, key).toBe(422);
      expect(res.body.errors[key], key).toBeDefined();
    }
    const ok = await alice.req('POST', '/user/tools', { ...valid, description: 'x'.repeat(255), timeout: 30 });
    expect(ok.status).toBe(201);
  });

  it('gets, updates and deletes only the caller’s tools', async () => {
    const created = await alice.req('POST', '/user/tools', { ...valid, name: 'lookup_order' });
    const id = created.body.data.id as number;
    expect((await alice.req('GET', `/user/tools/${id}`)).body.name).toBe('lookup_order');
    const other = await bob.req('GET', `/user/tools/${id}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Tool not found' });
    expect((await bob.req('PUT', `/user/tools/${id}`, { timeout: 5 })).status).toBe(404);
    expect((await bob.req('DELETE', `/user/tools/${id}`)).status).toBe(404);
    expect((await bob.req('GET', '/user/tools')).body).toEqual([]);

    const upd = await alice.req('PUT', `/user/tools/${id}`, { timeout: 5 });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ name: 'lookup_order', timeout: 5 });

    const del = await alice.req('DELETE', `/user/tools/${id}`);
    expect(del.body).toEqual({ message: 'Tool deleted successfully' });
    expect((await alice.req('GET', `/user/tools/${id}`)).status).toBe(404);
  });

  it('refuses the 6th tool with the plan-limit message', async () => {
    const carol = await svc.user();
    for (let i = 0; i < 5; i++) {
      expect((await carol.req('POST', '/user/tools', { ...valid, name: `tool_${'abcde'[i]}` })).status).toBe(201);
    }
    const sixth = await carol.req('POST', '/user/tools', { ...valid, name: 'tool_f' });
    expect(sixth.status).toBe(422);
    expect(sixth.body).toEqual({
      message: 'You have reached your plan limit of 5 mid call tools. Please upgrade your plan to create more.',
    });
  });

  it('answers 401 without a valid token', async () => {
    const res = await fetch(`${svc.api}/user/tools`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
