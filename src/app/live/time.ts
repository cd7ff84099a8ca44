/*
 * Service times are UTC (YYYY-MM-DD HH:MM:SS); how long a live call has been going is counted from them
 * on this browser's clock.
 */

const SERVICE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** Milliseconds since the epoch of a service time (UTC, or ISO with its own offset); null when unreadable. */
export function parseServiceTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = SERVICE_TIME.exec(value);
  if (!m) return null;
  const rest = value.slice(m[0].length);
  // An ISO form with an offset or Z says its own zone; the bare service form is UTC.
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(rest)) {
    const t = Date.parse(value.replace(' ', 'T'));
    return Number.isNaN(t) ? null : t;
  }
  const [, y, mo, d, h, mi, s] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
}

/** "0:07", "12:05", "1:02:03": how long a call has been going. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** How long ago a service time was, as elapsed time; '—' when unreadable. */
export function since(value: string | null | undefined, now: number): string {
  const t = parseServiceTime(value);
  return t === null ? '—' : formatElapsed(now - t);
}
