import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connect';

/**
 * A bench's own database: on DATABASE_URL a schema of its own (`<prefix>_<random>`, dropped by `close`), else PGlite
 * in memory.
 */
export async function benchDatabase(prefix: string): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  const pgUrl = process.env.DATABASE_URL;
  const schema = pgUrl ? `${prefix}_${randomBytes(4).toString('hex')}` : undefined;
  const handle = await openDatabase(pgUrl ? { databaseUrl: pgUrl, schema } : { dataDir: 'memory://' });
  return {
    handle,
    async close() {
      if (schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
      await handle.close();
    },
  };
}
