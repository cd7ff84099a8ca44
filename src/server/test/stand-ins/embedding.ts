/*
 * A test stand-in for an embedding model, not a model: the embedding of a text is its bag of word stems hashed
 * into `dimensions` buckets and normalised, after a small table of synonyms has mapped words of one meaning to
 * one stem. So texts sharing words (or synonyms from the table) are near, others far, and a test can show
 * vector search finding a passage by a synonym that full-text search cannot. Deterministic; the model's name
 * salts the hash, so two stand-in models give different embeddings of one text (a changed model re-embeds).
 * Served at POST /v1/embeddings by the model stand-in (model.ts).
 */

export const STAND_IN_EMBEDDING_DIMENSIONS = 256;

/** Words of one meaning, English and German, each group mapped to its first word. */
const SYNONYMS: readonly (readonly string[])[] = [
  ['doctor', 'physician', 'medic', 'arzt', 'ärztin', 'mediziner'],
  ['refund', 'reimbursement', 'repayment', 'rückerstattung', 'erstattung'],
  ['car', 'automobile', 'vehicle', 'auto', 'fahrzeug', 'wagen'],
  ['holiday', 'vacation', 'urlaub', 'ferien'],
  ['price', 'cost', 'fee', 'charge', 'preis', 'kosten', 'gebühr'],
  ['delivery', 'shipping', 'shipment', 'lieferung', 'versand'],
  ['appointment', 'booking', 'reservation', 'termin', 'buchung'],
  ['broken', 'damaged', 'defective', 'kaputt', 'beschädigt', 'defekt'],
  ['open', 'opening', 'hours', 'öffnungszeiten', 'geöffnet'],
];

const CANONICAL = new Map<string, string>(SYNONYMS.flatMap((group) => group.map((w) => [w, group[0]!] as const)));

/** A crude stem: common English and German endings cut from words long enough to keep a root. */
function stem(word: string): string {
  const known = CANONICAL.get(word);
  if (known) return known;
  for (const ending of ['ing', 'ed', 'es', 'en', 'er', 's', 'e', 'n']) {
    if (word.length - ending.length >= 4 && word.endsWith(ending)) {
      const cut = word.slice(0, -ending.length);
      return CANONICAL.get(cut) ?? cut;
    }
  }
  return word;
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Words too common to mean anything (they would make every text a little alike). */
const STOP = new Set(['the', 'a', 'an', 'and', 'or', 'of', 'to', 'in', 'on', 'is', 'are', 'i', 'my', 'our', 'we', 'you', 'your', 'can', 'do', 'does', 'how', 'what', 'when', 'where', 'for', 'with', 'it', 'der', 'die', 'das', 'und', 'ist', 'ein', 'eine', 'ich', 'wie', 'was', 'wann', 'wo']);

export function standInEmbedding(text: string, model: string, dimensions = STAND_IN_EMBEDDING_DIMENSIONS): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (STOP.has(word)) continue;
    v[hash(`${model}:${stem(word)}`) % dimensions]! += 1;
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  // A text of no words: one fixed direction, so the vector is never zero (cosine distance needs a length).
  if (norm === 0) {
    v[0] = 1;
    return v;
  }
  return v.map((x) => x / norm);
}

/** The body of an OpenAI-compatible embeddings answer for `input`. */
export function embeddingsAnswer(model: string, input: string | string[], dimensions?: number) {
  const texts = typeof input === 'string' ? [input] : input;
  return {
    object: 'list',
    model,
    data: texts.map((t, index) => ({ object: 'embedding', index, embedding: standInEmbedding(t, model, dimensions) })),
    usage: { prompt_tokens: texts.length, total_tokens: texts.length },
  };
}
