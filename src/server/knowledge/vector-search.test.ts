import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type LlmConfig } from '../config';
import { ModelCallError } from '../model/chat-model';
import { createEmbeddingModel, type EmbeddingModel } from '../model/embedding-model';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { uploadDocument } from '../test/knowledge-files';
import { startStandInModel, type StandInModel } from '../test/stand-ins/model';
import { reciprocalRankFusion } from './fusion';
import { searchKnowledge } from './search';
import { disableKnowledgeEmbeddings, enableKnowledgeEmbeddings, vectorBanner, type VectorState } from './vector-support';
import { processKnowledgeDocuments } from './worker';

/*
 * Vector search beside full text, over real HTTP with a real embeddings endpoint (the stand-in model's
 * /v1/embeddings: hashed word stems with a synonym table, src/server/test/stand-ins/embedding.ts). On PGlite pgvector is
 * there and search fuses both rankings; on PostgreSQL without the extension (this machine's) it falls back
 * to full text alone, which the same file shows when TEST_DATABASE_URL is set.
 */

let svc: TestService;
let stand: StandInModel;
let alice: TestUser;
let bob: TestUser;
let llm: LlmConfig;
let model: EmbeddingModel;
let state: VectorState;
const embeddingErrors: ModelCallError[] = [];

const work = () => processKnowledgeDocuments(svc.handle.db, { allowPrivate: true, onEmbeddingError: (e) => embeddingErrors.push(e) });

async function newBase(user: TestUser, name: string): Promise<number> {
  const res = await user.req('POST', '/user/knowledgebases', { name });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
}

async function addText(user: TestUser, baseId: number, name: string, text: string): Promise<number> {
  const res = await uploadDocument(svc.api, user, baseId, { name, type: 'txt' }, { name: `${name}.txt`, bytes: Buffer.from(text) });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
}

async function search(user: TestUser, baseId: number, query: string) {
  const res = await user.req('POST', `/user/knowledgebases/${baseId}/search`, { query, limit: 5 });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { passage_id: number; excerpt: string; headline: { text: string; match: boolean }[]; rank: number; ranking: string; fulltext_rank?: number | null; similarity?: number | null }[];
}

/** The base's passages and the model of each one's embedding (null: none). */
async function embeddingsOf(baseId: number): Promise<(string | null)[]> {
  const rows = await sql<{ model: string | null }>`
    SELECT e.model FROM knowledge_passages p LEFT JOIN knowledge_passage_embeddings e ON e.passage_id = p.id
    WHERE p.knowledgebase_id = ${baseId} ORDER BY p.id`.execute(svc.handle.db);
  return rows.rows.map((r) => r.model);
}

const CLINIC = 'Clinic hours\n\nOur physicians see patients from nine until five, Monday to Friday. Bring your insurance card to every visit.';
const PARKING = 'Parking\n\nVisitors park in the garage behind the building. The first two hours are free of charge at the gate.';
const QUESTION = 'When is a doctor available?';

beforeAll(async () => {
  stand = await startStandInModel();
  svc = await startTestService({ llm: { baseUrl: stand.baseUrl, retryDelayMs: 5 } });
  alice = await svc.user();
  bob = await svc.user();
  llm = { baseUrl: stand.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 1, retryDelayMs: 5 };
  model = createEmbeddingModel(llm, { model: 'stand-in-embed', dimensions: undefined });
  state = await enableKnowledgeEmbeddings(svc.handle.db, model);
}, 60_000);

afterAll(async () => {
  await svc.close();
  await stand.close();
});

describe('reciprocal rank fusion', () => {
  it('adds 1 / (60 + rank) over the rankings, ties to the first ranking', () => {
    const fused = reciprocalRankFusion([
      [1, 2, 3],
      [3, 4, 1],
    ]);
    expect(fused.map((f) => f.id)).toEqual([1, 3, 2, 4]);
    expect(fused[0]).toEqual({ id: 1, score: 1 / 61 + 1 / 63, ranks: [1, 3] });
    expect(fused[2]).toEqual({ id: 2, score: 1 / 62, ranks: [2, null] });
    // 2 and 4 both second in one ranking: full text's (the first) wins the tie.
    expect(reciprocalRankFusion([[2], [4]]).map((f) => f.id)).toEqual([2, 4]);
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('vector search with embeddings (PGlite, pgvector)', () => {
  let base: number;

  it('is on: pgvector is there and a model configured', () => {
    expect(state.on).toBe(true);
    expect(vectorBanner(state, 'pglite')).toContain('full text and vector search (LLM_EMBEDDING_MODEL=stand-in-embed, pgvector)');
  });

  it('embeds a document\'s passages while processing it, before it becomes active', async () => {
    base = await newBase(alice, 'Clinic');
    const before = stand.embeddingRequests.length;
    const clinic = await addText(alice, base, 'clinic', CLINIC);
    await addText(alice, base, 'parking', PARKING);
    expect(await work()).toBe(2);
    expect((await alice.req('GET', `/user/knowledgebases/${base}/documents/${clinic}`)).body.data.status).toBe('active');
    expect(await embeddingsOf(base)).toEqual(['stand-in-embed', 'stand-in-embed']);
    expect(stand.embeddingRequests.length).toBeGreaterThan(before);
    expect(stand.embeddingRequests.at(-1)).toMatchObject({ model: 'stand-in-embed', encoding_format: 'float' });
  });

  it('finds by meaning what full text alone misses, fused with full text', async () => {
    const hits = await search(alice, base, QUESTION);
    expect(hits[0]).toMatchObject({ excerpt: expect.stringContaining('Our physicians see patients'), ranking: 'hybrid', fulltext_rank: null });
    expect(hits[0]!.similarity).toBeGreaterThan(0.2);
    // Found by vector search alone: the whole passage, nothing marked.
    expect(hits[0]!.headline).toEqual([{ text: hits[0]!.excerpt, match: false }]);
    expect(hits[0]!.rank).toBeCloseTo(1 / 61, 6);
    // Full text's words still count: a question both find ranks its passage first, with words marked.
    const both = await search(alice, base, 'garage for my car');
    expect(both[0]).toMatchObject({ excerpt: expect.stringContaining('garage'), ranking: 'hybrid', fulltext_rank: expect.any(Number) });
    expect(both[0]!.headline.filter((s) => s.match).map((s) => s.text.toLowerCase())).toContain('garage');

    disableKnowledgeEmbeddings(svc.handle.db);
    try {
      expect(await search(alice, base, QUESTION)).toEqual([]);
      expect((await search(alice, base, 'garage'))[0]).toMatchObject({ ranking: 'fulltext' });
    } finally {
      await enableKnowledgeEmbeddings(svc.handle.db, model);
    }
  });

  it('without a model: full text alone, nothing embedded; the worker embeds the passages once a model is set', async () => {
    disableKnowledgeEmbeddings(svc.handle.db);
    const later = await newBase(alice, 'Later');
    await addText(alice, later, 'clinic', CLINIC);
    const requests = stand.embeddingRequests.length;
    await work();
    expect(await embeddingsOf(later)).toEqual([null]);
    expect((await search(alice, later, QUESTION))).toEqual([]);
    expect(stand.embeddingRequests.length).toBe(requests);

    await enableKnowledgeEmbeddings(svc.handle.db, model);
    expect(await work()).toBe(0);
    expect(await embeddingsOf(later)).toEqual(['stand-in-embed']);
    expect((await search(alice, later, QUESTION))[0]).toMatchObject({ ranking: 'hybrid', excerpt: expect.stringContaining('physicians') });
  });

  it('re-embeds every passage when the model changes, and searches with the new one', async () => {
    const other = createEmbeddingModel(llm, { model: 'stand-in-embed-2', dimensions: 64 });
    expect(other.key).toBe('stand-in-embed-2@64');
    await enableKnowledgeEmbeddings(svc.handle.db, other);
    try {
      // Until re-embedded, the base has no embeddings of this model: full text alone.
      expect((await search(alice, base, 'garage'))[0]).toMatchObject({ ranking: 'fulltext' });
      await work();
      expect(await embeddingsOf(base)).toEqual(['stand-in-embed-2@64', 'stand-in-embed-2@64']);
      expect(stand.embeddingRequests.at(-1)).toMatchObject({ model: 'stand-in-embed-2', dimensions: 64 });
      const hits = await search(alice, base, QUESTION);
      expect(hits[0]).toMatchObject({ ranking: 'hybrid', excerpt: expect.stringContaining('physicians') });
    } finally {
      await enableKnowledgeEmbeddings(svc.handle.db, model);
      await work();
    }
    expect(await embeddingsOf(base)).toEqual(['stand-in-embed', 'stand-in-embed']);
  });

  it('keeps documents flowing when the endpoint fails: active without embeddings, embedded later; search falls back to full text', async () => {
    const flaky = await newBase(alice, 'Flaky');
    stand.embeddingStatus = 500;
    try {
      await addText(alice, flaky, 'clinic', CLINIC);
      const errors = embeddingErrors.length;
      await work();
      expect(embeddingErrors.length).toBeGreaterThan(errors);
      expect(embeddingErrors.at(-1)!.message).toContain('answered 500 for embeddings with LLM_EMBEDDING_MODEL=stand-in-embed');
      expect((await alice.req('GET', `/user/knowledgebases/${flaky}/documents`)).body.data[0].status).toBe('active');
      expect(await embeddingsOf(flaky)).toEqual([null]);
      // Other bases have embeddings, but the question cannot be embedded: full text alone, no error.
      expect((await search(alice, base, 'garage'))[0]).toMatchObject({ ranking: 'fulltext', excerpt: expect.stringContaining('garage') });
    } finally {
      stand.embeddingStatus = null;
    }
    await work();
    expect(await embeddingsOf(flaky)).toEqual(['stand-in-embed']);
  });

  it('never finds another user\'s passages by meaning', async () => {
    const bobs = await newBase(bob, 'Bob clinic');
    await addText(bob, bobs, 'clinic', 'Doctor on call\n\nA doctor is available around the clock, a physician answers every call.');
    const alices = await newBase(alice, 'Alice parking');
    await addText(alice, alices, 'parking', PARKING);
    await work();
    // Bob's passage is the nearest in the whole database, but Alice's base holds only parking.
    const hits = await search(alice, alices, QUESTION);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.excerpt.includes('garage'))).toBe(true);
    expect((await search(bob, bobs, QUESTION))[0]).toMatchObject({ excerpt: expect.stringContaining('around the clock') });
    await expect(searchKnowledge(svc.handle.db, bob.id, alices, QUESTION, 5)).rejects.toThrow('Knowledgebase not found.');
    expect((await bob.req('POST', `/user/knowledgebases/${alices}/search`, { query: QUESTION })).status).toBe(404);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('without pgvector (PostgreSQL without the extension)', () => {
  it('stays full text alone, says so, and the worker embeds nothing', async () => {
    const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'`.execute(svc.handle.db);
    // A server with pgvector installed has vector search on (the PGlite tests above show it); Debian's here has none.
    if (available.rows[0]!.n > 0) {
      expect(state.on).toBe(true);
      return;
    }
    expect(state).toMatchObject({ on: false, reason: 'no-pgvector' });
    expect(vectorBanner(state, 'postgres')).toContain('full text alone. LLM_EMBEDDING_MODEL=stand-in-embed is set, but this PostgreSQL server has no pgvector extension');
    expect((await sql<{ t: string | null }>`SELECT to_regclass('knowledge_passage_embeddings')::text AS t`.execute(svc.handle.db)).rows[0]!.t).toBeNull();
    const base = await newBase(alice, 'Clinic');
    await addText(alice, base, 'clinic', CLINIC);
    await addText(alice, base, 'parking', PARKING);
    expect(await work()).toBe(2);
    expect(stand.embeddingRequests).toEqual([]);
    expect(await search(alice, base, QUESTION)).toEqual([]);
    expect((await search(alice, base, 'garage'))[0]).toMatchObject({ ranking: 'fulltext', excerpt: expect.stringContaining('garage') });
  });
});

describe('the embedding model', () => {
  it('is configured by LLM_EMBEDDING_MODEL (and LLM_EMBEDDING_DIMENSIONS) beside LLM_BASE_URL', () => {
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_EMBEDDING_MODEL: ' nomic-embed-text ', LLM_EMBEDDING_DIMENSIONS: '256' }).embedding).toEqual({ model: 'nomic-embed-text', dimensions: 256 });
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_EMBEDDING_MODEL: 'm' }).embedding).toEqual({ model: 'm', dimensions: undefined });
    // Without the endpoint, or without the model: full text alone.
    expect(loadConfig({ LLM_EMBEDDING_MODEL: 'm' }).embedding).toBeNull();
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' }).embedding).toBeNull();
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_EMBEDDING_MODEL: 'm', LLM_EMBEDDING_DIMENSIONS: '0' })).toThrow('LLM_EMBEDDING_DIMENSIONS must be a whole number of 1 or more');
  });

  it('names the endpoint\'s refusal of an unknown model', async () => {
    const unknown = createEmbeddingModel(llm, { model: 'no-such-embedder', dimensions: undefined });
    await expect(unknown.embed(['hello'])).rejects.toThrow('answered 404 for embeddings with LLM_EMBEDDING_MODEL=no-such-embedder: model "no-such-embedder" not found');
  });

  it('tries a 5xx again (LLM_MAX_RETRIES) before failing', async () => {
    const before = stand.embeddingRequests.length;
    stand.embeddingStatus = 503;
    try {
      await expect(model.embed(['hello'])).rejects.toBeInstanceOf(ModelCallError);
    } finally {
      stand.embeddingStatus = null;
    }
    expect(stand.embeddingRequests.length - before).toBe(2);
    expect((await model.embed(['hello', 'world'])).map((v) => v.length)).toEqual([256, 256]);
  });
});
