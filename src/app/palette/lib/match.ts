/*
 * How the palette reads what was typed: words against names (any case, any accents, every word somewhere),
 * a call's id, the digits of a phone number. Light on purpose (no phone metadata): that is in
 * ./phone-match, loaded only when digits are typed.
 */

/** Lower case without accents: "Müller" and "muller" are the same to a search. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

function words(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

/**
 * How well texts answer a query: 0 none; otherwise higher is better (the whole of the first text, then
 * its start, then the start of one of its words, then anywhere). Every word of the query must be found
 * in one of the texts.
 */
export function matchScore(texts: readonly (string | null | undefined)[], query: string): number {
  const q = words(query);
  if (q.length === 0) return 1;
  const folded = texts.filter((t): t is string => !!t).map(fold);
  if (folded.length === 0) return 0;
  if (!q.every((w) => folded.some((t) => t.includes(w)))) return 0;
  const first = folded[0] ?? '';
  const whole = q.join(' ');
  if (first === whole) return 4;
  if (first.startsWith(whole)) return 3;
  if (q.every((w) => folded.some((t) => t.split(/[^\p{L}\p{N}]+/u).some((part) => part.startsWith(w))))) return 2;
  return 1;
}

/** The items that answer the query, best first (a stable order among equals), at most `limit`. */
export function findMatches<T>(items: readonly T[], query: string, texts: (item: T) => readonly (string | null | undefined)[], limit = Infinity): T[] {
  return items
    .map((item, index) => ({ item, index, score: matchScore(texts(item), query) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.item);
}

/** "123" or "#123": a call's id (a positive whole number, at most nine digits, no leading zero). */
export function callIdOf(query: string): number | null {
  const m = /^#?\s*([1-9]\d{0,8})$/.exec(query.trim());
  return m ? Number(m[1]) : null;
}

/** Whether the text could be (part of) a phone number: only what numbers are written with, 3 digits or more. */
export function looksLikePhone(query: string): boolean {
  const text = query.trim().replace(/^tel:/i, '');
  if (!/^\+?[\d\s().\-/]+$/.test(text)) return false;
  return text.replace(/\D/g, '').length >= 3;
}
