import { sql, type Kysely } from 'kysely';
import type { HeadlineSegment } from '../../contract';
import type { Database } from '../db/schema';
import { ownKnowledgebase } from './bases';

/*
 * Search in the database, PostgreSQL's full-text search on PGlite and PostgreSQL alike: each passage has a
 * `tsvector` generated in its knowledge base's language (heading weighted above the text), under a GIN index.
 *
 * A question's words are looked up OR-ed (plainto_tsquery's lexemes joined with `|`): a passage need not hold
 * every word of "how long is the warranty on my device" to answer it. Passages holding any word are ranked by
 * the words they hold, each weighted by how rare it is in the knowledge base (an inverse document frequency
 * counted among the matches, which is exact: a passage holding a word always matches), plus ts_rank_cd of the
 * whole question (its cover density: the words close together) to order passages holding the same words.
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
    ), terms AS (
      -- each word of the question as a query of its own (its lexeme quoted as tsquery input wants it)
      SELECT DISTINCT ('''' || replace(replace(t.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery AS term
      FROM unnest(tsvector_to_array(to_tsvector(${config}::regconfig, ${query}))) AS t(lexeme)
    ), matches AS (
      SELECT p.id, p.search FROM knowledge_passages p, q
      WHERE p.knowledgebase_id = ${baseId} AND p.search @@ q.any_word
    ), total AS (
      SELECT greatest(count(*), 1) AS n FROM knowledge_passages WHERE knowledgebase_id = ${baseId}
    ), weights AS (
      SELECT terms.term, ln(1 + (total.n::float8 + 1) / (count(matches.id) FILTER (WHERE matches.search @@ terms.term) + 0.5)) AS idf
      FROM terms CROSS JOIN total LEFT JOIN matches ON true
      GROUP BY terms.term, total.n
    ), scored AS (
      SELECT m.id,
        (SELECT coalesce(sum(w.idf * (1 + ts_rank(m.search, w.term))), 0) FROM weights w WHERE m.search @@ w.term)
          + ts_rank_cd(m.search, q.any_word, 1) AS rank
      FROM matches m, q
      ORDER BY rank DESC, m.id
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
 */
export async function searchKnowledge(db: Kysely<Database>, userId: number, baseId: number, query: string, limit: number): Promise<KnowledgeHit[]> {
  const base = await ownKnowledgebase(db, userId, baseId);
  return fullTextSearch(db, base.id, base.language, query, limit);
}
