import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { EmbeddingModel } from '../model/embedding-model';

/*
 * Passages' embeddings (table knowledge_passage_embeddings, migration 0018): one per passage, keyed by the
 * embedding model (EmbeddingModel.key), so a passage embedded by another model, or not yet, is what
 * embedMissingPassages finds. The worker embeds a document's passages while it processes it (worker.ts), and
 * afterwards whatever is missing: passages stored while the endpoint was down, before LLM_EMBEDDING_MODEL was
 * set, or under another model. Two processes may embed one passage at once: the second write replaces the
 * first (same model, same text), which costs a request and nothing else.
 */

/** What is embedded of a passage: its heading path with its text, as full text searches both. */
export function passageText(heading: string | null, content: string): string {
  return heading ? `${heading}\n\n${content}` : content;
}

/** pgvector's text form of an embedding. */
export const vectorLiteral = (v: readonly number[]): string => `[${v.join(',')}]`;

/** Stores embeddings of `key` for passages (a passage deleted meanwhile is left out). */
export async function storeEmbeddings(db: Db, key: string, rows: { passage_id: number; embedding: readonly number[] }[]): Promise<void> {
  // In slices: a statement's text stays a few MB at most (a 1,024-dimension embedding is ~20 KB as text).
  for (let i = 0; i < rows.length; i += 100) {
    const slice = rows.slice(i, i + 100).map((r) => ({ id: r.passage_id, embedding: vectorLiteral(r.embedding) }));
    await sql`
      INSERT INTO knowledge_passage_embeddings (passage_id, knowledgebase_id, model, embedding)
      SELECT p.id, p.knowledgebase_id, ${key}, v.embedding::vector
      FROM jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) AS v(id integer, embedding text)
      JOIN knowledge_passages p ON p.id = v.id
      ON CONFLICT (passage_id) DO UPDATE SET model = EXCLUDED.model, embedding = EXCLUDED.embedding, knowledgebase_id = EXCLUDED.knowledgebase_id`.execute(db);
  }
}

/** Up to `limit` passages without an embedding of `key`, oldest first. */
export async function passagesToEmbed(db: Db, key: string, limit: number): Promise<{ id: number; heading: string | null; content: string }[]> {
  const result = await sql<{ id: number; heading: string | null; content: string }>`
    SELECT p.id, p.heading, p.content FROM knowledge_passages p
    WHERE NOT EXISTS (SELECT 1 FROM knowledge_passage_embeddings e WHERE e.passage_id = p.id AND e.model = ${key})
    ORDER BY p.id
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

/**
 * Embeds passages that have no embedding of the model (in batches, `limit` at most per call); the number
 * embedded. A failing endpoint throws (ModelCallError): what was stored before stays.
 */
export async function embedMissingPassages(db: Db, model: EmbeddingModel, limit: number, signal?: AbortSignal): Promise<number> {
  let done = 0;
  while (done < limit && !signal?.aborted) {
    const batch = await passagesToEmbed(db, model.key, Math.min(model.batch, limit - done));
    if (batch.length === 0) break;
    const vectors = await model.embed(batch.map((p) => passageText(p.heading, p.content)), signal);
    await storeEmbeddings(db, model.key, batch.map((p, i) => ({ passage_id: p.id, embedding: vectors[i]! })));
    done += batch.length;
  }
  return done;
}
