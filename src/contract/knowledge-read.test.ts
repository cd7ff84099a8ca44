import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  knowledgeBaseAnswerSchema,
  knowledgeBaseSchema,
  knowledgeBasesAnswerSchema,
  knowledgeDocumentAnswerSchema,
  knowledgeDocumentSchema,
  knowledgeDocumentsAnswerSchema,
  knowledgeResultSchema,
  searchAnswerSchema,
  searchPassageSchema,
} from './knowledge-read';

/*
 * The console's knowledge readers never throw, whatever a host sends, and give up a record only when it
 * has no readable id: any other field may be missing, null, of another type or unheard of.
 */

const READERS = {
  knowledgeBaseSchema,
  knowledgeBaseAnswerSchema,
  knowledgeBasesAnswerSchema,
  knowledgeDocumentSchema,
  knowledgeDocumentAnswerSchema,
  knowledgeDocumentsAnswerSchema,
  searchAnswerSchema,
  searchPassageSchema,
  knowledgeResultSchema,
};

/** Any JSON value, objects with the readers' own keys among others so they are hit often. */
const KEYS = ['id', 'name', 'status', 'status_label', 'documents_count', 'documents_by_status', 'language', 'data', 'query', 'passages', 'headline', 'text', 'match', 'excerpt', 'document_name', 'heading', 'size_bytes', 'error', 'message', '__proto__', 'constructor'];
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.string(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string()), tie('value'), { maxKeys: 6 }),
  ),
})).value;

describe('knowledge readers', () => {
  for (const [name, schema] of Object.entries(READERS)) {
    it(`${name} never throws`, () => {
      fc.assert(
        fc.property(json, (value) => {
          expect(() => schema.safeParse(value)).not.toThrow();
        }),
        { numRuns: 400 },
      );
    });
  }

  it('a base or document with an id always reads, whatever its other fields hold', () => {
    const record = fc.record({ id: fc.oneof(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 99999 }).map(String)) });
    fc.assert(
      fc.property(record, fc.dictionary(fc.constantFrom(...KEYS.filter((k) => k !== 'id')), json, { maxKeys: 8 }), (base, rest) => {
        const raw = { ...rest, ...base };
        expect(knowledgeBaseSchema.safeParse(raw).success).toBe(true);
        expect(knowledgeDocumentSchema.safeParse(raw).success).toBe(true);
        expect(knowledgeBasesAnswerSchema.safeParse({ data: [raw, 'junk', { name: 'no id' }] }).data).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });

  it('search answers and function results always read, as passages or none', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(searchAnswerSchema.safeParse(value).success || typeof value !== 'object' || value === null || Array.isArray(value)).toBe(true);
        const result = knowledgeResultSchema.safeParse(value);
        expect(result.success).toBe(true);
        for (const p of result.data?.passages ?? []) for (const s of p.headline) expect(typeof s.text).toBe('string');
      }),
      { numRuns: 400 },
    );
  });

  it('reads the hosted documentation example and our extensions', () => {
    const base = knowledgeBaseAnswerSchema.parse({
      message: 'Knowledgebase created successfully.',
      data: { id: 1, name: 'Produktdokumentation', description: null, status: 'active', status_label: 'Aktiv', documents_count: '5', documents_by_status: { processing: 1, ready: 3, failed: 1 }, language: 'german' },
    });
    expect(base).toMatchObject({ id: 1, status: 'active', documents_count: 5, language: 'german', documents_by_status: { processing: 1, ready: 3, failed: 1 } });
    const doc = knowledgeDocumentSchema.parse({ id: '2', type: 'pdf', status: 'failed', error: 'The PDF has no text (a scan?).', size_bytes: '1024' });
    expect(doc).toMatchObject({ id: 2, size_bytes: 1024, error: 'The PDF has no text (a scan?).', name: '' });
    const found = searchAnswerSchema.parse({ data: [{ passage_id: 3, document_name: 'FAQ', headline: [{ text: 'Open ' }, { text: 'Monday', match: 1 }, 'junk'], excerpt: 'Open Monday' }] });
    expect(found.data[0]?.headline).toEqual([{ text: 'Open ', match: false }, { text: 'Monday', match: true }]);
  });
});
