import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../../src/server/engine/random';

/*
 * The retrieval benchmark's corpus (bench/knowledge/): documents of voice-assistant businesses written for
 * the project, in English and German, and callers' questions whose answer passage is known by its document
 * and a phrase only that passage contains. Also the scoring (recall@k, mean reciprocal rank) and the
 * synthetic bulk documents that fill a knowledge base to 10,000 passages for the search-time figure.
 */

export type CorpusLanguage = 'en' | 'de';
export const CORPUS_LANGUAGES: readonly CorpusLanguage[] = ['en', 'de'];
/** The knowledge base's `language` (its text-search configuration) for each corpus language. */
export const KB_LANGUAGE: Record<CorpusLanguage, 'english' | 'german'> = { en: 'english', de: 'german' };

export const CORPUS_DIR = fileURLToPath(new URL('../knowledge/', import.meta.url));

export interface CorpusDocument {
  language: CorpusLanguage;
  /** The file's name, also the document's name in the knowledge base. */
  file: string;
  text: string;
  words: number;
}

export interface Question {
  language: CorpusLanguage;
  /** The file of the document that answers it. */
  document: string;
  question: string;
  /** Text that the answer passage contains (exactly once in its document). */
  answer_phrase: string;
}

export interface Corpus {
  documents: CorpusDocument[];
  questions: Question[];
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Whitespace and case do not decide a hit: an excerpt may wrap or collapse lines differently from the file. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Reads and checks the corpus: a question whose phrase is missing from its document, or occurs in it more
 * than once, could not tell the right passage from another, so the corpus is refused rather than scored.
 */
export function loadCorpus(dir: string = CORPUS_DIR): Corpus {
  const documents: CorpusDocument[] = [];
  for (const language of CORPUS_LANGUAGES) {
    for (const file of readdirSync(join(dir, language)).filter((f) => f.endsWith('.txt')).sort()) {
      const text = readFileSync(join(dir, language, file), 'utf8');
      documents.push({ language, file, text, words: countWords(text) });
    }
  }
  const questions = JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8')) as Question[];
  const problems: string[] = [];
  for (const q of questions) {
    const doc = documents.find((d) => d.language === q.language && d.file === q.document);
    if (!doc) {
      problems.push(`${q.language}/${q.document}: no such document (question "${q.question}")`);
      continue;
    }
    const occurrences = normalizeText(doc.text).split(normalizeText(q.answer_phrase)).length - 1;
    if (occurrences !== 1) problems.push(`${q.language}/${q.document}: "${q.answer_phrase}" occurs ${occurrences} times`);
  }
  if (problems.length > 0) throw new Error(`The knowledge corpus is inconsistent:\n${problems.join('\n')}`);
  return { documents, questions };
}

export interface FoundPassage {
  document_id: number;
  excerpt: string;
}

/** 1-based position of the first result from the answer's document that contains the phrase; null when none does. */
export function answerRank(results: readonly FoundPassage[], documentId: number, phrase: string): number | null {
  const wanted = normalizeText(phrase);
  const index = results.findIndex((r) => r.document_id === documentId && normalizeText(r.excerpt).includes(wanted));
  return index < 0 ? null : index + 1;
}

export interface Scores {
  questions: number;
  recall_at_1: number;
  recall_at_3: number;
  /** Mean reciprocal rank over the results asked for (a miss counts 0). */
  mrr: number;
}

export function score(ranks: readonly (number | null)[]): Scores {
  const n = ranks.length;
  const share = (hit: (r: number) => boolean) => (n === 0 ? 0 : ranks.filter((r) => r !== null && hit(r)).length / n);
  const mrr = n === 0 ? 0 : ranks.reduce<number>((sum, r) => sum + (r === null ? 0 : 1 / r), 0) / n;
  return { questions: n, recall_at_1: share((r) => r === 1), recall_at_3: share((r) => r <= 3), mrr };
}

export { percentile } from './report';

export interface BulkDocument {
  name: string;
  text: string;
  words: number;
}

/**
 * Documents made of the corpus's own sentences and headings, shuffled: text the knowledge base's language
 * configuration stems like real text, with the corpus's vocabulary, so a caller's question matches many
 * passages (the ranking's hard case) rather than none. Each has `sections` headed sections of about
 * `sectionWords` words.
 */
export function bulkDocuments(
  documents: readonly CorpusDocument[],
  count: number,
  options: { seed?: number; sections?: number; sectionWords?: number; startAt?: number } = {},
): BulkDocument[] {
  // The engine's seeded generator: the same bulk corpus on every run, so runs compare.
  const random = mulberry32(options.seed ?? 24);
  const sections = options.sections ?? 10;
  const sectionWords = options.sectionWords ?? 120;
  const headings: string[] = [];
  const sentences: string[] = [];
  for (const doc of documents) {
    for (const line of doc.text.split('\n')) {
      if (line.startsWith('## ')) headings.push(line.slice(3).trim());
      else if (!line.startsWith('#') && line.trim() !== '') sentences.push(...line.trim().split(/(?<=[.!?])\s+/));
    }
  }
  if (headings.length === 0 || sentences.length === 0) throw new Error('The corpus has no headings or sentences to build bulk documents from.');
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const out: BulkDocument[] = [];
  const first = options.startAt ?? 1;
  for (let i = 0; i < count; i++) {
    const name = `bulk-${String(first + i).padStart(5, '0')}.txt`;
    const parts = [`# Bulk document ${first + i}: ${pick(headings)}`];
    for (let s = 0; s < sections; s++) {
      const paragraph: string[] = [];
      let words = 0;
      while (words < sectionWords) {
        const sentence = pick(sentences);
        paragraph.push(sentence);
        words += countWords(sentence);
      }
      parts.push(`## ${pick(headings)}`, paragraph.join(' '));
    }
    const text = `${parts.join('\n\n')}\n`;
    out.push({ name, text, words: countWords(text) });
  }
  return out;
}
