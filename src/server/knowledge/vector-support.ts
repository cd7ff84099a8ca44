import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { migrationText } from '../db/migrate';
import type { EmbeddingModel } from '../model/embedding-model';

/*
 * Whether knowledge search may use embeddings, per database: an embedding model is configured
 * (LLM_EMBEDDING_MODEL) and the database has pgvector with the embeddings table (migration 0018). PGlite ships
 * pgvector; a PostgreSQL server has it only where its operator installed the extension, and without it search
 * stays full text alone (said once at start, by cli/start.ts with vectorBanner).
 *
 * The choice is kept beside the database handle (as connect.ts keeps a handle's pg pool) rather than passed
 * to each search: the search's callers are many and far apart (the route, both conversation paths through the
 * engine, the benchmark), and all of them already hold the handle. The worker reads it from the same place.
 */

export type VectorState =
  | { on: true; model: EmbeddingModel }
  | { on: false; reason: 'no-model' | 'no-pgvector'; model: EmbeddingModel | null };

const enabled = new WeakMap<Db, EmbeddingModel>();

/** The embedding model search and the worker use on this database; null: full text alone. */
export const knowledgeEmbeddings = (db: Db): EmbeddingModel | null => enabled.get(db) ?? null;

const tableReady = async (db: Db) =>
  (await sql<{ ok: boolean }>`SELECT to_regtype('vector') IS NOT NULL AND to_regclass('knowledge_passage_embeddings') IS NOT NULL AS ok`.execute(db)).rows[0]?.ok === true;

/**
 * Turns vector search on for `db` when `model` is given and pgvector is there. Migration 0018 made the table
 * where it could; an extension installed on the server since is taken up here by running it again (idempotent).
 */
export async function enableKnowledgeEmbeddings(db: Db, model: EmbeddingModel | null): Promise<VectorState> {
  enabled.delete(db);
  if (!model) return { on: false, reason: 'no-model', model: null };
  if (!(await tableReady(db))) {
    const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'`.execute(db);
    if ((available.rows[0]?.n ?? 0) > 0) await sql.raw(migrationText('0018_knowledge_embeddings.sql')).execute(db);
    if (!(await tableReady(db))) return { on: false, reason: 'no-pgvector', model };
  }
  enabled.set(db, model);
  return { on: true, model };
}

/** Turns vector search off for `db` (tests; a service without embeddings never turns it on). */
export function disableKnowledgeEmbeddings(db: Db): void {
  enabled.delete(db);
}

/** The start banner's line about knowledge search; null when there is nothing to say (no embedding model). */
export function vectorBanner(state: VectorState, kind: 'pglite' | 'postgres'): string | null {
  if (state.on) return `Knowledge search: full text and vector search (LLM_EMBEDDING_MODEL=${state.model.model}, pgvector), fused.`;
  if (state.reason === 'no-model') return null;
  return `Knowledge search: full text alone. LLM_EMBEDDING_MODEL=${state.model?.model ?? ''} is set, but ${
    kind === 'postgres' ? 'this PostgreSQL server has no pgvector extension (install it, e.g. the postgresql-NN-pgvector package, and start again)' : 'pgvector could not be loaded'
  }.`;
}

let lastWarning = 0;
/**
 * A search whose question could not be embedded answers with full text alone; the log says why, once a minute
 * at most (a down endpoint would otherwise write a line per search).
 */
export function warnEmbeddingFailure(e: Error): void {
  const now = Date.now();
  if (now - lastWarning < 60_000) return;
  lastWarning = now;
  console.error(`Knowledge search: full text alone for now, the question could not be embedded: ${e.message}`);
}
