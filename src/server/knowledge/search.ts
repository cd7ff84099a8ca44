import { sql, type Kysely } from 'kysely';
import type { HeadlineSegment } from '../../contract';
import { preparedRows } from '../db/prepared';
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
 * the words they hold, each weighted by how rare it is in the knowledge base (an inverse document frequency);
 * the best 100 are then reordered with ts_rank_cd of the whole question added (how often and how close
 * together its words stand), and only the returned ones get a headline.
 * The passages holding a word and their count come from knowledge_passage_terms (a row per passage and
 * lexeme of its tsvector, kept by triggers: migration 0019), read from its primary key alone. Looked up in the
 * GIN index instead, every passage holding a word costs a visit to its row; with 10,000 passages where each
 * of a question's words stands in 1,000-5,000 of them that was 30 ms of PostgreSQL's CPU a search, now 12.
 * The CTEs are MATERIALIZED: a CTE used once is otherwise inlined, and the weights would be counted again for
 * every matching passage (seconds instead of milliseconds). On PostgreSQL the statement is a named prepared
 * one (db/prepared.ts: parsed and planned once a connection), and it checks the base's owner itself, so a
 * search through the API is one round trip.
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

/** A knowledge base as search needs it: its id, and the user it must belong to (else it holds nothing). */
export interface SearchBase {
  id: number;
  userId: number;
}

/**
 * Passages of one knowledge base ranked for `query`, best first, full text only; none when the base is not
 * `base.userId`'s (the base's owner and language are read by the statement itself: one round trip a search).
 */
export async function fullTextSearch(db: Kysely<Database>, base: SearchBase, query: string, limit: number): Promise<KnowledgeHit[]> {
  const rows = await preparedRows(
    db,
    'knowledge-full-text-search',
    sql<Row>`
    WITH base AS MATERIALIZED (
      SELECT id, CASE language WHEN 'german' THEN 'german'::regconfig ELSE 'english'::regconfig END AS config
      FROM knowledgebases WHERE id = ${base.id} AND user_id = ${base.userId}
    ), q AS (
      SELECT replace(plainto_tsquery(base.config, ${query})::text, ' & ', ' | ')::tsquery AS any_word FROM base
    ), terms AS MATERIALIZED (
      -- each word of the question once, as the passages' tsvectors hold it
      SELECT DISTINCT t.lexeme FROM base, unnest(tsvector_to_array(to_tsvector(base.config, ${query}))) AS t(lexeme)
    ), total AS MATERIALIZED (
      SELECT greatest(count(*), 1) AS n FROM knowledge_passages WHERE knowledgebase_id = ${base.id}
    ), weights AS MATERIALIZED (
      -- how rare each word is in the base: the length of its range of knowledge_passage_terms (index only)
      SELECT t.lexeme, ln(1 + (total.n::float8 + 1) / (held.n::float8 + 0.5)) AS idf
      FROM terms t, total,
        LATERAL (SELECT count(*) AS n FROM knowledge_passage_terms k WHERE k.knowledgebase_id = ${base.id} AND k.lexeme = t.lexeme) held
      WHERE held.n > 0
    ), coordinated AS MATERIALIZED (
      -- the rare words each passage holds, summed, from the same ranges; rounded to 9 decimals (as a float:
      -- through numeric it was 40 % of the search), so passages holding the same words tie exactly (a sum's
      -- last bits depend on the order it was added in) and the id decides
      SELECT k.passage_id AS id, round(sum(w.idf) * 1e9) / 1e9 AS weight
      FROM weights w JOIN knowledge_passage_terms k ON k.knowledgebase_id = ${base.id} AND k.lexeme = w.lexeme
      GROUP BY k.passage_id
      ORDER BY weight DESC, k.passage_id
      LIMIT ${CANDIDATES}
    ), scored AS (
      -- the best candidates reordered with the words' frequency and closeness (ts_rank_cd reads the positions)
      SELECT c.id, c.weight + ts_rank_cd(p.search, q.any_word, 1) AS rank
      FROM coordinated c JOIN knowledge_passages p ON p.id = c.id, q
      ORDER BY rank DESC, c.id
      LIMIT ${limit}
    )
    SELECT p.id AS passage_id, p.document_id, d.name AS document_name, p.heading, p.content,
      ts_headline(base.config, p.content, q.any_word, ${`StartSel=${START}, StopSel=${STOP}, HighlightAll=true`}) AS marked,
      scored.rank::float8 AS rank
    FROM scored
    JOIN knowledge_passages p ON p.id = scored.id
    JOIN knowledge_documents d ON d.id = p.document_id, q, base
    ORDER BY scored.rank DESC, p.id`,
  );
  return rows.map((r) => ({
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
 * The best passages of a knowledge base known to be `base.userId`'s (a conversation's assistant's, read with
 * its setting); none when it is gone. With embeddings on for this database (vector-support.ts), full text
 * fused with vector search (vector-search.ts).
 */
export async function searchKnowledgeBase(db: Kysely<Database>, base: SearchBase, query: string, limit: number): Promise<SearchHit[]> {
  const fullText = (n: number) => fullTextSearch(db, base, query, n);
  const embeddings = knowledgeEmbeddings(db);
  if (embeddings) return hybridSearch(db, base.id, embeddings, query, limit, fullText, warnEmbeddingFailure);
  return (await fullText(limit)).map((h): SearchHit => ({ ...h, ranking: 'fulltext' }));
}

/**
 * The best passages of one of `userId`'s knowledge bases for `query` (what the search endpoint and the
 * benchmark use). Another user's base is a 404 (KNOWLEDGEBASE_NOT_FOUND).
 */
export async function searchKnowledge(db: Kysely<Database>, userId: number, baseId: number, query: string, limit: number): Promise<SearchHit[]> {
  const base = { id: baseId, userId };
  if (knowledgeEmbeddings(db)) {
    // Vector search does not check the owner: the base is read first.
    await ownKnowledgebase(db, userId, baseId);
    return searchKnowledgeBase(db, base, query, limit);
  }
  const hits = await searchKnowledgeBase(db, base, query, limit);
  // Nothing found: the base may be no base of the user's (a 404, KNOWLEDGEBASE_NOT_FOUND), read only then.
  if (hits.length === 0) await ownKnowledgebase(db, userId, baseId);
  return hits;
}
