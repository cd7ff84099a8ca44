import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerRank, bulkDocuments, countWords, loadCorpus, percentile, score } from './knowledge-corpus';

describe('the knowledge benchmark corpus', () => {
  const corpus = loadCorpus();

  it('holds at least 30 documents of 300 to 1,500 words with headings, at least 10 in each language', () => {
    expect(corpus.documents.length).toBeGreaterThanOrEqual(30);
    for (const language of ['en', 'de'] as const) expect(corpus.documents.filter((d) => d.language === language).length).toBeGreaterThanOrEqual(10);
    for (const doc of corpus.documents) {
      expect(doc.words, doc.file).toBeGreaterThanOrEqual(300);
      expect(doc.words, doc.file).toBeLessThanOrEqual(1500);
      expect(doc.text.split('\n').filter((l) => l.startsWith('## ')).length, doc.file).toBeGreaterThanOrEqual(4);
    }
  });

  it('asks at least 60 questions, 20 of them in German, over most documents', () => {
    expect(corpus.questions.length).toBeGreaterThanOrEqual(60);
    expect(corpus.questions.filter((q) => q.language === 'de').length).toBeGreaterThanOrEqual(20);
    expect(new Set(corpus.questions.map((q) => `${q.language}/${q.document}`)).size).toBeGreaterThanOrEqual(30);
  });

  it('does not copy the answer phrase into the question', () => {
    for (const q of corpus.questions) expect(q.question.toLowerCase().includes(q.answer_phrase.toLowerCase()), q.question).toBe(false);
  });

  it('refuses a question whose phrase its document does not hold exactly once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-corpus-'));
    try {
      for (const l of ['en', 'de']) mkdirSync(join(dir, l));
      writeFileSync(join(dir, 'en', 'a.txt'), '# A\n\n## One\n\nOpen on Monday. Closed on Monday evenings.\n');
      const write = (phrase: string) =>
        writeFileSync(join(dir, 'questions.json'), JSON.stringify([{ language: 'en', document: 'a.txt', question: 'When?', answer_phrase: phrase }]));
      write('Open on Monday');
      expect(loadCorpus(dir).questions).toHaveLength(1);
      write('on Monday');
      expect(() => loadCorpus(dir)).toThrow(/occurs 2 times/);
      write('on Sunday');
      expect(() => loadCorpus(dir)).toThrow(/occurs 0 times/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scoring', () => {
  it('finds the answer only in a passage of its own document that holds the phrase, whatever the spacing and case', () => {
    const results = [
      { document_id: 2, excerpt: 'Check-in is from 3:00 pm.' },
      { document_id: 1, excerpt: 'Breakfast costs 19' },
      { document_id: 1, excerpt: 'Check-in  is\nfrom 3:00 PM and check-out until 11:00 am.' },
    ];
    expect(answerRank(results, 1, 'Check-in is from 3:00 pm')).toBe(3);
    expect(answerRank(results, 2, 'Check-in is from 3:00 pm')).toBe(1);
    expect(answerRank(results, 3, 'Check-in is from 3:00 pm')).toBeNull();
  });

  it('gives recall at 1 and 3 and the mean reciprocal rank', () => {
    expect(score([1, 2, 3, 4, null])).toEqual({ questions: 5, recall_at_1: 0.2, recall_at_3: 0.6, mrr: (1 + 1 / 2 + 1 / 3 + 1 / 4) / 5 });
    expect(score([])).toEqual({ questions: 0, recall_at_1: 0, recall_at_3: 0, mrr: 0 });
  });

  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
  });
});

describe('bulk documents', () => {
  const { documents } = loadCorpus();

  it('are the same on every run, headed, and about as long as asked', () => {
    const a = bulkDocuments(documents, 3);
    expect(bulkDocuments(documents, 3)).toEqual(a);
    expect(a.map((d) => d.name)).toEqual(['bulk-00001.txt', 'bulk-00002.txt', 'bulk-00003.txt']);
    for (const doc of a) {
      expect(doc.text.split('\n').filter((l) => l.startsWith('## '))).toHaveLength(10);
      expect(doc.words).toBe(countWords(doc.text));
      expect(doc.words).toBeGreaterThan(1200);
      expect(doc.words).toBeLessThan(1500);
    }
    expect(bulkDocuments(documents, 1, { startAt: 4 })[0]?.name).toBe('bulk-00004.txt');
  });
});
