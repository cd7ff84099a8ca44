import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/*
 * Kysely's PostgresDialect speaks to a pg-style pool. PGlite is one connection in this process, so the
 * "pool" hands it out one holder at a time: a transaction keeps it until release, and nothing else can
 * interleave statements into it.
 */
export function pglitePool(pg: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  async function acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = tail;
    tail = previous.then(() => held);
    await previous;
    return release;
  }

  return {
    options: {},
    async connect(): Promise<PostgresPoolClient> {
      const release = await acquire();
      let released = false;
      return {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
          // Without parameters the simple protocol runs it, which also takes several statements (migrations).
          const result =
            parameters.length === 0
              ? ((await pg.exec(sql)).at(-1) ?? { rows: [] as R[] })
              : await pg.query<R>(sql, parameters as unknown[]);
          const affected = (result as { affectedRows?: number }).affectedRows;
          return {
            command: (/^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT') as PostgresQueryResult<R>['command'],
            rowCount: affected ?? result.rows.length,
            rows: result.rows as R[],
          };
        },
        release() {
          if (!released) {
            released = true;
            release();
          }
        },
      } as unknown as PostgresPoolClient;
    },
    async end() {
      await pg.close();
    },
  };
}
