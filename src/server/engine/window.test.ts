import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinWindow, localTimeIn, secondsOfDay, type CampaignWindow } from './campaign-window';

const ALL_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAYS_ONLY = ALL_DAYS.slice(0, 5);

// Zones with daylight saving on either hemisphere, half- and quarter-hour offsets, and the extremes.
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Adelaide',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'America/Sao_Paulo',
];

/**
 * The oracle: the zone's UTC offset at that instant, read from Intl's offset name ("GMT+5:45"), then plain
 * arithmetic on the UTC fields. The code under test reads the wall-clock fields instead.
 */
function offsetMinutes(zone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name);
  if (!m) throw new Error(`offset of ${zone}: ${name}`);
  if (!m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

function oracle(zone: string, at: Date): { weekday: string; seconds: number } {
  const shifted = new Date(at.getTime() + offsetMinutes(zone, at) * 60_000);
  const sundayFirst = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  return {
    weekday: sundayFirst[shifted.getUTCDay()] ?? '',
    seconds: shifted.getUTCHours() * 3600 + shifted.getUTCMinutes() * 60 + shifted.getUTCSeconds(),
  };
}

// 2020-2035, whole seconds (the window is read to the second).
const instant = fc.integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2035, 11, 31) / 1000 }).map((s) => new Date(s * 1000));
const zone = fc.constantFrom(...ZONES);
const hhmm = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;

function campaign(over: Partial<CampaignWindow> = {}): CampaignWindow {
  return {
    timezone: 'Europe/Berlin',
    allowed_days: WEEKDAYS_ONLY,
    allowed_hours_start_time: '09:00',
    allowed_hours_end_time: '17:00',
    ...over,
  };
}

describe('campaign window', () => {
  it('reads the wall clock of any zone at any instant as offset arithmetic does', () => {
    fc.assert(
      fc.property(zone, instant, (z, at) => {
        expect(localTimeIn(z, at)).toEqual(oracle(z, at));
      }),
      { numRuns: 100 },
    );
  });

  it('dials exactly inside the allowed days and [start, end) in the campaign zone', () => {
    const window = fc
      .tuple(fc.integer({ min: 0, max: 23 * 60 }), fc.integer({ min: 1, max: 24 * 60 }))
      .filter(([a, b]) => a < b)
      .map(([a, b]) => ({ start: a * 60, end: b * 60 }));
    const days = fc.subarray(ALL_DAYS, { minLength: 1 });
    const withSeconds = fc.boolean();
    fc.assert(
      fc.property(zone, instant, window, days, withSeconds, (z, at, w, allowed, secs) => {
        const fmt = (s: number) => (s === 24 * 3600 ? '24:00' : hhmm(s)) + (secs ? ':00' : '');
        const c = campaign({ timezone: z, allowed_days: allowed, allowed_hours_start_time: fmt(w.start), allowed_hours_end_time: fmt(w.end) });
        const local = oracle(z, at);
        const expected = allowed.includes(local.weekday) && local.seconds >= w.start && local.seconds < w.end;
        expect(isWithinWindow(c, at)).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('is closed on a Saturday, at 08:59 and at 17:00 in Berlin, open from 09:00 to 16:59:59', () => {
    const c = campaign();
    // 2026-03-07 is a Saturday; Berlin is UTC+1 in winter.
    expect(isWithinWindow(c, new Date('2026-03-07T10:00:00Z'))).toBe(false);
    // Monday 2026-03-09
    expect(isWithinWindow(c, new Date('2026-03-09T07:59:59Z'))).toBe(false);
    expect(isWithinWindow(c, new Date('2026-03-09T07:59:00Z'))).toBe(false);
    expect(isWithinWindow(c, new Date('2026-03-09T08:00:00Z'))).toBe(true);
    expect(isWithinWindow(c, new Date('2026-03-09T15:59:59Z'))).toBe(true);
    expect(isWithinWindow(c, new Date('2026-03-09T16:00:00Z'))).toBe(false);
    // Summer time (UTC+2) from 2026-03-29: 09:00 local is 07:00 UTC on Monday 2026-03-30.
    expect(isWithinWindow(c, new Date('2026-03-30T06:59:59Z'))).toBe(false);
    expect(isWithinWindow(c, new Date('2026-03-30T07:00:00Z'))).toBe(true);
    // Friday 23:30 UTC is Saturday 00:30 in Berlin: closed, whatever the hours.
    expect(isWithinWindow(campaign({ allowed_hours_start_time: '00:00', allowed_hours_end_time: '23:59' }), new Date('2026-03-06T23:30:00Z'))).toBe(false);
  });

  it('reads the campaign zone, not the server one', () => {
    // Monday 2026-03-09 14:00 UTC is 09:00 in New York (UTC-4 from 2026-03-08) and 15:00 in Berlin.
    const at = new Date('2026-03-09T13:00:00Z');
    expect(isWithinWindow(campaign({ timezone: 'America/New_York' }), at)).toBe(true);
    expect(isWithinWindow(campaign({ timezone: 'America/New_York' }), new Date('2026-03-09T12:59:59Z'))).toBe(false);
    expect(isWithinWindow(campaign({ timezone: 'Asia/Tokyo' }), at)).toBe(false);
  });

  it('takes "09:00" and "09:00:00" alike, and dials never on settings it cannot read', () => {
    const at = new Date('2026-03-09T08:00:00Z');
    expect(isWithinWindow(campaign({ allowed_hours_start_time: '09:00:00', allowed_hours_end_time: '17:00:00' }), at)).toBe(true);
    expect(isWithinWindow(campaign({ allowed_hours_start_time: '9:00' }), at)).toBe(true);
    expect(isWithinWindow(campaign({ allowed_hours_start_time: '09:00:01' }), at)).toBe(false);
    expect(isWithinWindow(campaign({ timezone: 'Mars/Olympus_Mons' }), at)).toBe(false);
    expect(isWithinWindow(campaign({ allowed_hours_start_time: 'nine' }), at)).toBe(false);
    expect(isWithinWindow(campaign({ allowed_days: [] }), at)).toBe(false);
    expect(isWithinWindow(campaign({ allowed_days: ['Monday'] }), at)).toBe(true);
    expect(secondsOfDay('17:30:15')).toBe(17 * 3600 + 30 * 60 + 15);
    expect(secondsOfDay('25:00')).toBeNull();
  });
});
