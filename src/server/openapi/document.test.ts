import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestService, type TestService } from '../test/harness';
import type { AssistantRow, CallRow } from '../db/schema';
import { finishedCallPayload } from '../webhooks/payload';
import { DOCS_ROUTES } from './docs-page';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
}, 60_000);
afterAll(() => svc.close());

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; 'x-local-extension'?: boolean; responses: Record<string, unknown> }>>;
}

async function served(): Promise<{ status: number; doc: Document }> {
  const res = await request(svc.api, 'GET', '/openapi.json');
  return { status: res.status, doc: res.body as Document };
}

/** "METHOD /api/path/:param", as the app lists its routes; middleware and catch-alls left out. */
function appRoutes(): string[] {
  const out = new Set<string>();
  for (const r of svc.server.app.routes) {
    if (r.method === 'ALL' || r.path.endsWith('*')) continue;
    out.add(`${r.method} ${r.path}`);
  }
  return [...out].sort();
}

function documentRoutes(doc: Document): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ':$1')}`))
    .sort();
}

describe('GET /api/openapi.json', () => {
  it('is served without a token and validates as OpenAPI 3.1', async () => {
    const { status, doc } = await served();
    expect(status).toBe(200);
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has an operation for every route the app serves, and no other', async () => {
    const { doc } = await served();
    // The reference page and its scripts are pages for people, not operations: the only routes left out,
    // by name, and only while the app really serves them (a stale name here fails too).
    const pages = DOCS_ROUTES.map((path) => `GET /api${path}`);
    const all = appRoutes();
    expect(pages.filter((p) => !all.includes(p))).toEqual([]);
    const app = all.filter((r) => !pages.includes(r));
    expect(app.length).toBeGreaterThan(30);
    expect(app.filter((r) => !documentRoutes(doc).includes(r))).toEqual([]);
    expect(documentRoutes(doc).filter((r) => !app.includes(r))).toEqual([]);
  });

  it('marks the public operations and the local extensions', async () => {
    const { doc } = await served();
    const op = (path: string, method = 'get') => doc.paths[path]?.[method];
    for (const path of ['/openapi.json', '/local/info', '/recordings/{file}']) {
      expect(op(path)?.security).toEqual([]);
      expect(op(path)?.['x-local-extension']).toBe(true);
    }
    expect(op('/user/assistant/{id}')?.['x-local-extension']).toBe(true);
    expect(op('/user/calls')?.['x-local-extension']).toBeUndefined();
    expect(Object.keys(op('/user/calls')?.responses ?? {}).sort()).toEqual(['200', '401', '422', '429']);
    expect(Object.keys(op('/user/assistant/{id}', 'put')?.responses ?? {}).sort()).toEqual(['200', '400', '401', '404', '413', '422', '429']);
  });

  it('describes what the service sends in `webhooks`, with the three signature headers and every payload field', async () => {
    const res = await request(svc.api, 'GET', '/openapi.json');
    const hooks = res.body.webhooks as Record<string, { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: { properties: object; required: string[] } }> } } }>;
    expect(Object.keys(hooks).sort()).toEqual(['call.ended', 'conversation.ended', 'inbound_call.ended', 'inbound_call.started']);
    for (const hook of Object.values(hooks)) {
      expect(hook.post.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
    // The schema names exactly what the payload builder writes (recording_url being optional).
    const schema = hooks['call.ended']!.post.requestBody.content['application/json']!.schema;
    const sample = finishedCallPayload('call.ended', {
      call: { id: 1, assistant_id: 2, client_phone_number: '+12025550100', assistant_phone_number: null, duration: 9, status: 'completed', variables: {}, engine_plan: null, transcript: null, recording_key: null, created_at: '2026-01-01 10:00:00', finished_at: null, updated_at: '2026-01-01 10:00:09' } as unknown as CallRow,
      assistant: { post_call_schema: [], include_recording_in_webhook: true } as unknown as AssistantRow,
      lead: null,
      campaign: null,
      baseUrl: 'http://localhost:8080',
    });
    expect(Object.keys(sample).sort()).toEqual(Object.keys(schema.properties).sort());
    expect(schema.required.filter((k) => !(k in sample))).toEqual([]);
  });

  it('is not counted against a token budget', async () => {
    const alice = await svc.user();
    const before = await alice.req('GET', '/user/me');
    await request(svc.api, 'GET', '/openapi.json', undefined, { Authorization: `Bearer ${alice.token}` });
    const after = await alice.req('GET', '/user/me');
    expect(Number(after.headers.get('X-RateLimit-Remaining'))).toBe(Number(before.headers.get('X-RateLimit-Remaining')) - 1);
  });
});
