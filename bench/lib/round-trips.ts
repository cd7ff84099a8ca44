import type pg from 'pg';
import type { Db } from '../../src/server/db/connect';
import { pgPoolOf } from '../../src/server/db/connect';

/*
 * Statements sent to PostgreSQL through a Db's pool, counted (each is one round trip; BEGIN and COMMIT
 * included), so a bench can say how many a request costs: a figure the machine's load does not move.
 * Every client the pool hands out is wrapped on its first acquisition, whenever it was connected. Each
 * statement is also tallied by its first words, to show which ones a request makes. Null on PGlite.
 */

export interface RoundTrips {
  count(): number;
  /** Statements by their first 60 characters (whitespace squeezed), most frequent first. */
  statements(): Record<string, number>;
  reset(): void;
}

export function countRoundTrips(db: Db): RoundTrips | null {
  const pool = pgPoolOf(db);
  if (!pool) return null;
  let count = 0;
  let byText = new Map<string, number>();
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      count += 1;
      const first = args[0];
      const text = typeof first === 'string' ? first : typeof first === 'object' && first !== null && 'text' in first ? String(first.text) : '?';
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 60);
      byText.set(key, (byText.get(key) ?? 0) + 1);
      return query(...args);
    };
  });
  return {
    count: () => count,
    statements: () => Object.fromEntries([...byText].sort((a, b) => b[1] - a[1])),
    reset() {
      count = 0;
      byText = new Map();
    },
  };
}
