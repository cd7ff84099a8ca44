import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** One committed migration's SQL (knowledge/vector-support.ts runs its conditional one again). */
export const migrationText = (file: string): string => readFileSync(migrationsDir + file, 'utf8');

/** Applies the committed SQL files in name order, each once, each in its own transaction. */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
  )`.execute(db);
  const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  const applied = new Set(done.rows.map((r) => r.name));
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const text = readFileSync(migrationsDir + file, 'utf8');
    await db.transaction().execute(async (trx) => {
      await sql.raw(text).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
    });
    ran.push(file);
  }
  return ran;
}
