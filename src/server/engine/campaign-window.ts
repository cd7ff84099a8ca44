import { WEEKDAYS } from '../../contract';

/*
 * When a campaign may dial: on its allowed days, from its start time up to (not including) its end time,
 * both read on the wall clock of the campaign's own time zone. Daylight-saving changes need no special
 * case: Intl gives the local wall-clock time of the instant, and the window is compared against that.
 */

export interface CampaignWindow {
  timezone: string;
  allowed_days: readonly string[];
  /** "09:00" or "09:00:00" (the hosted service prints seconds). */
  allowed_hours_start_time: string;
  allowed_hours_end_time: string;
}

export interface LocalTime {
  /** monday … sunday */
  weekday: string;
  /** Seconds since local midnight. */
  seconds: number;
}

// Formatters are costly to build and a zone's never changes: one per zone for the life of the process.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The weekday and time of day of an instant on the wall clock of a zone. */
export function localTimeIn(timeZone: string, at: Date): LocalTime {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // Some engines print midnight as "24" even with h23; it is the start of the day either way.
  const hour = Number(get('hour')) % 24;
  return {
    weekday: get('weekday').toLowerCase(),
    seconds: hour * 3600 + Number(get('minute')) * 60 + Number(get('second')),
  };
}

/** "9:00", "09:00" or "09:00:00" → seconds since midnight; null when it is none of those. */
export function secondsOfDay(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  const s = Number(m[3] ?? '0');
  if (h > 24 || min > 59 || s > 59) return null;
  return h * 3600 + min * 60 + s;
}

function knownZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the campaign may dial at this instant. A campaign whose settings cannot be read (an unknown
 * zone, a time that is not one, no allowed day) dials never rather than at a guessed hour.
 */
export function isWithinWindow(campaign: CampaignWindow, at: Date): boolean {
  const zone = campaign.timezone;
  if (!knownZone(zone)) return false;
  const start = secondsOfDay(campaign.allowed_hours_start_time);
  const end = secondsOfDay(campaign.allowed_hours_end_time);
  if (start === null || end === null) return false;
  const local = localTimeIn(zone, at);
  const days: readonly string[] = WEEKDAYS;
  if (!days.includes(local.weekday)) return false;
  if (!campaign.allowed_days.map((d) => d.toLowerCase()).includes(local.weekday)) return false;
  return local.seconds >= start && local.seconds < end;
}
