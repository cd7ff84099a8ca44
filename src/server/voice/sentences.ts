/*
 * The model's streamed text cut into sentences as they complete, so each goes to speech at once and the
 * caller hears the first one while the model is still writing the rest. A sentence ends at . ! ? … (or a
 * blank line between the assistant's steps) followed by white space; the next character must be seen before
 * a full stop counts, so "3.50" and "e.g." mid-sentence never cut. Not an end:
 * - a known abbreviation (English and German: "Dr.", "e.g.", "z. B.", "Nr.", "bzw.", "usw." …),
 * - a single letter with a full stop (initials, "z. B." written with a space),
 * - a German ordinal before a month or a lower-case word ("am 3. Mai", "der 2. von rechts").
 */

const ABBREVIATIONS = new Set(
  [
    // English
    'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'approx', 'no', 'inc', 'ltd', 'co', 'corp',
    'dept', 'est', 'fig', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'mt', 'ave', 'a.m', 'p.m', 'u.s',
    // German
    'z.b', 'u.a', 'd.h', 'bzw', 'ca', 'usw', 'nr', 'hr', 'fr', 'str', 'tel', 'vgl', 'ggf', 'evtl', 'inkl', 'zzgl', 'bspw', 'sog', 'geb',
    'mio', 'mrd', 'abs', 'bzgl', 'o.ä', 'u.u', 'z.t', 'i.d.r', 'dipl', 'ing', 'gmbh',
  ].map((a) => a.toLowerCase()),
);

const MONTHS = /^(januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jan|feb|mär|apr|jun|jul|aug|sep|okt|nov|dez)\b/i;

/** Sentence ends can only be judged once this much follows them (the next word, for ordinals and abbreviations). */
const LOOKAHEAD = 12;

function isEnd(text: string, at: number): boolean {
  const ch = text[at]!;
  const next = text[at + 1];
  if (next === undefined || !/\s|["'”’)»]/.test(next)) return false;
  if (ch !== '.') return true;
  // The word before the full stop (letters, digits and inner dots: "e.g", "z.B", "3").
  const before = /([\p{L}\p{N}.]+)$/u.exec(text.slice(0, at))?.[1] ?? '';
  const word = before.toLowerCase();
  if (ABBREVIATIONS.has(word)) return false;
  if (/^\p{L}$/u.test(before)) return false;
  // "z. B." with a space: the letter before "B" was one too.
  if (/(^|\s)\p{L}\.\s\p{L}$/u.test(text.slice(Math.max(0, at - 5), at))) return false;
  if (/^\d{1,2}$/.test(before)) {
    const after = text.slice(at + 1).trimStart();
    if (MONTHS.test(after) || /^\p{Ll}/u.test(after)) return false;
  }
  return true;
}

export class SentenceSplitter {
  private buffer = '';

  /** Text as it arrives; the sentences it completed. */
  push(delta: string): string[] {
    this.buffer += delta;
    const out: string[] = [];
    let start = 0;
    // Only positions whose next word can already be seen (or, at the buffer's end, waits for more).
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i]!;
      if (ch === '\n' && this.buffer[i + 1] === '\n') {
        this.take(out, start, i);
        start = i + 2;
        i += 1;
        continue;
      }
      if (!/[.!?…]/.test(ch)) continue;
      // Closing quotes and repeated marks belong to the sentence ("Really?!", "…said.”").
      let end = i;
      while (end + 1 < this.buffer.length && /[.!?…"'”’)»]/.test(this.buffer[end + 1]!)) end += 1;
      if (end + 1 >= this.buffer.length) break;
      if (this.buffer.length - end - 1 < LOOKAHEAD && !this.buffer.slice(end + 1).includes('\n') && ch === '.' && /\d$/.test(this.buffer.slice(0, i))) {
        // An ordinal's fate depends on the next word: wait until it is there.
        if (!/\s\S+\s/.test(this.buffer.slice(end + 1))) break;
      }
      if (isEnd(this.buffer, end)) {
        this.take(out, start, end + 1);
        start = end + 1;
      }
      i = end;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** The rest, when the text is complete (null when nothing is left but white space). */
  flush(): string | null {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest === '' ? null : rest;
  }

  private take(out: string[], from: number, to: number): void {
    const sentence = this.buffer.slice(from, to).trim();
    if (sentence !== '') out.push(sentence);
  }
}

/** All sentences of a whole text (the initial message, a filler). */
export function splitSentences(text: string): string[] {
  const s = new SentenceSplitter();
  const out = s.push(text);
  const rest = s.flush();
  return rest === null ? out : [...out, rest];
}
