import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { issueToken } from '../src/server/auth/tokens';
import { openDatabase, type DatabaseHandle } from '../src/server/db/connect';
import { searchKnowledge } from '../src/server/knowledge/search';
import {
  answerRank,
  bulkDocuments,
  CORPUS_LANGUAGES,
  KB_LANGUAGE,
  loadCorpus,
  percentile,
  score,
  type Corpus,
  type CorpusLanguage,
  type FoundPassage,
  type Scores,
} from './lib/knowledge-corpus';
import { type Figure, runBench, startBench } from './lib/report';

/*
 * `npm run bench:knowledge` (not a test): what a caller's question finds in a knowledge base, measured
 * through the service's HTTP API as a user meets it. The service runs as `npm start` runs it (cli/start.ts,
 * its background work included) in a child process on a fresh embedded database, or in a schema of its own
 * on DATABASE_URL. The bench signs in with a token, makes an English and a German knowledge base, uploads
 * the corpus (bench/knowledge/) as txt files, waits until the document list shows every document processed,
 * and asks every question through POST /user/knowledgebases/{id}/search:
 * - recall@1, recall@3 and mean reciprocal rank (of the first 10 results) per language and overall, full
 *   text alone; again with embeddings when LLM_EMBEDDING_MODEL and LLM_BASE_URL are set (a second service
 *   on a second fresh database, since passages are embedded as they are indexed);
 * - indexing throughput: documents, passages and pages (500 words) a second from the first upload to the
 *   last document processed;
 * - search time at 10,000 passages: a knowledge base filled with synthetic documents (the corpus's sentences
 *   shuffled), then the English questions asked one after another, p50/p95 as the client sees them.
 * Figures go to the console and to test-results/knowledge.json.
 *
 * Options: --passages 10000 --searches 300 --quick (1,000 passages, 60 searches) --concurrency 4
 *          --search-budget-s 300 (each side's timed searches stop there, so a slow search cannot hold the
 *          bench for hours; the count run is reported) --database-url URL (or DATABASE_URL)
 *          --keep (leave the data folder or schema)
 *          --schema NAME (with a database URL: work in that schema and keep it; when an earlier run left the
 *          bench's knowledge bases there, they are used as they are: no upload, no indexing figures, the
 *          questions and the timed searches only; so a change to search is measured in minutes, on the same data)
 */

const { values: opts } = parseArgs({
  options: {
    passages: { type: 'string' },
    searches: { type: 'string' },
    quick: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '4' },
    'search-budget-s': { type: 'string', default: '300' },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
    schema: { type: 'string' },
  },
});
const QUICK = opts.quick ?? false;
const TARGET_PASSAGES = Number(opts.passages ?? (QUICK ? 1_000 : 10_000));
const SEARCHES = Number(opts.searches ?? (QUICK ? 60 : 300));
const CONCURRENCY = Math.max(1, Number(opts.concurrency));
const SEARCH_BUDGET_MS = Number(opts['search-budget-s']) * 1000;
/** Searches before the timed ones: the first plans and cold pages are not what a search costs. */
const WARMUP = Math.min(20, Math.ceil(SEARCHES / 5));
const DATABASE_URL = opts['database-url'] ?? process.env.DATABASE_URL ?? undefined;
if (opts.schema !== undefined && !DATABASE_URL) throw new Error('--schema needs a database URL (DATABASE_URL or --database-url).');
if (opts.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(opts.schema)) throw new Error(`--schema ${opts.schema}: lower-case letters, digits and _ only.`);
const RESULTS = 10;
const WORDS_PER_PAGE = 500;
const READY_TIMEOUT_MS = 30 * 60_000;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

const EMBEDDINGS = Boolean(process.env.LLM_EMBEDDING_MODEL?.trim() && process.env.LLM_BASE_URL?.trim());

// ---------------------------------------------------------------------------------------------------
// A fresh database for each service run

interface Store {
  kind: 'pglite' | 'postgres';
  /** Environment that points the service at it. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

/** `named`: --schema, kept; else a fresh one. */
function freshStore(named: string | undefined): Store {
  if (DATABASE_URL) {
    const schema = named ?? `bench_knowledge_${randomBytes(4).toString('hex')}`;
    // The service has no schema setting of its own: its pool takes `options` from the URL (pg lets the
    // URL's parameters win over the pool's), so the search path and the time zone it sets travel there.
    const url = new URL(DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema} -c timezone=UTC`);
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url.toString() },
      open: () => openDatabase({ databaseUrl: DATABASE_URL, schema }),
      async drop() {
        if (opts.keep || named !== undefined) return console.log(`  kept schema ${schema} (again: --schema ${schema})`);
        const admin = new pg.Client({ connectionString: DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-knowledge-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    async drop() {
      if (opts.keep) return console.log(`  kept data folder ${dir}`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The service in a child process, as `npm start` runs it

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

interface Service {
  api: string;
  stop(): Promise<void>;
}

async function startService(store: Store, embeddings: boolean): Promise<Service> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...store.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: '0',
    SKIP_STATIC: '1',
    // The bench asks far more than a person would; the hosted limit (100 a minute) would only time it out.
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  if (!embeddings) delete env.LLM_EMBEDDING_MODEL;
  if (!store.env.DATABASE_URL) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'src/server/cli/start.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const api = `http://127.0.0.1:${port}/api`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The service exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${api}/local/info`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - t0 > 120_000) {
      await stop();
      throw new Error(`The service did not answer within 2 minutes:\n${log}`);
    }
    await sleep(200);
  }
  return { api, stop };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------
// The HTTP API, read leniently (the bench measures search, it does not police shapes)

class Client {
  constructor(
    private readonly api: string,
    private readonly token: string,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const init: RequestInit = { method, headers: { Authorization: `Bearer ${this.token}`, Accept: 'application/json' } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${this.api}${path}`, init);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return text === '' ? null : (JSON.parse(text) as unknown);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The hosted API wraps records in `data` (with a `message` on create); tolerate a bare record too. */
const record = (body: unknown): Record<string, unknown> => (isRecord(body) && isRecord(body.data) ? body.data : isRecord(body) ? body : {});
const list = (body: unknown): Record<string, unknown>[] => (isRecord(body) && Array.isArray(body.data) ? body.data.filter(isRecord) : []);
const idOf = (r: Record<string, unknown>): number => {
  const id = Number(r.id);
  if (!Number.isFinite(id)) throw new Error(`No id in ${JSON.stringify(r).slice(0, 200)}`);
  return id;
};

async function createKnowledgeBase(client: Client, name: string, language: 'english' | 'german'): Promise<number> {
  return idOf(record(await client.call('POST', '/user/knowledgebases', { name, description: 'npm run bench:knowledge', language })));
}

async function upload(client: Client, kbId: number, name: string, text: string): Promise<number> {
  const form = new FormData();
  form.set('name', name);
  form.set('type', 'txt');
  form.set('file', new Blob([text], { type: 'text/plain' }), name);
  return idOf(record(await client.call('POST', `/user/knowledgebases/${kbId}/documents`, form)));
}

async function uploadAll(client: Client, kbId: number, docs: readonly { name: string; text: string }[]): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, docs.length) }, async () => {
      while (next < docs.length) {
        const doc = docs[next++]!;
        ids.set(await upload(client, kbId, doc.name, doc.text), doc.name);
      }
    }),
  );
  return ids;
}

interface DocumentState {
  id: number;
  name: string;
  status: string;
  passages: number | null;
  error: string | null;
}

/** Every page of the document list (the hosted list is one page; a paged one says so in meta/links). */
async function documents(client: Client, kbId: number): Promise<DocumentState[]> {
  const out: DocumentState[] = [];
  for (let page = 1; ; page++) {
    const body = await client.call('GET', `/user/knowledgebases/${kbId}/documents${page > 1 ? `?page=${page}` : ''}`);
    for (const d of list(body)) {
      out.push({
        id: idOf(d),
        name: String(d.name ?? ''),
        status: String(d.status ?? ''),
        passages: typeof d.passages_count === 'number' ? d.passages_count : null,
        error: typeof d.error === 'string' ? d.error : null,
      });
    }
    const meta = isRecord(body) && isRecord(body.meta) ? body.meta : null;
    const lastPage = meta && typeof meta.last_page === 'number' ? meta.last_page : 1;
    if (page >= lastPage) return out;
  }
}

/** Polls the document list until none is processing (a progress line every 10 s); the documents as they ended. */
async function waitProcessed(client: Client, kbId: number, expected: number): Promise<DocumentState[]> {
  const t0 = Date.now();
  let said = t0;
  for (;;) {
    const docs = await documents(client, kbId);
    if (docs.length >= expected && docs.every((d) => d.status !== 'processing')) return docs;
    if (Date.now() - said >= 10_000) {
      said = Date.now();
      const done = docs.filter((d) => d.status !== 'processing');
      bench.progress(`knowledge base ${kbId}: ${done.length} of ${expected} documents processed, ${done.reduce((n, d) => n + (d.passages ?? 0), 0)} passages`);
    }
    if (Date.now() - t0 > READY_TIMEOUT_MS) {
      const left = docs.filter((d) => d.status === 'processing').length;
      throw new Error(`Knowledge base ${kbId}: ${left} of ${docs.length} documents still processing after ${READY_TIMEOUT_MS / 60_000} minutes.`);
    }
    await sleep(expected > 100 ? 1_000 : 200);
  }
}

interface SearchResult extends FoundPassage {
  document_name: string;
  heading: string | null;
  rank: number;
  /** How the service ranked it: `fulltext`, or `hybrid` (fused with vector search). */
  ranking: string;
}

async function search(client: Client, kbId: number, query: string, limit: number): Promise<SearchResult[]> {
  return list(await client.call('POST', `/user/knowledgebases/${kbId}/search`, { query, limit })).map((r) => ({
    document_id: Number(r.document_id),
    document_name: String(r.document_name ?? ''),
    heading: typeof r.heading === 'string' ? r.heading : null,
    excerpt: String(r.excerpt ?? ''),
    rank: Number(r.rank),
    ranking: typeof r.ranking === 'string' ? r.ranking : 'fulltext',
  }));
}

// ---------------------------------------------------------------------------------------------------
// Figures

interface Throughput {
  documents: number;
  passages: number | null;
  words: number;
  failed: number;
  seconds: number;
  documents_per_s: number;
  passages_per_s: number | null;
  pages_per_s: number;
}

function throughput(docs: DocumentState[], words: number, ms: number): Throughput {
  const seconds = ms / 1000;
  const counted = docs.every((d) => d.passages !== null);
  const passages = counted ? docs.reduce((s, d) => s + (d.passages ?? 0), 0) : null;
  return {
    documents: docs.length,
    passages,
    words,
    failed: docs.filter((d) => d.status === 'failed').length,
    seconds,
    documents_per_s: docs.length / seconds,
    passages_per_s: passages === null ? null : passages / seconds,
    pages_per_s: words / WORDS_PER_PAGE / seconds,
  };
}

interface Miss {
  language: CorpusLanguage;
  question: string;
  document: string;
  answer_phrase: string;
  /** What came first instead. */
  first: { document: string; heading: string | null } | null;
}

interface Quality {
  by_language: Record<CorpusLanguage, Scores>;
  all: Scores;
  misses: Miss[];
  /** Questions whose answer was ranked `hybrid` (full text fused with vector search), of all asked. */
  hybrid_searches: number;
}

interface Timing {
  searches: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { searches: samples.length, p50_ms: percentile(sorted, 50), p95_ms: percentile(sorted, 95), max_ms: sorted.at(-1) ?? NaN };
}

/** Up to SEARCHES timed calls after WARMUP untimed ones, one at a time, within SEARCH_BUDGET_MS (warm-up included). */
async function timed(call: (query: string) => Promise<unknown>, queries: readonly string[]): Promise<number[]> {
  const start = performance.now();
  const within = () => performance.now() - start < SEARCH_BUDGET_MS;
  for (let i = 0; i < WARMUP && within(); i++) await call(queries[i % queries.length]!);
  const samples: number[] = [];
  for (let i = 0; i < SEARCHES && within(); i++) {
    const s0 = performance.now();
    await call(queries[(WARMUP + i) % queries.length]!);
    samples.push(performance.now() - s0);
  }
  if (samples.length < SEARCHES) console.log(`  (timed searches stopped at the ${SEARCH_BUDGET_MS / 1000} s budget after ${samples.length} of ${SEARCHES})`);
  return samples;
}

interface Run {
  quality: Quality;
  /** Null: the knowledge bases were an earlier run's (--schema), not indexed now. */
  indexing: { corpus: Throughput | null; bulk: Throughput | null };
  search: { knowledgebase_passages: number | null; api: Timing; sql: Timing } | null;
}

/**
 * The bulk: documents until the knowledge base holds the passages asked for. How many passages a document
 * makes is the service's splitter's business, so a first batch of 20 measures it and later batches fill up.
 */
async function fillBulk(client: Client, corpus: Corpus): Promise<{ bulkId: number; bulkIndexing: Throughput; passages: number | null }> {
  bench.progress(`bulk: filling a knowledge base to ${TARGET_PASSAGES} passages`);
  const bulkId = await createKnowledgeBase(client, BULK_BASE, 'english');
  const englishDocs = corpus.documents.filter((d) => d.language === 'en');
  let bulkStates: DocumentState[] = [];
  let bulkWords = 0;
  let uploaded = 0;
  const tb = performance.now();
  for (let round = 0; round < 6; round++) {
    const have = bulkStates.reduce((s, d) => s + (d.passages ?? 0), 0);
    if (have >= TARGET_PASSAGES || bulkStates.some((d) => d.passages === null)) break;
    const count = round === 0 ? Math.min(20, TARGET_PASSAGES) : Math.max(1, Math.ceil((TARGET_PASSAGES - have) / Math.max(1, have / uploaded)));
    const batch = bulkDocuments(englishDocs, count, { startAt: uploaded + 1 });
    bulkWords += batch.reduce((s, d) => s + d.words, 0);
    bench.progress(`bulk: uploading ${count} documents (${have} passages so far)`);
    await uploadAll(client, bulkId, batch);
    uploaded += count;
    bulkStates = await waitProcessed(client, bulkId, uploaded);
  }
  const bulkIndexing = throughput(bulkStates, bulkWords, performance.now() - tb);
  return { bulkId, bulkIndexing, passages: bulkIndexing.passages };
}

// ---------------------------------------------------------------------------------------------------
// One service run: the corpus, the questions, and (full text only) the bulk and the search time

const CORPUS_BASE = (language: CorpusLanguage) => `Bench corpus (${language})`;
const BULK_BASE = 'Bench bulk';

interface Bases {
  corpus: Record<CorpusLanguage, { id: number; names: Map<number, string> }>;
  bulk: { id: number; passages: number | null } | null;
}

/** The bench's knowledge bases an earlier run left in the --schema, with their documents; null when there are none. */
async function earlierBases(client: Client): Promise<Bases | null> {
  const bases = list(await client.call('GET', '/user/knowledgebases'));
  const named = (name: string) => bases.find((b) => b.name === name);
  const corpus = {} as Bases['corpus'];
  for (const language of CORPUS_LANGUAGES) {
    const base = named(CORPUS_BASE(language));
    if (!base) return null;
    const id = idOf(base);
    corpus[language] = { id, names: new Map((await documents(client, id)).map((d) => [d.id, d.name])) };
  }
  const bulk = named(BULK_BASE);
  if (!bulk) return { corpus, bulk: null };
  const docs = await documents(client, idOf(bulk));
  return { corpus, bulk: { id: idOf(bulk), passages: docs.every((d) => d.passages !== null) ? docs.reduce((n, d) => n + (d.passages ?? 0), 0) : null } };
}

async function run(corpus: Corpus, embeddings: boolean, withBulk: boolean): Promise<Run> {
  // Embedded passages are made as they are indexed: that run always indexes, in a fresh schema.
  const store = freshStore(embeddings ? undefined : opts.schema);
  let service: Service | null = null;
  try {
    // The token is made before the service opens the database (an embedded one has one opener at a time).
    const handle = await store.open();
    const { token, userId } = await issueToken(handle.db, 'bench-knowledge@example.com', 'bench:knowledge');
    await handle.close();
    service = await startService(store, embeddings);
    const client = new Client(service.api, token);

    const earlier = opts.schema !== undefined && !embeddings ? await earlierBases(client) : null;
    let kbs: Bases['corpus'];
    let corpusIndexing: Throughput | null = null;
    if (earlier) {
      bench.progress(`the knowledge bases of an earlier run in schema ${opts.schema}: not indexed again (no indexing figures)`);
      kbs = earlier.corpus;
    } else {
      bench.progress(`indexing the corpus${embeddings ? ', passages embedded too' : ''}${withBulk ? `, then bulk to ${TARGET_PASSAGES} passages` : ''}`);
      kbs = {} as Bases['corpus'];
      const t0 = performance.now();
      let states: DocumentState[] = [];
      for (const language of CORPUS_LANGUAGES) {
        const id = await createKnowledgeBase(client, CORPUS_BASE(language), KB_LANGUAGE[language]);
        const docs = corpus.documents.filter((d) => d.language === language).map((d) => ({ name: d.file, text: d.text }));
        kbs[language] = { id, names: await uploadAll(client, id, docs) };
      }
      for (const language of CORPUS_LANGUAGES) states = states.concat(await waitProcessed(client, kbs[language].id, kbs[language].names.size));
      corpusIndexing = throughput(states, corpus.documents.reduce((s, d) => s + d.words, 0), performance.now() - t0);
      for (const d of states.filter((s) => s.status === 'failed')) console.log(`  failed: ${d.name}: ${d.error ?? '(no reason given)'}`);
    }
    bench.progress(`asking the ${corpus.questions.length} questions`);

    const ranks: Record<CorpusLanguage, (number | null)[]> = { en: [], de: [] };
    const misses: Miss[] = [];
    let hybrid = 0;
    for (const q of corpus.questions) {
      const kb = kbs[q.language];
      const documentId = [...kb.names].find(([, name]) => name === q.document)?.[0];
      if (documentId === undefined) throw new Error(`${q.document} was not uploaded`);
      const results = await search(client, kb.id, q.question, RESULTS);
      if (results.some((r) => r.ranking === 'hybrid')) hybrid += 1;
      const rank = answerRank(results, documentId, q.answer_phrase);
      ranks[q.language].push(rank);
      if (rank === null || rank > 3) {
        const first = results[0];
        misses.push({ language: q.language, question: q.question, document: q.document, answer_phrase: q.answer_phrase, first: first ? { document: first.document_name, heading: first.heading } : null });
      }
    }
    const quality: Quality = { by_language: { en: score(ranks.en), de: score(ranks.de) }, all: score([...ranks.en, ...ranks.de]), misses, hybrid_searches: hybrid };

    if (!withBulk) return { quality, indexing: { corpus: corpusIndexing, bulk: null }, search: null };

    const { bulkId, bulkIndexing, passages } = earlier?.bulk ? { bulkId: earlier.bulk.id, bulkIndexing: null, passages: earlier.bulk.passages } : await fillBulk(client, corpus);
    bench.progress(`timed searches at ${passages ?? '?'} passages`);

    // Search time: the English questions in turn against the bulk base, one at a time, after a warm-up.
    const queries = corpus.questions.filter((q) => q.language === 'en').map((q) => q.question);
    const samples = await timed((query) => search(client, bulkId, query, 5), queries);
    const api = timing(samples);

    // The same questions through the function the route calls, without HTTP: the service stopped first, since
    // an embedded database has one opener at a time.
    await service.stop();
    service = null;
    const direct = await store.open();
    let sqlTiming: Timing;
    try {
      const bare = await timed((query) => searchKnowledge(direct.db, userId, bulkId, query, 5), queries);
      sqlTiming = timing(bare);
    } finally {
      await direct.close();
    }
    return {
      quality,
      indexing: { corpus: corpusIndexing, bulk: bulkIndexing },
      search: { knowledgebase_passages: passages, api, sql: sqlTiming },
    };
  } finally {
    await service?.stop();
    await store.drop();
  }
}

// ---------------------------------------------------------------------------------------------------

const f2 = (n: number) => n.toFixed(2);
const f1 = (n: number | null) => (n === null ? 'n/a' : n.toFixed(1));

function printQuality(title: string, q: Quality) {
  console.log(`\n${title}`);
  console.log('  language   questions   recall@1   recall@3   MRR@10');
  const row = (label: string, s: Scores) =>
    console.log(`  ${label.padEnd(10)} ${String(s.questions).padStart(9)}   ${f2(s.recall_at_1).padStart(8)}   ${f2(s.recall_at_3).padStart(8)}   ${f2(s.mrr).padStart(6)}`);
  row('English', q.by_language.en);
  row('German', q.by_language.de);
  row('all', q.all);
  if (q.misses.length > 0) {
    console.log(`  not in the first 3 (${q.misses.length}):`);
    for (const m of q.misses) console.log(`    [${m.language}] ${m.question}  (wanted ${m.document}; first: ${m.first ? `${m.first.document} / ${m.first.heading ?? '-'}` : 'nothing'})`);
  }
}

function printThroughput(label: string, t: Throughput) {
  console.log(
    `  ${label}: ${t.documents} documents (${t.failed} failed), ${t.passages ?? 'unknown'} passages, ${(t.words / WORDS_PER_PAGE).toFixed(0)} pages in ${t.seconds.toFixed(1)} s: ` +
      `${f1(t.documents_per_s)} documents/s, ${f1(t.passages_per_s)} passages/s, ${f1(t.pages_per_s)} pages/s`,
  );
}

const bench = startBench('knowledge');

async function main() {
  const corpus = loadCorpus();
  const kind = DATABASE_URL ? 'postgres' : 'pglite';
  const count = (l: CorpusLanguage) => `${corpus.documents.filter((d) => d.language === l).length} documents, ${corpus.questions.filter((q) => q.language === l).length} questions`;
  bench.progress(`on ${kind}: English ${count('en')}; German ${count('de')}; bulk to ${TARGET_PASSAGES} passages, ${SEARCHES} timed searches`);

  const fullText = await run(corpus, false, true);
  printQuality('Full text (POST /user/knowledgebases/{id}/search, first 10 results)', fullText.quality);
  const withEmbeddings = EMBEDDINGS ? await run(corpus, true, false) : null;
  if (withEmbeddings) {
    printQuality(`Full text fused with vector search (LLM_EMBEDDING_MODEL=${process.env.LLM_EMBEDDING_MODEL} at ${process.env.LLM_BASE_URL})`, withEmbeddings.quality);
    const asked = corpus.questions.length;
    console.log(`  ranked hybrid: ${withEmbeddings.quality.hybrid_searches} of ${asked} searches`);
    // Full text alone answered: the service had no pgvector (a PostgreSQL server without the extension) or the endpoint failed.
    if (withEmbeddings.quality.hybrid_searches < asked) console.log('  (the other searches were full text alone: see the service log — no pgvector on the server, or the embedding endpoint failing)');
  } else {
    console.log(
      '\nembeddings: not measured. Set LLM_BASE_URL and LLM_EMBEDDING_MODEL to measure full text fused with vector search too, e.g.\n' +
        '  LLM_BASE_URL=http://localhost:11434/v1 LLM_EMBEDDING_MODEL=nomic-embed-text npm run bench:knowledge   (Ollama: ollama pull nomic-embed-text)',
    );
  }

  console.log('\nIndexing (upload to every document processed, as the document list shows it)');
  if (fullText.indexing.corpus) printThroughput('corpus', fullText.indexing.corpus);
  else console.log(`  not measured: the knowledge bases of an earlier run (--schema ${opts.schema})`);
  if (withEmbeddings?.indexing.corpus) printThroughput('corpus, passages embedded too', withEmbeddings.indexing.corpus);
  if (fullText.indexing.bulk) printThroughput('bulk  ', fullText.indexing.bulk);
  if (fullText.search) {
    const a = fullText.search.api;
    console.log(`\nSearch at ${fullText.search.knowledgebase_passages ?? 'unknown'} passages in one knowledge base, one request at a time (limit 5)`);
    const b = fullText.search.sql;
    console.log(`  through the API:         p50 ${a.p50_ms.toFixed(1)} ms, p95 ${a.p95_ms.toFixed(1)} ms, max ${a.max_ms.toFixed(1)} ms over ${a.searches} searches`);
    console.log(`  searchKnowledge() alone: p50 ${b.p50_ms.toFixed(1)} ms, p95 ${b.p95_ms.toFixed(1)} ms, max ${b.max_ms.toFixed(1)} ms (in this process, no HTTP)`);
  }
  const figures: Figure[] = [
    { name: 'full text: recall@3', value: fullText.quality.all.recall_at_3, aim: '>= 0.85', pass: fullText.quality.all.recall_at_3 >= 0.85 },
    { name: 'full text: recall@1', value: fullText.quality.all.recall_at_1 },
    { name: 'full text: MRR@10', value: fullText.quality.all.mrr },
  ];
  if (withEmbeddings) figures.push({ name: 'fused with vectors: recall@3', value: withEmbeddings.quality.all.recall_at_3, aim: '>= 0.85', pass: withEmbeddings.quality.all.recall_at_3 >= 0.85 });
  if (fullText.search) {
    const p95 = fullText.search.api.p95_ms;
    figures.push({ name: `search p95 at ${fullText.search.knowledgebase_passages ?? '?'} passages (API)`, value: p95, unit: 'ms', aim: '< 30 ms on PostgreSQL', pass: kind === 'postgres' ? p95 < 30 : null });
    figures.push({ name: 'search p95 (searchKnowledge alone)', value: fullText.search.sql.p95_ms, unit: 'ms' });
  }
  bench.finish(figures, {
    database: kind,
    options: { passages: TARGET_PASSAGES, searches: SEARCHES, warmup: WARMUP, search_budget_s: SEARCH_BUDGET_MS / 1000, quick: QUICK, results: RESULTS, words_per_page: WORDS_PER_PAGE },
    corpus: {
      documents: { en: corpus.documents.filter((d) => d.language === 'en').length, de: corpus.documents.filter((d) => d.language === 'de').length },
      questions: { en: corpus.questions.filter((q) => q.language === 'en').length, de: corpus.questions.filter((q) => q.language === 'de').length },
    },
    full_text: fullText.quality,
    embeddings: withEmbeddings ? { model: process.env.LLM_EMBEDDING_MODEL, ...withEmbeddings.quality, indexing: withEmbeddings.indexing.corpus } : 'not configured',
    indexing: fullText.indexing,
    search: fullText.search,
  });
}

runBench(main);
