import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool';
import type { Database } from './schema';
import { migrate } from './migrate';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives: the data dir, or the server URL without its password. */
  location: string;
  close(): Promise<void>;
}

// Both drivers give timestamps and numerics as text and 64-bit counts as numbers, so rows look the same.
const OID = { int8: 20, numeric: 1700, timestamp: 1114, timestamptz: 1184 } as const;
const asText = (v: string) => v;

/** The pg pool behind a PostgreSQL-backed Db, for the few libraries that want a pool rather than Kysely. */
const pools = new WeakMap<Db, pg.Pool>();
export const pgPoolOf = (db: Db): pg.Pool | undefined => pools.get(db);

export interface OpenOptions {
  /** PostgreSQL server; when absent, the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** A schema on the PostgreSQL server to work in (tests give each run its own). */
  schema?: string | undefined;
  /** PGlite's shared_buffers (e.g. `32MB`); PGLITE_SHARED_BUFFERS in the service's configuration. */
  sharedBuffers?: string | undefined;
  /** Connections of the PostgreSQL pool (default 10); DATABASE_POOL_SIZE in the service's configuration. */
  poolSize?: number | undefined;
  /** An in-memory PGlite starts from this dump of a data folder (`dumpPglite`) instead of an empty cluster. */
  snapshot?: Blob | undefined;
}

/*
 * PGlite's own default is PostgreSQL's 128MB of shared buffers, all of it written (so resident) when the
 * database opens: more than the whole demo database. With 16MB the service holds 120 MB less; a page that
 * misses comes from the operating system's file cache, not the disk, and the call log at 100,000 calls
 * served as many requests a second under 32 connections as with 128MB (npm run bench:memory).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.schema, options.poolSize ?? 10)
    : await openPglite(options.dataDir, options.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS, options.snapshot);
  await migrate(handle.db);
  return handle;
}

/** The handle's PGlite, for dumping its data folder (tests start theirs from a migrated one). */
const pglites = new WeakMap<Db, PGlite>();

/** A PGlite handle's data folder as one uncompressed tar, for `OpenOptions.snapshot`. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const pglite = pglites.get(handle.db);
  if (!pglite) throw new Error('dumpPglite: not a PGlite handle');
  return pglite.dumpDataDir('none');
}

async function openPglite(dataDir: string | undefined, sharedBuffers: string, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  const pglite = await PGlite.create({
    ...(dataDir && dataDir !== 'memory://' ? { dataDir } : {}),
    // A data folder to start from skips initdb, PGlite's costliest step at create (2-5x faster).
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    // Settings of the one session (timezone saves a round trip at open), on top of PGlite's own.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`, '-c', 'timezone=UTC'],
    // pgvector, for knowledge search with embeddings (migration 0018 creates it; used only with LLM_EMBEDDING_MODEL).
    extensions: { vector },
    parsers: {
      [OID.int8]: (v: string) => Number(v),
      [OID.numeric]: asText,
      [OID.timestamp]: asText,
      [OID.timestamptz]: asText,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  pglites.set(db, pglite);
  return {
    db,
    kind: 'pglite',
    location: dataDir ?? 'memory://',
    close: () => db.destroy(),
  };
}

async function openPostgres(url: string, schema: string | undefined, poolSize: number): Promise<DatabaseHandle> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === OID.int8) return (v: string) => Number(v);
      if (oid === OID.numeric || oid === OID.timestamp || oid === OID.timestamptz) return asText;
      return pg.types.getTypeParser(oid, format);
    },
  } as unknown as typeof pg.types;
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    await admin.end();
  }
  const searchPath = schema ? ` -c search_path=${schema}` : '';
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    options: `-c timezone=UTC${searchPath}`,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  const safe = new URL(url);
  safe.password = '';
  return { db, kind: 'postgres', location: safe.toString(), close: () => db.destroy() };
}
