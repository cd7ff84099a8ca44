import { sql, type Kysely } from 'kysely';
import type { HeadlineSegment } from '../../contract';
import type { Database } from '../db/schema';
import { ownKnowledgebase } from './bases';
import { knowledgeEmbeddings, warnEmbeddingFailure } from './vector-support';
import { hybridSearch, type SearchHit } from './vector-search';

/*
 * Search in the database, PostgreSQL's full-text search on PGlite and PostgreSQL alike: each passage has a
 * `tsvector` generated in its knowledge base's language (heading weighted above the text), under a GIN index.
 *
 * A question's words are looked up OR-ed (plainto_tsquery's lexemes joined with `|`): a passage need not hold
 * every word of "how long is the warranty on my device" to answer it. Passages holding any word are ranked by
 * the words they hold, each weighted by how rare it is in the knowledge base (an inverse document frequency
 * counted with one GIN lookup per word); the best 100 are then
 * reordered with ts_rank_cd of the whole question added (how often and how close together its words stand).
 * The CTEs are MATERIALIZED: a CTE used once is otherwise inlined, and the weights would be counted again for
 * every matching passage (seconds instead of milliseconds).
 * The matching words are marked with ts_headline, whose markers (control characters the stored text cannot
 * hold: blocks.ts removes them) are turned into segments, so the console highlights words as text, never HTML.
 */

export interface KnowledgeHit {
  passage_id: number;
  document_id: number;
  document_name: string;
  heading: string | null;
  /** The passage's text, whole (what an assistant reads). */
  excerpt: string;
  headline: HeadlineSegment[];
  rank: number;
}

/** Passages reordered by ts_rank_cd after the cheap ranking by rare words. */
const CANDIDATES = 100;

const START = '\u0001';
const STOP = '\u0002';

/** ts_headline's text with START/STOP markers as segments. */
export function headlineSegments(marked: string): HeadlineSegment[] {
  const out: HeadlineSegment[] = [];
  let rest = marked;
  while (rest !== '') {
    const open = rest.indexOf(START);
    if (open === -1) {
      out.push({ text: rest, match: false });
      break;
    }
    if (open > 0) out.push({ text: rest.slice(0, open), match: false });
    const close = rest.indexOf(STOP, open + 1);
    const word = close === -1 ? rest.slice(open + 1) : rest.slice(open + 1, close);
    if (word !== '') out.push({ text: word, match: true });
    rest = close === -1 ? '' : rest.slice(close + 1);
  }
  // Neighbouring segments of one kind (a phrase of matches separated by nothing) are one.
  return out.reduce<HeadlineSegment[]>((acc, s) => {
    const last = acc[acc.length - 1];
    if (last && last.match === s.match) last.text += s.text;
    else acc.push({ ...s });
    return acc;
  }, []);
}

interface Row {
  passage_id: number;
  document_id: number;
  document_name: string;
  heading: string | null;
  content: string;
  marked: string;
  rank: number;
}

/** Passages of one knowledge base ranked for `query`, best first, full text only. */
export async function fullTextSearch(db: Kysely<Database>, baseId: number, language: string, query: string, limit: number): Promise<KnowledgeHit[]> {
  const config = language === 'german' ? 'german' : 'english';
  const result = await sql<Row>`
    WITH q AS (
      SELECT replace(plainto_tsquery(${config}::regconfig, ${query})::text, ' & ', ' | ')::tsquery AS any_word
    ), terms AS MATERIALIZED (
      -- each word of the question as a query of its own (its lexeme quoted as tsquery input wants it)
      SELECT row_number() OVER () AS i, term FROM (
        SELECT DISTINCT ('''' || replace(replace(t.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery AS term
        FROM unnest(tsvector_to_array(to_tsvector(${config}::regconfig, ${query}))) AS t(lexeme)
      ) words
    ), hits AS MATERIALIZED (
      -- the passages holding each word, one GIN lookup per word (no passage's tsvector is read here)
      SELECT t.i, p.id FROM terms t
      JOIN LATERAL (SELECT id FROM knowledge_passages WHERE knowledgebase_id = ${baseId} AND search @@ t.term) p ON true
    ), total AS MATERIALIZED (
      SELECT greatest(count(*), 1) AS n FROM knowledge_passages WHERE knowledgebase_id = ${baseId}
    ), weights AS MATERIALIZED (
      SELECT hits.i, ln(1 + (total.n::float8 + 1) / (count(*) + 0.5)) AS idf FROM hits, total GROUP BY hits.i, total.n
    ), coordinated AS MATERIALIZED (
      -- the rare words each passage holds, summed
      SELECT hits.id, sum(weights.idf) AS weight
      FROM hits JOIN weights ON weights.i = hits.i
      GROUP BY hits.id
      ORDER BY weight DESC, hits.id
      LIMIT ${CANDIDATES}
    ), scored AS (
      -- the best candidates reordered with the words' frequency and closeness (ts_rank_cd reads the positions)
      SELECT c.id, c.weight + ts_rank_cd(p.search, q.any_word, 1) AS rank
      FROM coordinated c JOIN knowledge_passages p ON p.id = c.id, q
      ORDER BY rank DESC, c.id
      LIMIT ${limit}
    )
    SELECT p.id AS passage_id, p.document_id, d.name AS document_name, p.heading, p.content,
      ts_headline(${config}::regconfig, p.content, q.any_word, ${`StartSel=${START}, StopSel=${STOP}, HighlightAll=true`}) AS marked,
      scored.rank::float8 AS rank
    FROM scored
    JOIN knowledge_passages p ON p.id = scored.id
    JOIN knowledge_documents d ON d.id = p.document_id, q
    ORDER BY scored.rank DESC, p.id`.execute(db);
  return result.rows.map((r) => ({
    passage_id: r.passage_id,
    document_id: r.document_id,
    document_name: r.document_name,
    heading: r.heading,
    excerpt: r.content,
    headline: headlineSegments(r.marked),
    rank: Math.round(Number(r.rank) * 10_000) / 10_000,
  }));
}

/**
 * The best passages of one of `userId`'s knowledge bases for `query` (what the search endpoint, the
 * conversations and the benchmark use). Another user's base is a 404 (KNOWLEDGEBASE_NOT_FOUND).
 * With embeddings on for this database (vector-support.ts), full text fused with vector search (vector-search.ts).
 */
export async function searchKnowledge(db: Kysely<Database>, userId: number, baseId: number, query: string, limit: number): Promise<SearchHit[]> {
  const base = await ownKnowledgebase(db, userId, baseId);
  const fullText = (n: number) => fullTextSearch(db, base.id, base.language, query, n);
  const embeddings = knowledgeEmbeddings(db);
  if (embeddings) return hybridSearch(db, base.id, embeddings, query, limit, fullText, warnEmbeddingFailure);
  return (await fullText(limit)).map((h): SearchHit => ({ ...h, ranking: 'fulltext' }));
}
