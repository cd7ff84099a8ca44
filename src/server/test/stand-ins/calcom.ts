import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { startStandInServer } from '../stand-in-server';

/*
 * cal.com's API v2 as the calendar tool uses it (builtin/calcom.ts), a real HTTP server shared by the
 * service tests, Playwright (e2e/serve/) and the benchmarks:
 *   GET  /v2/me        the key's user ({data: {id, username, email}});
 *   GET  /v2/slots     cal-api-version 2024-09-04; eventTypeSlug with username or teamSlug, start, end
 *                      (YYYY-MM-DD), timeZone: `{status: "success", data: {"YYYY-MM-DD": [{start}]}}`, the
 *                      event type's daily starts (UTC) not yet booked;
 *   POST /v2/bookings  cal-api-version 2024-08-13; {start, eventTypeSlug, username | teamSlug, attendee: {name,
 *                      email, timeZone, phoneNumber?}, bookingFieldsResponses?}: 201 with the booking, kept in
 *                      `bookings`; a taken or unknown start is a 400.
 * Every request needs `Authorization: Bearer <apiKey>` (401 otherwise) and the version header its endpoint
 * documents (400 otherwise); an event type it does not know is a 404. Every request is kept in `requests`.
 */

export const CALCOM_SLOTS_VERSION = '2024-09-04';
export const CALCOM_BOOKINGS_VERSION = '2024-08-13';

export interface CalcomEventType {
  slug: string;
  /** Set: a team's event type (slots and bookings name it with teamSlug); else the key owner's. */
  teamSlug?: string;
  lengthMinutes: number;
  /** Daily starts, UTC "HH:MM". */
  dailyStarts: string[];
}

export interface CalcomBooking {
  id: number;
  uid: string;
  status: string;
  start: string;
  end: string;
  eventTypeSlug: string;
  attendee: Record<string, unknown>;
  bookingFieldsResponses: Record<string, unknown>;
}

export interface CalcomRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface StandInCalcom {
  /** http://127.0.0.1:PORT (a `custom` calcom endpoint). */
  baseUrl: string;
  apiKey: string;
  username: string;
  eventTypes: CalcomEventType[];
  bookings: CalcomBooking[];
  requests: CalcomRequest[];
  close(): Promise<void>;
}

export interface StandInCalcomOptions {
  port?: number;
  apiKey?: string;
  username?: string;
  eventTypes?: CalcomEventType[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const fail = (res: http.ServerResponse, status: number, message: string) => send(res, status, { status: 'error', error: { code: String(status), message } });

function days(start: string, end: string): string[] {
  const out: string[] = [];
  const from = Date.parse(`${start.slice(0, 10)}T00:00:00Z`);
  const to = Date.parse(`${end.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return out;
  for (let t = from; t <= to && out.length < 62; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export async function startStandInCalcom(options: StandInCalcomOptions = {}): Promise<StandInCalcom> {
  const state: StandInCalcom = {
    baseUrl: '',
    apiKey: options.apiKey ?? 'cal_test_stand_in_key',
    username: options.username ?? 'acme-sales',
    eventTypes: options.eventTypes ?? [{ slug: 'intro-call', lengthMinutes: 30, dailyStarts: ['09:00', '10:00', '14:30'] }],
    bookings: [],
    requests: [],
    close: async () => server.close(),
  };

  /** The event type the request names by slug and owner, or null. */
  const eventType = (slug: unknown, username: unknown, teamSlug: unknown): CalcomEventType | null =>
    state.eventTypes.find((e) => e.slug === slug && (e.teamSlug ? e.teamSlug === teamSlug : username === state.username && teamSlug === undefined)) ?? null;

  const taken = (start: string) => state.bookings.some((b) => b.start === start && b.status !== 'cancelled');

  const server = await startStandInServer(async (req, raw, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body: unknown = null;
    try {
      body = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as unknown) : null;
    } catch {
      fail(res, 400, 'invalid JSON');
      return;
    }
    state.requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body });
    if (req.headers.authorization !== `Bearer ${state.apiKey}`) return fail(res, 401, 'Invalid API key');
    const version = req.headers['cal-api-version'];

    if (req.method === 'GET' && url.pathname === '/v2/me') {
      return send(res, 200, { status: 'success', data: { id: 1, username: state.username, email: `${state.username}@example.com` } });
    }
    if (req.method === 'GET' && url.pathname === '/v2/slots') {
      if (version !== CALCOM_SLOTS_VERSION) return fail(res, 400, `cal-api-version must be ${CALCOM_SLOTS_VERSION}`);
      const q = url.searchParams;
      const type = eventType(q.get('eventTypeSlug'), q.get('username') ?? undefined, q.get('teamSlug') ?? undefined);
      if (!type) return fail(res, 404, 'Event type not found');
      const start = q.get('start');
      const end = q.get('end');
      if (!start || !end) return fail(res, 400, 'start and end are required');
      const data: Record<string, { start: string }[]> = {};
      for (const day of days(start, end)) {
        const free = type.dailyStarts.map((hm) => `${day}T${hm}:00.000Z`).filter((s) => !taken(s));
        if (free.length > 0) data[day] = free.map((s) => ({ start: s }));
      }
      return send(res, 200, { status: 'success', data });
    }
    if (req.method === 'POST' && url.pathname === '/v2/bookings') {
      if (version !== CALCOM_BOOKINGS_VERSION) return fail(res, 400, `cal-api-version must be ${CALCOM_BOOKINGS_VERSION}`);
      if (!isRecord(body)) return fail(res, 400, 'a JSON body is required');
      const type = eventType(body.eventTypeSlug, body.username, body.teamSlug);
      if (!type) return fail(res, 404, 'Event type not found');
      const attendee = body.attendee;
      if (!isRecord(attendee) || typeof attendee.name !== 'string' || typeof attendee.email !== 'string' || typeof attendee.timeZone !== 'string') {
        return fail(res, 400, 'attendee.name, attendee.email and attendee.timeZone are required');
      }
      const start = typeof body.start === 'string' ? new Date(body.start) : null;
      if (!start || Number.isNaN(start.getTime())) return fail(res, 400, 'start must be an ISO 8601 time');
      const iso = start.toISOString();
      const hm = iso.slice(11, 16);
      if (!type.dailyStarts.includes(hm) || taken(iso)) return fail(res, 400, 'User either already has booking at this time or is not available');
      const booking: CalcomBooking = {
        id: state.bookings.length + 1,
        uid: randomUUID(),
        status: 'accepted',
        start: iso,
        end: new Date(start.getTime() + type.lengthMinutes * 60_000).toISOString(),
        eventTypeSlug: type.slug,
        attendee,
        bookingFieldsResponses: isRecord(body.bookingFieldsResponses) ? body.bookingFieldsResponses : {},
      };
      state.bookings.push(booking);
      return send(res, 201, { status: 'success', data: { ...booking, title: `${type.slug} with ${attendee.name}`, attendees: [attendee] } });
    }
    return fail(res, 404, `no route ${req.method} ${url.pathname}`);
  }, options.port ?? 0);
  state.baseUrl = `http://127.0.0.1:${server.port}`;
  return state;
}
