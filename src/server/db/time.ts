/*
 * The database gives timestamps as text in UTC ("2026-11-22 20:39:10.12" — PostgreSQL drops trailing
 * zeros of the fraction). The API prints two forms: ISO with microseconds and Z on assistants and tools,
 * Laravel's plain "Y-m-d H:i:s" on leads and calls.
 */

function split(dbText: string): { date: string; time: string; fraction: string } {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d+))?/.exec(dbText);
  if (!m) throw new Error(`Unexpected timestamp from the database: ${dbText}`);
  return { date: m[1] ?? '', time: m[2] ?? '', fraction: m[3] ?? '' };
}

/** 2026-11-22T20:39:10.123456Z */
export function isoMicros(dbText: string): string {
  const { date, time, fraction } = split(dbText);
  return `${date}T${time}.${fraction.padEnd(6, '0').slice(0, 6)}Z`;
}

/** 2026-11-22 20:39:10 */
export function laravelDateTime(dbText: string): string {
  const { date, time } = split(dbText);
  return `${date} ${time}`;
}

export function isoMicrosOrNull(dbText: string | null): string | null {
  return dbText === null ? null : isoMicros(dbText);
}

/** A JS Date as the database's UTC text, for inserts with explicit times (seeding, tests). */
export function toDbTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}
