import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { publish } from '../events/bus';
import { knowledgeDocumentEvent } from '../events/build';
import { publishKnowledgebaseStatus } from './bases';
import type { Block } from './blocks';
import { ExtractError } from './extract-error';
import { splitPassages, type Passage } from './passages';
import { ModelCallError } from '../model/chat-model';
import { embedMissingPassages, passageText, storeEmbeddings } from './passage-embeddings';
import { knowledgeEmbeddings } from './vector-support';

/*
 * Processing documents, background work like the call engine's: a document waits as `processing`; a worker
 * claims it with FOR UPDATE SKIP LOCKED and a lease (locked_until, on the database's clock) and a claim token,
 * reads it (extract.ts, website.ts), splits it into passages (passages.ts) and stores them in one transaction
 * that also makes the document `active`, but only while the claim is still its own: a process killed
 * mid-work leaves the lease to run out and the next worker (in this process or another) starts the document
 * again; a process whose lease ran out while it worked finds its claim gone and stores nothing, so a
 * document is never stored twice. A document that cannot be read becomes `failed` with the reason.
 *
 * With embeddings on (LLM_EMBEDDING_MODEL and pgvector, vector-support.ts), a document's passages are embedded
 * before they are stored, in the same transaction, so a document becomes `active` when vector search finds it
 * too. An embedding endpoint that fails does not hold documents back: they become `active` without embeddings
 * (full text finds them at once), and each pass then embeds passages that have none of the configured model
 * (those, older ones, and all of them after the model changed), pausing a minute after a failure.
 */

export interface KnowledgeWorkOptions {
  /** ALLOW_PRIVATE_URLS: websites on loopback, private and link-local addresses may be read. */
  allowPrivate: boolean;
  /** How long a claim holds (default 10 minutes: a site of 50 pages at 15 s a page fits). */
  leaseMs?: number;
  /** Claims of one document before it fails for good (a document that kills its worker each time). */
  maxAttempts?: number;
  /** Documents claimed per call (default 2). */
  batch?: number;
  signal?: AbortSignal;
  now?: () => Date;
  /** Passages embedded per pass at most besides new documents' (default 512): a re-embedding goes on over passes. */
  embedPerPass?: number;
  /** Hears why embedding failed (default: a line on stderr); the worker's loop pauses embedding for a minute. */
  onEmbeddingError?: (e: ModelCallError) => void;
  /** Whether embedding is paused after a failure (the worker's loop says; unset: never). */
  embeddingPaused?: () => boolean;
}

export const DEFAULT_LEASE_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 3;
/** How long the worker's loop leaves embedding alone after the endpoint failed. */
export const EMBEDDING_PAUSE_MS = 60_000;

interface Claimed {
  id: number;
  claim: string;
  attempts: number;
}

/** Claims up to `limit` documents waiting to be processed (not claimed, or whose claim ran out). */
export async function claimDocuments(db: Db, limit: number, leaseMs: number): Promise<Claimed[]> {
  const claim = randomUUID();
  const result = await sql<{ id: number; attempts: number }>`
    UPDATE knowledge_documents SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}), claim = ${claim}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM knowledge_documents
      WHERE status = 'processing' AND (locked_until IS NULL OR locked_until < now())
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, attempts`.execute(db);
  return result.rows.map((r) => ({ id: r.id, claim, attempts: r.attempts })).sort((a, b) => a.id - b.id);
}

/** The document's content as blocks; ExtractError carries why it cannot be read. */
async function readDocument(db: Db, id: number, options: KnowledgeWorkOptions): Promise<Block[]> {
  const row = await db
    .selectFrom('knowledge_documents')
    .select(['type', 'content', 'url', 'links', 'relative_links_limit'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return [];
  // The readers (PDF.js, mammoth, linkedom: ~3.5 MB of code) load with the first document, not at the
  // service's start: most starts have no document waiting.
  if (row.type === 'website') {
    const { readWebsite } = await import('./website');
    return (await readWebsite(row, { allowPrivate: options.allowPrivate, ...(options.signal ? { signal: options.signal } : {}) })).blocks;
  }
  if (!row.content) throw new ExtractError('The uploaded file is missing.');
  const { fileBlocks } = await import('./extract');
  return fileBlocks(row.type, row.content);
}

type Outcome = { status: 'active'; passages: Passage[]; embeddings: { key: string; vectors: number[][] } | null } | { status: 'failed'; error: string };

/** Stores the outcome while the claim is still this worker's; false when it is not (nothing stored). */
async function store(db: Db, claimed: Claimed, outcome: Outcome, now: Date): Promise<{ user_id: number; knowledgebase_id: number } | null> {
  return db.transaction().execute(async (trx) => {
    const doc = await trx
      .updateTable('knowledge_documents')
      .set({
        status: outcome.status,
        error: outcome.status === 'failed' ? outcome.error : null,
        passages_count: outcome.status === 'active' ? outcome.passages.length : 0,
        // The upload has served its purpose: its passages are what is searched.
        content: null,
        locked_until: null,
        claim: null,
        processed_at: toDbTimestamp(now),
        updated_at: toDbTimestamp(now),
      })
      .where('id', '=', claimed.id)
      .where('claim', '=', claimed.claim)
      .where('status', '=', 'processing')
      .returning(['user_id', 'knowledgebase_id'])
      .executeTakeFirst();
    if (!doc) return null;
    await trx.deleteFrom('knowledge_passages').where('document_id', '=', claimed.id).execute();
    if (outcome.status === 'active' && outcome.passages.length > 0) {
      const base = await trx.selectFrom('knowledgebases').select('language').where('id', '=', doc.knowledgebase_id).executeTakeFirstOrThrow();
      const rows = outcome.passages.map((p, position) => ({
        document_id: claimed.id,
        knowledgebase_id: doc.knowledgebase_id,
        position,
        heading: p.heading,
        content: p.content,
        words: p.words,
        config: base.language,
      }));
      // In slices: one statement's parameters are limited (65,535).
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const inserted = await trx.insertInto('knowledge_passages').values(rows.slice(i, i + 500)).returning(['id', 'position']).execute();
        for (const r of inserted) ids[r.position] = r.id;
      }
      const { embeddings } = outcome;
      if (embeddings) await storeEmbeddings(trx, embeddings.key, ids.map((id, position) => ({ passage_id: id, embedding: embeddings.vectors[position]! })));
    }
    return doc;
  });
}

const reportEmbeddingError = (e: ModelCallError) => console.error('Knowledge embeddings:', e.message);

/** The passages' embeddings when embeddings are on and the endpoint answers; null otherwise (embedded later). */
async function embedPassages(db: Db, passages: Passage[], options: KnowledgeWorkOptions): Promise<{ key: string; vectors: number[][] } | null> {
  const model = knowledgeEmbeddings(db);
  if (!model || options.embeddingPaused?.()) return null;
  try {
    const vectors: number[][] = [];
    for (let i = 0; i < passages.length; i += model.batch) {
      vectors.push(...(await model.embed(passages.slice(i, i + model.batch).map((p) => passageText(p.heading, p.content)), options.signal)));
    }
    return { key: model.key, vectors };
  } catch (e) {
    if (!(e instanceof ModelCallError)) throw e;
    (options.onEmbeddingError ?? reportEmbeddingError)(e);
    return null;
  }
}

/** Embeds passages that have no embedding of the configured model (after a failure, older passages, a new model). */
async function embedBacklog(db: Db, options: KnowledgeWorkOptions): Promise<number> {
  const model = knowledgeEmbeddings(db);
  if (!model || options.embeddingPaused?.() || options.signal?.aborted) return 0;
  try {
    return await embedMissingPassages(db, model, options.embedPerPass ?? 512, options.signal);
  } catch (e) {
    if (!(e instanceof ModelCallError)) throw e;
    (options.onEmbeddingError ?? reportEmbeddingError)(e);
    return 0;
  }
}

/** Reads, splits and stores one claimed document. */
export async function processDocument(db: Db, claimed: Claimed, options: KnowledgeWorkOptions): Promise<void> {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  let outcome: Outcome;
  if (claimed.attempts > maxAttempts) {
    outcome = { status: 'failed', error: `Processing stopped after ${maxAttempts} attempts that did not finish. Delete the document and add it again, or try a smaller file.` };
  } else {
    try {
      const passages = splitPassages(await readDocument(db, claimed.id, options));
      outcome = passages.length > 0 ? { status: 'active', passages, embeddings: await embedPassages(db, passages, options) } : { status: 'failed', error: 'No text was found in the document.' };
    } catch (e) {
      if (!(e instanceof ExtractError)) throw e;
      outcome = { status: 'failed', error: e.message };
    }
  }
  const stored = await store(db, claimed, outcome, (options.now ?? (() => new Date()))());
  if (!stored) return;
  // Fresh statistics, so the planner knows how common a word is (search.ts reads knowledge_passage_terms by word),
  // and the new rows of the words marked visible to all, so those reads stay index-only (no row visits): PGlite
  // has no autovacuum to do either (measured there: p50 93 -> 42 ms at 10,000 passages once vacuumed).
  if (outcome.status === 'active') {
    await sql`ANALYZE knowledge_passages`.execute(db);
    await sql`VACUUM (ANALYZE) knowledge_passage_terms`.execute(db);
  }
  publish(db, knowledgeDocumentEvent({ id: claimed.id, user_id: stored.user_id, status: outcome.status, knowledgebase_id: stored.knowledgebase_id }));
  await publishKnowledgebaseStatus(db, stored.user_id, stored.knowledgebase_id);
}

/**
 * Claims waiting documents and processes them, one after another, until none waits; then embeds passages
 * still without embeddings (when embeddings are on). Returns how many documents it processed.
 */
export async function processKnowledgeDocuments(db: Db, options: KnowledgeWorkOptions): Promise<number> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  let done = 0;
  for (;;) {
    if (options.signal?.aborted) return done;
    const claimed = await claimDocuments(db, options.batch ?? 2, leaseMs);
    if (claimed.length === 0) {
      await embedBacklog(db, options);
      return done;
    }
    for (const doc of claimed) {
      await processDocument(db, doc, options);
      done += 1;
    }
  }
}

export interface KnowledgeWorker {
  /** One pass: every waiting document (tests call it by hand). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The worker's loop, beside the engine's (cli/start.ts starts both): every `tickMs` it processes what waits,
 * never two passes at once in one process; other processes on the same PostgreSQL run their own.
 */
export function startKnowledgeWorker(db: Db, options: KnowledgeWorkOptions & { tickMs: number; onError?: (e: unknown) => void }): KnowledgeWorker {
  const abort = new AbortController();
  // After an embedding failure, a minute without trying (new documents become active without embeddings meanwhile).
  let embeddingPausedUntil = 0;
  const work: KnowledgeWorkOptions = {
    ...options,
    signal: abort.signal,
    embeddingPaused: () => Date.now() < embeddingPausedUntil,
    onEmbeddingError: (e) => {
      embeddingPausedUntil = Date.now() + EMBEDDING_PAUSE_MS;
      (options.onEmbeddingError ?? reportEmbeddingError)(e);
    },
  };
  let running: Promise<number> | null = null;
  const pass = () => {
    running ??= processKnowledgeDocuments(db, work).finally(() => {
      running = null;
    });
    return running;
  };
  const timer =
    options.tickMs > 0
      ? setInterval(() => {
          if (running || abort.signal.aborted) return;
          pass().catch((e: unknown) => {
            if (!abort.signal.aborted) (options.onError ?? ((err: unknown) => console.error('Knowledge documents:', err instanceof Error ? err.message : err)))(e);
          });
        }, options.tickMs)
      : null;
  timer?.unref();
  return {
    runOnce: () => pass(),
    async stop() {
      if (timer) clearInterval(timer);
      abort.abort();
      await running?.catch(() => undefined);
    },
  };
}
