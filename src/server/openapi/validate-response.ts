import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from './document';
import type { JsonSchema } from './schemas';

/*
 * Checks one answer of the service against the OpenAPI document: the operation is found by method and path
 * template, the status must be one that operation lists, and a JSON body must match that status's schema.
 * The service's HTTP test suite runs every answer through this (test/harness.ts), so a field the code sends
 * but the document lacks, a wrong type, or an undocumented status fails a test. ajv (draft 2020-12, the
 * dialect of OpenAPI 3.1) compiles each response schema once, resolving `#/components/...` inside the
 * document itself.
 */

/** One answer as a client saw it. `path` is the URL's pathname and query (from the host on). */
export interface Answer {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  text: string;
}

export class ResponseMismatch extends Error {
  override name = 'ResponseMismatch';
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}
interface OperationObject {
  operationId?: string;
  responses: Record<string, ResponseObject>;
}
type PathItem = Record<string, OperationObject>;
interface Document {
  servers?: { url: string }[];
  paths: Record<string, PathItem>;
  components: { responses: Record<string, ResponseObject> };
}

interface Template {
  path: string;
  pattern: RegExp;
  params: number;
}

const DOC_ID = 'openapi.json';
const pointer = (parts: string[]) => '#/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Path templates, literal ones first: `/user/assistants/get` must win over any `{id}` sibling. */
function templates(doc: Document): Template[] {
  return Object.keys(doc.paths)
    .map((path) => {
      const source = path.split(/\{\w+\}/).map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
      return { path, pattern: new RegExp(`^${source}$`), params: (path.match(/\{\w+\}/g) ?? []).length };
    })
    .sort((a, b) => a.params - b.params);
}

function excerpt(text: string): string {
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text;
}

function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 8)
    .map((e) => {
      const extra = e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties'
        ? ` (${String((e.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ?? (e.params as { unevaluatedProperty?: string }).unevaluatedProperty)})`
        : '';
      return `${e.instancePath || '(body)'} ${e.message ?? e.keyword}${extra}`;
    })
    .join('; ');
}

export interface ResponseChecker {
  /** Throws ResponseMismatch when the answer does not match the document; returns the operation it matched. */
  check(answer: Answer): string;
}

/**
 * A checker over `doc`. Answers to paths outside the document's server (`/api`) are not the API's and are
 * left alone; paths under it that no operation has (unknown routes, a method a path lacks) must be the
 * generic 404 `{message}` (or, on the token-guarded prefixes, the 401 and 429 that come before routing).
 */
export function createResponseChecker(doc: JsonSchema): ResponseChecker {
  const document = doc as unknown as Document;
  const base = document.servers?.[0]?.url ?? '';
  const paths = templates(document);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc, DOC_ID);
  const compiled = new Map<string, ValidateFunction>();

  const validatorAt = (ref: string): ValidateFunction => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOC_ID}${ref}` });
      compiled.set(ref, fn);
    }
    return fn;
  };

  /** The response object for `status` and where it sits in the document (following a components $ref). */
  const responseFor = (responses: Record<string, ResponseObject>, at: string[], status: number) => {
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) return undefined;
    let response = responses[key]!;
    let where = [...at, key];
    if (response.$ref) {
      const name = response.$ref.replace('#/components/responses/', '');
      response = document.components.responses[name]!;
      where = ['components', 'responses', name];
    }
    return { response, where };
  };

  return {
    check(answer) {
      const url = new URL(answer.path, 'http://service');
      if (!url.pathname.startsWith(`${base}/`)) return 'outside the API';
      const local = url.pathname.slice(base.length);
      const method = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase();
      const template = paths.find((t) => t.pattern.test(local) && document.paths[t.path]![method]);
      const label = `${answer.method.toUpperCase()} ${url.pathname}${url.search} → ${answer.status}`;

      let name: string;
      let found: { response: ResponseObject; where: string[] } | undefined;
      if (template) {
        const op = document.paths[template.path]![method]!;
        name = `${op.operationId ?? method} (${method.toUpperCase()} ${template.path})`;
        found = responseFor(op.responses, ['paths', template.path, method, 'responses'], answer.status);
        if (!found) {
          throw new ResponseMismatch(`${label}: status ${answer.status} is not documented for ${name} (it lists ${Object.keys(op.responses).join(', ')}). Body: ${excerpt(answer.text)}`);
        }
      } else {
        name = 'no operation (an unknown route)';
        const guarded = /^\/(user|leads|conversations|automate|ai)(\/|$)/.test(local);
        const generic: Record<string, ResponseObject> = {
          '404': { $ref: '#/components/responses/NotFound' },
          ...(guarded ? { '401': { $ref: '#/components/responses/Unauthenticated' }, '429': { $ref: '#/components/responses/TooManyRequests' } } : {}),
        };
        found = responseFor(generic, [], answer.status);
        if (!found) throw new ResponseMismatch(`${label}: ${name} may answer only ${Object.keys(generic).join(', ')}. Body: ${excerpt(answer.text)}`);
      }

      const content = found.response.content;
      // An answer the document gives no body (304) or a method that has none (HEAD): nothing more to check.
      if (!content || answer.method.toUpperCase() === 'HEAD') return name;
      const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
      if (!(mediaType in content)) {
        throw new ResponseMismatch(`${label}: ${name} answers ${Object.keys(content).join(' or ')}, got "${answer.contentType ?? 'no Content-Type'}". Body: ${excerpt(answer.text)}`);
      }
      if (mediaType !== 'application/json') return name;
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        throw new ResponseMismatch(`${label}: ${name} says JSON but the body does not parse. Body: ${excerpt(answer.text)}`);
      }
      const validate = validatorAt(pointer([...found.where, 'content', mediaType, 'schema']));
      if (!validate(body)) {
        throw new ResponseMismatch(`${label}: the body does not match ${name}: ${describeErrors(validate.errors)}. Body: ${excerpt(answer.text)}`);
      }
      return name;
    },
  };
}

let shared: ResponseChecker | undefined;
/** The checker over the service's own document, built on first use. */
export function checkResponse(answer: Answer): string {
  return (shared ??= createResponseChecker(openApiDocument())).check(answer);
}
