import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dumpPglite, openDatabase, type DatabaseHandle } from '../db/connect';

/*
 * Most service test files open a fresh in-memory PGlite: an empty cluster (initdb) and then every
 * migration, 2-3 s of CPU each on a quiet machine and 20-30 s on a loaded one, most of it initdb. A dump of
 * one migrated database, kept in the temp folder under a name that changes with the migrations and PGlite's
 * version, starts the next one in a fraction of that (loadDataDir skips initdb; migrate finds nothing to do).
 * The first file of a run makes it; files running side by side may each make one: the rename is atomic.
 */

const migrationsDir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
// Its package.json is not among its exports: found beside its entry (dist/index.js).
const pgliteManifest = join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..', 'package.json');
const pgliteVersion = (JSON.parse(readFileSync(pgliteManifest, 'utf8')) as { version: string }).version;

function snapshotPath(): string {
  const hash = createHash('sha256').update(pgliteVersion);
  for (const file of readdirSync(migrationsDir).sort()) hash.update(file).update(readFileSync(join(migrationsDir, file)));
  return join(tmpdir(), `vc-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

let cached: Blob | undefined;

async function migratedSnapshot(): Promise<Blob> {
  if (cached) return cached;
  const path = snapshotPath();
  if (existsSync(path)) {
    cached = new Blob([readFileSync(path)]);
    return cached;
  }
  const fresh = await openDatabase({ dataDir: 'memory://' });
  cached = await dumpPglite(fresh);
  await fresh.close();
  const partial = `${path}.${process.pid}.part`;
  writeFileSync(partial, new Uint8Array(await cached.arrayBuffer()));
  renameSync(partial, path);
  return cached;
}

/** A fresh, migrated in-memory PGlite database, started from the run's snapshot. */
export async function openTestPglite(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: 'memory://', snapshot: await migratedSnapshot() });
}
