import { outgoingRequest } from '../outgoing/request';

/*
 * cal.com's API v2, the two endpoints an assistant needs, fetched through the one door for users' URLs
 * (outgoing/: the address guard, a time-out, a size cap), since the endpoint and the key are the user's:
 *   GET  /v2/slots     (cal-api-version 2024-09-04): free start times of an event type between two dates;
 *   POST /v2/bookings  (cal-api-version 2024-08-13): a booking of one of those starts for an attendee;
 *   GET  /v2/me        the key's own user, whose username names a personal event type (no team slug).
 * The event type is named by slugs, as the hosted tool stores it: `eventTypeSlug` with `teamSlug` for a team's
 * event type, else with the key owner's `username`. Authorization is `Bearer <calcom_api_key>`.
 */

export const SLOTS_API_VERSION = '2024-09-04';
export const BOOKINGS_API_VERSION = '2024-08-13';
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;

export const CALCOM_ENDPOINTS = { us: 'https://api.cal.com', eu: 'https://api.cal.eu' } as const;

export interface CalcomTarget {
  /** https://api.cal.com, https://api.cal.eu, or the user's own (a self-hosted cal.com's API origin). */
  base: string;
  apiKey: string;
  eventSlug: string;
  teamSlug: string | null;
  allowPrivate: boolean;
  signal?: AbortSignal;
}

/** The API's base for the tool's `calcom_endpoint`: `us` (default), `eu`, or `custom` with its URL (a trailing /v2 is dropped). */
export function calcomBase(endpoint: unknown, custom: unknown): string {
  if (endpoint === 'custom' && typeof custom === 'string' && custom.trim() !== '') return custom.trim().replace(/\/+$/, '').replace(/\/v2$/, '');
  return endpoint === 'eu' ? CALCOM_ENDPOINTS.eu : CALCOM_ENDPOINTS.us;
}

/** A failed exchange, in words fit for the model and the transcript. */
export class CalcomError extends Error {
  override name = 'CalcomError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

interface Answered {
  status: number;
  json: unknown;
  durationMs: number;
}

async function exchange(t: CalcomTarget, method: 'GET' | 'POST', path: string, version: string | null, body?: unknown): Promise<Answered> {
  const headers: Record<string, string> = { Authorization: `Bearer ${t.apiKey}`, Accept: 'application/json', 'User-Agent': 'voice-console-calendar/1' };
  if (version) headers['cal-api-version'] = version;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const answer = await outgoingRequest({
    method,
    url: `${t.base}${path}`,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_BYTES,
    allowPrivate: t.allowPrivate,
    ...(t.signal ? { signal: t.signal } : {}),
  });
  if (answer.kind === 'error') throw new CalcomError(answer.error, null, answer.durationMs);
  let json: unknown = null;
  try {
    json = JSON.parse(answer.body.toString('utf8')) as unknown;
  } catch {
    // not JSON: the status says what happened
  }
  if (answer.status < 200 || answer.status >= 300) {
    const said = errorMessage(json);
    throw new CalcomError(`cal.com answered HTTP ${answer.status}${said ? `: ${said}` : ''}`, answer.status, answer.durationMs);
  }
  return { status: answer.status, json, durationMs: answer.durationMs };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** cal.com's error answers: `{status: "error", error: {message}}` (or a bare `message`). */
function errorMessage(json: unknown): string {
  if (!isRecord(json)) return '';
  const error = json.error;
  if (isRecord(error) && typeof error.message === 'string') return error.message.slice(0, 300);
  return typeof json.message === 'string' ? json.message.slice(0, 300) : '';
}

/** Who names the event type besides its slug: the team, or the key's own user. */
async function owner(t: CalcomTarget): Promise<{ teamSlug: string } | { username: string }> {
  if (t.teamSlug) return { teamSlug: t.teamSlug };
  const me = await exchange(t, 'GET', '/v2/me', null);
  const data = isRecord(me.json) ? me.json.data : null;
  const username = isRecord(data) && typeof data.username === 'string' ? data.username : null;
  if (!username) throw new CalcomError('cal.com did not say whose API key this is (GET /v2/me has no username)', me.status, me.durationMs);
  return { username };
}

export interface FreeSlots {
  /** Start times (ISO 8601 with the zone's offset, as cal.com gives them), in order. */
  starts: string[];
}

/** Free starts of the event type from `start` to `end` (YYYY-MM-DD, or ISO times), in `timeZone`. */
export async function freeSlots(t: CalcomTarget, range: { start: string; end: string; timeZone: string }): Promise<FreeSlots> {
  const who = await owner(t);
  const query = new URLSearchParams({ eventTypeSlug: t.eventSlug, start: range.start, end: range.end, timeZone: range.timeZone });
  if ('teamSlug' in who) query.set('teamSlug', who.teamSlug);
  else query.set('username', who.username);
  const answer = await exchange(t, 'GET', `/v2/slots?${query.toString()}`, SLOTS_API_VERSION);
  const data = isRecord(answer.json) ? answer.json.data : null;
  const starts: string[] = [];
  if (isRecord(data)) {
    for (const day of Object.keys(data).sort()) {
      const list = data[day];
      if (!Array.isArray(list)) continue;
      for (const slot of list) if (isRecord(slot) && typeof slot.start === 'string') starts.push(slot.start);
    }
  }
  return { starts };
}

export interface Attendee {
  name: string;
  email: string;
  timeZone: string;
  phoneNumber?: string;
  language?: string;
}

export interface Booked {
  uid: string | null;
  start: string | null;
  end: string | null;
  status: string | null;
}

/** Books `start` (any ISO 8601 time; sent in UTC as the API wants) for the attendee, with the event type's booking fields. */
export async function book(t: CalcomTarget, input: { start: string; attendee: Attendee; fields: Record<string, unknown> }): Promise<Booked> {
  const who = await owner(t);
  const body = {
    start: new Date(input.start).toISOString(),
    eventTypeSlug: t.eventSlug,
    ...who,
    attendee: input.attendee,
    ...(Object.keys(input.fields).length > 0 ? { bookingFieldsResponses: input.fields } : {}),
  };
  const answer = await exchange(t, 'POST', '/v2/bookings', BOOKINGS_API_VERSION, body);
  const data = isRecord(answer.json) ? answer.json.data : null;
  const one = Array.isArray(data) ? data[0] : data;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return isRecord(one) ? { uid: text(one.uid), start: text(one.start), end: text(one.end), status: text(one.status) } : { uid: null, start: null, end: null, status: null };
}
