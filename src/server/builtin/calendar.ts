import type { ChatTool } from '../model/chat-model';
import type { JsonRecord } from '../db/schema';
import type { ToolOutcome } from '../conversations/tool-call';
import { book, calcomBase, CalcomError, freeSlots, type CalcomTarget } from './calcom';

/*
 * The hosted `calendar_integration` built-in tool as two functions for the model: check_availability (free
 * starts of the cal.com event type over some days) and book_appointment (one of them for the caller, with the
 * event type's booking fields). The tool's data: calcom_api_key, calcom_event_slug, calcom_team_slug?,
 * calcom_endpoint? (us | eu | custom + calcom_custom_endpoint), calcom_booking_fields? (each `{name, type?,
 * description?, required?}`: one more argument of book_appointment, sent in bookingFieldsResponses).
 * A second calendar tool on one assistant gets its functions suffixed _2, _3, ...
 */

export const CHECK_AVAILABILITY = 'check_availability';
export const BOOK_APPOINTMENT = 'book_appointment';
/** Starts given back to the model at most (the first ones). */
export const MAX_SLOTS = 20;
const MAX_DAYS = 14;

interface BookingField {
  name: string;
  type: 'string' | 'number' | 'boolean';
  description: string;
  required: boolean;
}

const FIELD_NAME = /^[A-Za-z][\w-]{0,63}$/;
/** Taken by book_appointment itself (the attendee and the start). */
const OWN_ARGS = new Set(['start', 'name', 'email', 'phone', 'guests']);

function bookingFields(stored: unknown): BookingField[] {
  if (!Array.isArray(stored)) return [];
  const out: BookingField[] = [];
  for (const item of stored) {
    if (typeof item !== 'object' || item === null) continue;
    const f = item as JsonRecord;
    const name = [f.name, f.slug, f.key].find((v): v is string => typeof v === 'string' && FIELD_NAME.test(v));
    if (!name || OWN_ARGS.has(name) || out.some((o) => o.name === name)) continue;
    const type = f.type === 'number' || f.type === 'boolean' ? f.type : 'string';
    const description = [f.description, f.label].find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? name.replace(/[_-]/g, ' ');
    out.push({ name, type, description: description.slice(0, 300), required: f.required === true });
  }
  return out;
}

/** The day `now` is in `timeZone`, YYYY-MM-DD (UTC's for an unknown zone). */
export function dayIn(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface CalendarContext {
  allowPrivate: boolean;
  timeZone: string;
  now: () => Date;
}

export interface CalendarFunctions {
  functions: ChatTool[];
  call(name: string, args: JsonRecord, signal?: AbortSignal): Promise<ToolOutcome>;
}

const failure = (error: string, started: number, status: number | null = null): ToolOutcome => ({ result: null, error, duration_ms: Math.round(performance.now() - started), status_code: status });

/** The functions of one calendar_integration tool (`suffix`: '' for the first, '_2' for a second). */
export function calendarFunctions(data: JsonRecord, suffix: string, ctx: CalendarContext): CalendarFunctions {
  const description = typeof data.description === 'string' ? data.description : 'Book appointments in the calendar';
  const fields = bookingFields(data.calcom_booking_fields);
  const target = (signal?: AbortSignal): CalcomTarget => ({
    base: calcomBase(data.calcom_endpoint, data.calcom_custom_endpoint),
    apiKey: String(data.calcom_api_key ?? ''),
    eventSlug: String(data.calcom_event_slug ?? ''),
    teamSlug: typeof data.calcom_team_slug === 'string' && data.calcom_team_slug.trim() !== '' ? data.calcom_team_slug.trim() : null,
    allowPrivate: ctx.allowPrivate,
    ...(signal ? { signal } : {}),
  });
  const check = CHECK_AVAILABILITY + suffix;
  const booking = BOOK_APPOINTMENT + suffix;
  const fieldProps = Object.fromEntries(fields.map((f) => [f.name, { type: f.type, description: f.description }]));
  const functions: ChatTool[] = [
    {
      name: check,
      description: `${description}. Finds free appointment times (start times in ${ctx.timeZone}). Use it before offering or booking a time.`,
      parameters: {
        type: 'object',
        properties: {
          date: { type: 'string', description: 'The first day to look at, YYYY-MM-DD (default: today)' },
          days: { type: 'number', description: `How many days from that day to look at, 1-${MAX_DAYS} (default 7)` },
        },
        additionalProperties: false,
      },
    },
    {
      name: booking,
      description: `${description}. Books one of the free start times check_availability${suffix} found, for the caller.`,
      parameters: {
        type: 'object',
        properties: {
          start: { type: 'string', description: 'The start time exactly as check_availability gave it (ISO 8601)' },
          name: { type: 'string', description: "The caller's full name" },
          email: { type: 'string', description: "The caller's e-mail address" },
          phone: { type: 'string', description: "The caller's phone number, E.164 (optional)" },
          ...fieldProps,
        },
        required: ['start', 'name', 'email', ...fields.filter((f) => f.required).map((f) => f.name)],
        additionalProperties: false,
      },
    },
  ];

  const call = async (name: string, args: JsonRecord, signal?: AbortSignal): Promise<ToolOutcome> => {
    const started = performance.now();
    try {
      if (name === check) {
        const today = dayIn(ctx.now(), ctx.timeZone);
        const date = typeof args.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(args.date) && args.date >= today ? args.date : today;
        const days = Math.min(MAX_DAYS, Math.max(1, Math.round(Number(args.days) || 7)));
        const end = addDays(date, days - 1);
        const { starts } = await freeSlots(target(signal), { start: date, end, timeZone: ctx.timeZone });
        const result = { time_zone: ctx.timeZone, from: date, to: end, free_starts: starts.slice(0, MAX_SLOTS), more: Math.max(0, starts.length - MAX_SLOTS) };
        return { result, error: null, duration_ms: Math.round(performance.now() - started), status_code: 200 };
      }
      const start = typeof args.start === 'string' ? args.start.trim() : '';
      const person = typeof args.name === 'string' ? args.name.trim() : '';
      const email = typeof args.email === 'string' ? args.email.trim() : '';
      if (start === '' || Number.isNaN(Date.parse(start))) return failure('invalid call: start must be one of the start times check_availability gave', started);
      if (person === '' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return failure('invalid call: the caller\'s name and e-mail address are required', started);
      const missing = fields.filter((f) => f.required && (args[f.name] === undefined || args[f.name] === ''));
      if (missing.length > 0) return failure(`invalid call: ${missing.map((f) => f.name).join(', ')} required`, started);
      const responses: JsonRecord = {};
      for (const f of fields) if (args[f.name] !== undefined) responses[f.name] = args[f.name];
      const phone = typeof args.phone === 'string' && args.phone.trim() !== '' ? args.phone.trim() : undefined;
      const booked = await book(target(signal), {
        start,
        attendee: { name: person, email, timeZone: ctx.timeZone, ...(phone ? { phoneNumber: phone } : {}) },
        fields: responses,
      });
      return { result: { booked: true, ...booked }, error: null, duration_ms: Math.round(performance.now() - started), status_code: 200 };
    } catch (e) {
      if (e instanceof CalcomError) return failure(e.message, started, e.status);
      throw e;
    }
  };
  return { functions, call };
}
