import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { OPERATIONS, type Operation } from './routes';
import { componentSchemas, ref, toSchema, type JsonSchema } from './schemas';
import { webhookDocs } from './webhooks';

/*
 * The OpenAPI 3.1 document of the local service, built from the contract's zod schemas (see schemas.ts for
 * why zod's own JSON Schema output) and the operation list in routes.ts. document.test.ts fails when the app
 * serves a route the document lacks, or the other way round. What the service sends to users' URLs is in
 * `webhooks` (webhooks.ts).
 */

const PG_INT_MAX = 2_147_483_647;
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_HEADERS = { 'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'), 'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining') };

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    // A value that is not 1 to 9 digits (not a UUID) answers as the missing resource (404), never a 422.
    schema: name === 'uuid' ? { type: 'string', format: 'uuid' } : { type: 'integer', minimum: 1, maximum: PG_INT_MAX },
  }));
}

function queryParameters(op: Operation): JsonSchema[] {
  if (!op.query) return [];
  const schema = toSchema(op.query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
}

function operationId(op: Pick<Operation, 'method' | 'path'>): string {
  const words = op.path.replace(/\{(\w+)\}/g, 'by-$1').split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [op.method, ...words].map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

const ERROR_RESPONSES = { 403: 'Forbidden', 404: 'NotFound', 422: 'ValidationFailed', 502: 'UpstreamFailed', 503: 'Unavailable' } as const;

function operation(op: Operation): JsonSchema {
  const message = ref('Message');
  const responses: Record<string, unknown> = {
    [op.status]: {
      description: op.summary,
      ...(op.public ? {} : { headers: RATE_HEADERS }),
      content: op.contentType
        ? { [op.contentType]: { schema: op.response } }
        : { ...json(op.response), ...(op.streams ? { 'text/event-stream': { schema: { type: 'string', description: op.streams } } } : {}) },
    },
  };
  if (op.body) {
    responses['400'] = responseRef('MalformedJson');
    responses['413'] = responseRef('PayloadTooLarge');
  }
  if (!op.public) responses['401'] = responseRef('Unauthenticated');
  for (const status of op.errors ?? []) responses[status] = responseRef(ERROR_RESPONSES[status]);
  if (op.ownErrors) {
    const own = ref(op.ownErrors.body);
    for (const status of op.ownErrors.statuses) {
      const shared = !op.ownErrors.replace && status in responses;
      responses[status] = {
        description: `${op.ownErrors.body === 'StatusError' ? '`{status: false, error}`' : '`{success: false, error, error_code}`'}${shared ? ' (or the usual `{message}`)' : ''}`,
        headers: RATE_HEADERS,
        content: json(shared ? { anyOf: [own, message, ref('ValidationError')] } : own),
      };
    }
  }
  if (!op.public) responses['429'] = responseRef('TooManyRequests');
  return {
    operationId: operationId(op),
    summary: op.summary,
    tags: [op.tag],
    ...(op.public ? { security: [] } : {}),
    ...(op.local ? { 'x-local-extension': true } : {}),
    parameters: [...pathParameters(op.path), ...queryParameters(op)],
    ...(op.body
      ? { requestBody: { required: true, content: { ...json(toSchema(op.body, 'input')), ...(op.multipart ? { 'multipart/form-data': { schema: op.multipart } } : {}) } } }
      : {}),
    ...(op.formBody ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: op.formBody } } } } : {}),
    responses,
  };
}

/** The public recordings: audio, not JSON, with range requests for seeking. */
function recordingOperation(): JsonSchema {
  const audio = { 'audio/wav': { schema: { type: 'string', contentMediaType: 'audio/wav' } } };
  return {
    operationId: 'getRecordingsByFile',
    summary: "A call's recording (8 kHz mono WAV); the unguessable key stands in for a token",
    tags: ['Calls'],
    security: [],
    'x-local-extension': true,
    parameters: [
      { name: 'file', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f-]{36}\\.wav$' }, description: '`{key}.wav`' },
      { name: 'Range', in: 'header', required: false, schema: { type: 'string' } },
    ],
    responses: {
      '200': { description: 'The whole recording', content: audio },
      '206': { description: 'The requested byte range', content: audio },
      '304': { description: 'Not modified' },
      '404': responseRef('NotFound'),
      '416': { description: 'The range cannot be satisfied' },
      '429': responseRef('TooManyRequests'),
    },
  };
}

function buildDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  paths['/recordings/{file}'] = { get: recordingOperation() };
  const message = ref('Message');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voice Console service API',
      version: '1.0.0',
      description:
        'The local service: the hosted API\'s endpoints and its own extensions (marked `x-local-extension: true`). ' +
        'Response records list every field the service sends; their value types are left open, as clients should read them leniently.',
    },
    servers: [{ url: '/api' }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    webhooks: webhookDocs(),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token (`npm run token -- EMAIL`).' },
      },
      headers: {
        'X-RateLimit-Limit': { description: 'Requests allowed a minute (per user; per address without a token).', schema: { type: 'integer' } },
        'X-RateLimit-Remaining': { description: 'Requests left this minute.', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds until the budget refills.', schema: { type: 'integer' } },
      },
      responses: {
        Unauthenticated: { description: 'Missing or unknown token', headers: RATE_HEADERS, content: json({ ...message, examples: [{ message: 'Unauthenticated.' }] }) },
        NotFound: { description: "Missing, or another user's (never 403)", headers: RATE_HEADERS, content: json(message) },
        Forbidden: { description: "A provider's webhook whose signature is not valid: nothing is done", content: json(message) },
        ValidationFailed: {
          description: 'Field errors (`{message, errors}`), or a refusal of the whole request (`{message}`)',
          headers: RATE_HEADERS,
          content: json({ anyOf: [ref('ValidationError'), message] }),
        },
        MalformedJson: { description: 'The body is not JSON', content: json(message) },
        UpstreamFailed: { description: 'A service this one relies on failed (the speech endpoint or program, Twilio)', headers: RATE_HEADERS, content: json(message) },
        Unavailable: { description: 'What it needs is not configured here (a language model: LLM_BASE_URL; speech: TTS_BASE_URL or espeak-ng; voice calls: STT_BASE_URL; number imports: SECRET_KEY)', headers: RATE_HEADERS, content: json(message) },
        PayloadTooLarge: { description: 'The body is over 1 MB', content: json(message) },
        TooManyRequests: {
          description: 'The budget is spent',
          headers: { ...RATE_HEADERS, 'Retry-After': headerRef('Retry-After') },
          content: json(ref('TooManyRequests')),
        },
      },
      schemas: componentSchemas(),
    },
  };
}

let built: JsonSchema | undefined;
/** Built once: it depends on the code only. */
export function openApiDocument(): JsonSchema {
  return (built ??= buildDocument());
}

/** GET /api/openapi.json, public like /local/info (a client generator has no token). */
export function openApiRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/openapi.json', (c) => c.json(openApiDocument()));
  return r;
}
