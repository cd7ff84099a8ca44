import { sql } from 'kysely';
import type { HeadlineSegment } from '../../contract';
import type { Db } from '../db/connect';
import { ModelCallError } from '../model/chat-model';
import type { EmbeddingModel } from '../model/embedding-model';
import { reciprocalRankFusion } from './fusion';
import { vectorLiteral } from './passage-embeddings';
import type { KnowledgeHit } from './search';

/*
 * Vector search beside full text (LLM_EMBEDDING_MODEL, pgvector): the question is embedded by the same model
 * as the passages, the base's passages are ranked by cosine distance (`<=>`) to it, and that ranking is fused
 * with full text's by Reciprocal Rank Fusion (fusion.ts). Each ranking contributes its best FUSION_DEPTH.
 * The distance is computed for every embedded passage of the base (no approximate index: the column has no
 * fixed length, so any model fits, and a knowledge base's few thousand passages are a short scan).
 * A passage only vector search found has no words to highlight: its headline is the whole text unmarked.
 * When the question cannot be embedded (the endpoint is down) the answer is full text's alone, marked so.
 */

/** What a search answers: a full-text hit, and how it was ranked. */
export interface SearchHit extends KnowledgeHit {
  /** `fulltext`: full text alone (no embeddings, or none for this base yet); `hybrid`: full text and vector search fused. */
  ranking: 'fulltext' | 'hybrid';
  /** hybrid: full text's own rank of the passage, null when full text did not find it. */
  fulltext_rank?: number | null;
  /** hybrid: the cosine similarity (1 - distance) of the passage to the question, null when it has no embedding. */
  similarity?: number | null;
}

/** Passages each ranking contributes to the fusion (the search's limit is 20 at most). */
export const FUSION_DEPTH = 20;

interface VectorRow {
  passage_id: number;
  document_id: number;
  document_name: string;
  heading: string | null;
  content: string;
  distance: number;
}

/** Whether any passage of the base has an embedding of `key` (no need to embed the question otherwise). */
export async function hasEmbeddings(db: Db, baseId: number, key: string): Promise<boolean> {
  const row = await sql<{ ok: number }>`SELECT 1 AS ok FROM knowledge_passage_embeddings WHERE knowledgebase_id = ${baseId} AND model = ${key} LIMIT 1`.execute(db);
  return row.rows.length > 0;
}

/** The base's passages nearest to `embedding` (cosine distance), nearest first. */
export async function vectorRanking(db: Db, baseId: number, key: string, embedding: readonly number[], limit: number): Promise<VectorRow[]> {
  const result = await sql<VectorRow>`
    WITH nearest AS (
      SELECT e.passage_id, e.embedding <=> ${vectorLiteral(embedding)}::vector AS distance
      FROM knowledge_passage_embeddings e
      -- one length per model: an embedding of another length (the model's dimensions changed) is not compared
      WHERE e.knowledgebase_id = ${baseId} AND e.model = ${key} AND vector_dims(e.embedding) = ${embedding.length}
      ORDER BY distance, e.passage_id
      LIMIT ${limit}
    )
    SELECT p.id AS passage_id, p.document_id, d.name AS document_name, p.heading, p.content, nearest.distance::float8 AS distance
    FROM nearest
    JOIN knowledge_passages p ON p.id = nearest.passage_id AND p.knowledgebase_id = ${baseId}
    JOIN knowledge_documents d ON d.id = p.document_id
    ORDER BY nearest.distance, p.id`.execute(db);
  return result.rows.map((r) => ({ ...r, distance: Number(r.distance) }));
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Full text and vector search fused. `fullText(limit)` is the full-text search of the same base and question
 * (search.ts's, passed in so that this module does not import it). `onEmbeddingError` hears why the question
 * could not be embedded (the answer is then full text's).
 */
export async function hybridSearch(
  db: Db,
  baseId: number,
  model: EmbeddingModel,
  query: string,
  limit: number,
  fullText: (limit: number) => Promise<KnowledgeHit[]>,
  onEmbeddingError: (e: ModelCallError) => void = () => undefined,
): Promise<SearchHit[]> {
  const fulltextOnly = async () => (await fullText(limit)).map((h): SearchHit => ({ ...h, ranking: 'fulltext' }));
  if (!(await hasEmbeddings(db, baseId, model.key))) return fulltextOnly();
  let embedding: number[];
  try {
    [embedding] = (await model.embed([query])) as [number[]];
  } catch (e) {
    if (!(e instanceof ModelCallError)) throw e;
    onEmbeddingError(e);
    return fulltextOnly();
  }
  const depth = Math.max(limit, FUSION_DEPTH);
  const [text, vector] = await Promise.all([fullText(depth), vectorRanking(db, baseId, model.key, embedding, depth)]);
  const textById = new Map(text.map((h) => [h.passage_id, h]));
  const vectorById = new Map(vector.map((v) => [v.passage_id, v]));
  const fused = reciprocalRankFusion([text.map((h) => h.passage_id), vector.map((v) => v.passage_id)]).slice(0, limit);
  return fused.map((f): SearchHit => {
    const t = textById.get(f.id);
    const v = vectorById.get(f.id);
    const similarity = v ? round(1 - v.distance, 4) : null;
    const common = { rank: round(f.score, 6), ranking: 'hybrid' as const, fulltext_rank: t ? t.rank : null, similarity };
    if (t) return { ...t, ...common };
    // Found by vector search alone (v is there: every fused id came from one of the two rankings).
    const only = v!;
    const headline: HeadlineSegment[] = [{ text: only.content, match: false }];
    return {
      passage_id: only.passage_id,
      document_id: only.document_id,
      document_name: only.document_name,
      heading: only.heading,
      excerpt: only.content,
      headline,
      ...common,
    };
  });
}
