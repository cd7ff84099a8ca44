import type { FieldErrors } from '@contract/errors';
import { currentLocale, m } from '@/i18n';

/**
 * A count or a number of seconds in the reader's language. Not i18n/format's formatNumber: this file is
 * on the sign-in page, and that module (every formatter of the console) would come along.
 */
const formatNumber = (n: number) => n.toLocaleString(currentLocale());

/*
 * The one error type of the console. Every failure of a request becomes an ApiError, whatever the host
 * sent: `{message}`, `{message, errors}`, `{message, success, data}`, `{error, message}`, `{error}`, an
 * HTML page, a redirect to a login page, nothing at all (network), or too late (timeout).
 */

export type ApiErrorKind =
  /** No answer: offline, DNS, connection refused, or a cross-origin call the host refused (CORS). */
  | 'network'
  | 'timeout'
  /** 401/419, or a redirect to (or an HTML) sign-in page: the token was not accepted. */
  | 'unauthorized'
  /** 429: `retryAfter` says how long to wait. */
  | 'rate-limited'
  /** 422 with field errors. */
  | 'validation'
  | 'not-found'
  /** Any other 4xx or 5xx answer. */
  | 'http'
  /** An answer that is not the API's JSON (an HTML page, garbage), or JSON of an unexpected shape. */
  | 'unexpected-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number;
  message: string;
  fieldErrors?: FieldErrors;
  retryAfter?: number | null;
  body?: unknown;
  method?: string;
  path?: string;
  /** The host answered with a sign-in page (HTML) instead of data. */
  loginPage?: boolean;
}

/** The title over a change whose fate is unknown (ApiError.outcomeUnknown), instead of "not saved". */
export function unknownOutcomeTitle(): string {
  return m.shell_api_unknown_outcome_title();
}

/**
 * @deprecated English only: call `unknownOutcomeTitle()` at render time, which speaks the reader's
 * language. Kept while the pages move over.
 */
export const UNKNOWN_OUTCOME_TITLE = 'It is not known whether this was saved';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer came (network, timeout). */
  readonly status: number;
  /** Laravel-style field errors, dotted keys (`post_call_schema.0.name`): empty unless the host sent some. */
  readonly fieldErrors: FieldErrors;
  /** Seconds to wait before the next try (429), when the host said so. */
  readonly retryAfter: number | null;
  /** The parsed body as the host sent it (JSON), for fields such as `success` or `data`. */
  readonly body: unknown;
  readonly method: string;
  readonly path: string;
  /** The host answered with a sign-in page (HTML) instead of data: the sign-in form says so. */
  readonly loginPage: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfter = init.retryAfter ?? null;
    this.body = init.body;
    this.method = init.method ?? 'GET';
    this.path = init.path ?? '';
    this.loginPage = init.loginPage ?? false;
  }

  get isUnauthorized() {
    return this.kind === 'unauthorized';
  }

  /** True for failures a repeat of the same GET may cure: no answer, a 5xx, a 429 after waiting. */
  get isTransient() {
    return this.kind === 'network' || this.kind === 'rate-limited' || (this.kind === 'http' && this.status >= 500);
  }

  /**
   * A change whose fate is unknown: it may have reached the service, but no readable answer came back
   * (a timeout, or a success status whose body was cut off). The form must not say "not saved".
   */
  get outcomeUnknown() {
    if (this.method === 'GET') return false;
    return this.kind === 'timeout' || (this.kind === 'unexpected-response' && this.status >= 200 && this.status < 300);
  }

  /** The messages for one field (dotted key), or undefined. */
  fieldError(key: string): string | undefined {
    const list = this.fieldErrors[key];
    return list && list.length > 0 ? list.join(' ') : undefined;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * The host has not one of our extensions (the overview, a campaign's progress): the hosted service answers
 * 404, 405 or 501 there. Nothing to show, not a failure, and nothing to poll for.
 */
export function isExtensionNotOffered(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'not-found' || error.status === 405 || error.status === 501);
}

/** What the normaliser needs of an HTTP answer; a plain object so tests can describe any answer. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The final URL after redirects (fetch's `response.url`). */
  url?: string;
  /** fetch followed one or more redirects. */
  redirected?: boolean;
  /** fetch with `redirect: 'manual'` in a browser gives an opaque redirect with status 0. */
  type?: ResponseType;
}

export interface RequestContext {
  method: string;
  path: string;
  /** A secret that must never appear in a message (the token in use). */
  secret?: string | null;
}

const LOGIN_URL = /\/(login|signin|sign-in|auth)(\b|\/|\?|$)/i;

function looksLikeHtml(text: string, contentType: string): boolean {
  return contentType.includes('text/html') || /^\s*<(!doctype|html|head|body)\b/i.test(text);
}

function looksLikeLoginPage(text: string): boolean {
  return (
    /<input[^>]+type\s*=\s*["']?password/i.test(text) ||
    /<title>[^<]*(log\s?in|sign\s?in)[^<]*<\/title>/i.test(text) ||
    /<form[^>]+action\s*=\s*["'][^"']*(login|signin|sign-in)/i.test(text)
  );
}

/** Seconds from `retry_after` in the body or the Retry-After header (seconds or an HTTP date). */
export function retryAfterSeconds(bodyValue: unknown, header: string | null, now = Date.now()): number | null {
  const fromBody = typeof bodyValue === 'number' ? bodyValue : typeof bodyValue === 'string' ? Number(bodyValue) : NaN;
  if (Number.isFinite(fromBody) && fromBody >= 0) return Math.ceil(fromBody);
  if (header) {
    const n = Number(header.trim());
    if (Number.isFinite(n) && n >= 0) return Math.ceil(n);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  return null;
}

function toFieldErrors(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: FieldErrors = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const list = Array.isArray(v) ? v : [v];
    const messages = list.filter((m) => m !== null && m !== undefined).map((m) => (typeof m === 'string' ? m : JSON.stringify(m)));
    if (messages.length > 0) out[key] = messages;
  }
  return out;
}

function asText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const m = (value as Record<string, unknown>).message;
    if (typeof m === 'string' && m.trim() !== '') return m.trim();
  }
  return null;
}

function defaultMessage(status: number): string {
  if (status === 401) return m.shell_api_401();
  if (status === 403) return m.shell_api_403();
  if (status === 404) return m.shell_api_404();
  if (status === 422) return m.shell_api_422();
  if (status === 429) return m.shell_api_429();
  if (status >= 500) return serverProblem(status);
  return m.shell_api_http({ status: String(status) });
}

/** GET and HEAD change nothing; anything else may have been carried out even when no answer arrived. */
function isChange(method: string): boolean {
  const m = method.toUpperCase();
  return m !== 'GET' && m !== 'HEAD';
}

/**
 * What to do when a change may or may not have happened. PUT, PATCH and DELETE land in the same state
 * however often they are sent; a POST repeated may create or do the thing twice.
 */
function unsureOutcome(method: string): string {
  return method.toUpperCase() === 'POST' ? m.shell_api_check_before_retry() : m.shell_api_retry_safe();
}

function serverProblem(status: number): string {
  return m.shell_api_server_problem({ status: String(status) });
}

/**
 * The bare status words servers and gateways put in a 5xx body (Laravel's "Server Error", nginx's "Bad
 * Gateway"): they tell a person nothing the sentence from the status does not say better.
 */
const GENERIC_SERVER_MESSAGE =
  /^(server error|internal server error|service unavailable|service temporarily unavailable|bad gateway|gateway time-?out|whoops,? something went wrong( on our servers)?|error)\.?!?$/i;

/** The answer's JSON is cut off or garbled (not a page of another kind): what a person is told. */
function unreadableAnswer(method: string): string {
  return isChange(method) ? m.shell_api_unreadable_change({ advice: unsureOutcome(method) }) : m.shell_api_unreadable_read();
}

function kindOf(status: number, fieldErrors: FieldErrors): ApiErrorKind {
  if (status === 401 || status === 419) return 'unauthorized';
  if (status === 429) return 'rate-limited';
  if (status === 404) return 'not-found';
  if (status === 422 && Object.keys(fieldErrors).length > 0) return 'validation';
  return 'http';
}

/**
 * Laravel's summary line, as contract/errors' summarizeFieldErrors words it. Not imported from there:
 * that module builds full-zod schemas at load time, and this file is on the sign-in page.
 */
export function summarize(errors: FieldErrors): string {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? m.shell_api_422();
  const more = messages.length - 1;
  return more <= 0 ? first : m.shell_api_more_errors({ first, count: formatNumber(more) });
}

/** Removes a secret from text a person may read. */
export function scrub(text: string, secret: string | null | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('•••');
}

/**
 * The ApiError for an answer that is not a success: any status, any body. Also used for a 2xx answer
 * that is not JSON (an HTML page where the API should be).
 */
export function errorFromAnswer(answer: RawAnswer, ctx: RequestContext): ApiError {
  const { method, path } = ctx;
  const contentType = answer.headers.get('content-type')?.toLowerCase() ?? '';
  const base = { method, path };

  // A redirect the browser did not follow (manual mode), or a 3xx handed to us: an API redirects only
  // to its login page when it does not like the key.
  const location = answer.headers.get('location') ?? '';
  if (answer.type === 'opaqueredirect' || (answer.status >= 300 && answer.status < 400)) {
    return new ApiError({
      ...base,
      kind: 'unauthorized',
      status: answer.status,
      message: location ? m.shell_api_redirect_to({ location: scrub(location, ctx.secret) }) : m.shell_api_redirect(),
    });
  }

  let body: unknown = undefined;
  let isJson = false;
  if (answer.text.trim() !== '') {
    try {
      body = JSON.parse(answer.text);
      isJson = true;
    } catch {
      isJson = false;
    }
  }

  if (!isJson && answer.text.trim() !== '') {
    const html = looksLikeHtml(answer.text, contentType);
    const landedOnLogin = (answer.redirected === true && LOGIN_URL.test(answer.url ?? '')) || (html && looksLikeLoginPage(answer.text));
    if (landedOnLogin || (html && (answer.status === 401 || answer.status === 419))) {
      return new ApiError({
        ...base,
        kind: 'unauthorized',
        status: answer.status,
        message: m.shell_api_login_page(),
        loginPage: true,
      });
    }
    // A gateway's or server's own error page in front of the API: the service is in trouble, not the host wrong.
    if (answer.status >= 500) {
      return new ApiError({ ...base, kind: 'http', status: answer.status, message: serverProblem(answer.status) });
    }
    // JSON that stops half-way or is garbled: the right host, a broken answer.
    if (!html && (contentType.includes('json') || /^\s*[[{]/.test(answer.text))) {
      return new ApiError({
        ...base,
        kind: answer.status >= 200 && answer.status < 300 ? 'unexpected-response' : kindOf(answer.status, {}),
        status: answer.status,
        message: unreadableAnswer(method),
      });
    }
    const status = String(answer.status);
    return new ApiError({
      ...base,
      kind: answer.status >= 200 && answer.status < 300 ? 'unexpected-response' : kindOf(answer.status, {}),
      status: answer.status,
      message: html
        ? m.shell_api_web_page({ method, path, status })
        : m.shell_api_not_json({ method, path, status, type: contentType || m.shell_api_no_content_type() }),
    });
  }

  // The fields of contract/errors' anyErrorBodySchema, read by hand: this file is on the sign-in page,
  // which loads zod/mini only.
  const fields: { message?: unknown; error?: unknown; errors?: unknown; retry_after?: unknown } =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const fieldErrors = toFieldErrors(fields.errors);
  const errorsAsList = Array.isArray(fields.errors) ? fields.errors.map(asText).filter((m): m is string => m !== null) : [];
  const message =
    asText(fields.message) ??
    asText(fields.error) ??
    (Object.keys(fieldErrors).length > 0 ? summarize(fieldErrors) : null) ??
    errorsAsList[0] ??
    (typeof body === 'string' && body.trim() !== '' ? body.trim() : null) ??
    defaultMessage(answer.status);
  const plainMessage = answer.status >= 500 && GENERIC_SERVER_MESSAGE.test(message) ? serverProblem(answer.status) : message;

  const kind = kindOf(answer.status, fieldErrors);
  const retryAfter = kind === 'rate-limited' ? retryAfterSeconds(fields.retry_after, answer.headers.get('retry-after')) : null;
  return new ApiError({
    ...base,
    kind,
    status: answer.status,
    message: scrub(plainMessage, ctx.secret),
    fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v.map((m) => scrub(m, ctx.secret))])),
    retryAfter,
    body,
  });
}

/**
 * The ApiError for a fetch that gave no answer. The browser's own words ("Failed to fetch", "Load
 * failed", "NetworkError when attempting to fetch resource") say nothing a person can act on, and
 * differ by browser: they are left out.
 */
export function errorFromFailure(_e: unknown, ctx: RequestContext & { timedOut: boolean; timeoutMs: number }): ApiError {
  const base = { status: 0, method: ctx.method, path: ctx.path };
  if (ctx.timedOut) {
    const seconds = formatNumber(Math.round(ctx.timeoutMs / 1000));
    return new ApiError({
      ...base,
      kind: 'timeout',
      message: isChange(ctx.method)
        ? m.shell_api_timeout_change({ seconds, advice: unsureOutcome(ctx.method) })
        : m.shell_api_timeout_read({ seconds }),
    });
  }
  return new ApiError({
    ...base,
    kind: 'network',
    message: m.shell_api_network(),
  });
}

/** A short sentence for any error, for notifications and error states. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.kind === 'rate-limited' && e.retryAfter !== null) return m.shell_api_retry_after({ message: e.message, seconds: formatNumber(e.retryAfter) });
    return e.message;
  }
  if (e instanceof Error) return e.message;
  return m.shell_api_something_wrong();
}
