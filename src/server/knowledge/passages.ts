import type { Block } from './blocks';

/*
 * A document's blocks as passages of about 100-250 words, the unit a search finds and an assistant reads.
 * A passage never crosses a heading: each carries the heading path it sits under ("Returns › Refunds"), so a
 * paragraph keeps the words of its heading (searched with them, shown with them). Paragraphs under one
 * heading are gathered until the next would pass the most; a paragraph longer than that is cut at sentence
 * ends; a short tail joins the passage before it rather than standing alone.
 */

export interface Passage {
  heading: string | null;
  content: string;
  words: number;
}

export const PASSAGE_MIN_WORDS = 100;
export const PASSAGE_MAX_WORDS = 250;

const wordCount = (text: string) => (text.match(/\S+/g) ?? []).length;

/** Sentences of a long paragraph, so it can be cut between them. */
function sentences(text: string): string[] {
  const parts = text.match(/[^.!?。]+(?:[.!?。]+["'”’)\]]*\s*|$)/g) ?? [text];
  return parts.map((s) => s.trim()).filter((s) => s !== '');
}

/** A paragraph in pieces of at most `max` words, cut at sentence ends (or, within a huge sentence, between words). */
function pieces(text: string, max: number): string[] {
  if (wordCount(text) <= max) return [text];
  const out: string[] = [];
  let current: string[] = [];
  let words = 0;
  const push = () => {
    if (current.length > 0) out.push(current.join(' '));
    current = [];
    words = 0;
  };
  for (const sentence of sentences(text)) {
    const n = wordCount(sentence);
    if (n > max) {
      push();
      const all = sentence.split(/\s+/);
      for (let i = 0; i < all.length; i += max) out.push(all.slice(i, i + max).join(' '));
      continue;
    }
    if (words + n > max) push();
    current.push(sentence);
    words += n;
  }
  push();
  return out;
}

export function splitPassages(blocks: Block[], options: { min?: number; max?: number } = {}): Passage[] {
  const min = options.min ?? PASSAGE_MIN_WORDS;
  const max = options.max ?? PASSAGE_MAX_WORDS;
  const out: Passage[] = [];
  /** Open headings by level: "Returns › Refunds". */
  const path: { level: number; text: string }[] = [];
  let paragraphs: string[] = [];
  let words = 0;

  const heading = () => (path.length > 0 ? path.map((h) => h.text).join(' › ') : null);
  const flush = () => {
    if (paragraphs.length > 0) out.push({ heading: heading(), content: paragraphs.join('\n\n'), words });
    paragraphs = [];
    words = 0;
  };

  for (const block of blocks) {
    if (block.kind === 'heading') {
      flush();
      while (path.length > 0 && path[path.length - 1]!.level >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      continue;
    }
    for (const piece of pieces(block.text, max)) {
      const n = wordCount(piece);
      // This paragraph would pass the most: the passage ends before it.
      if (words > 0 && words + n > max) flush();
      paragraphs.push(piece);
      words += n;
    }
  }
  flush();
  return mergeShortTails(out, min, max);
}

/** A passage of a few words right after another under the same heading joins it, when both fit. */
function mergeShortTails(passages: Passage[], min: number, max: number): Passage[] {
  const out: Passage[] = [];
  for (const p of passages) {
    const last = out[out.length - 1];
    if (last && last.heading === p.heading && p.words < min / 2 && last.words + p.words <= max) {
      last.content = `${last.content}\n\n${p.content}`;
      last.words += p.words;
    } else out.push({ ...p });
  }
  return out;
}
