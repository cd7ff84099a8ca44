import type { FillerConfig } from '../../db/schema';

/*
 * Fillers: while the assistant waits longer than FILLER_AFTER_MS for a tool or for the model, an assistant
 * with `fillers` on says one of its `filler_config` phrases. The four lists are kinds of moment: after a
 * question of the customer ("Good question, let me check"), after something negative ("I understand, one
 * moment"), after something positive ("Great, one second"), and neutral for the rest. The kind follows the
 * customer's last words; a kind without phrases falls back to neutral, then to any list that has some.
 */

export const FILLER_AFTER_MS = 1_000;
export type FillerKind = keyof FillerConfig;

const NEGATIVE = /\b(not|no|never|problem|wrong|angry|annoyed|complain|bad|late|broken|cancel|sorry|nicht|kein|nie|problem|falsch|ärger|schlecht|spät|kaputt|storn)/i;
const POSITIVE = /\b(great|good|thanks|thank you|perfect|yes|sure|happy|glad|wonderful|gut|danke|perfekt|ja|gerne|super|prima|toll)\b/i;

export function fillerKind(lastCustomerWords: string): FillerKind {
  const words = lastCustomerWords.trim();
  if (words.endsWith('?')) return 'question';
  if (NEGATIVE.test(words)) return 'negative';
  if (POSITIVE.test(words)) return 'positive';
  return 'neutral';
}

/** A phrase of the fitting kind, chosen by `n` (stable for a call's turn); null when the assistant has none. */
export function fillerPhrase(config: Partial<FillerConfig> | null | undefined, kind: FillerKind, n: number): string | null {
  const lists = config ?? {};
  const order: FillerKind[] = [kind, 'neutral', 'question', 'positive', 'negative'];
  for (const k of order) {
    const phrases = (Array.isArray(lists[k]) ? lists[k] : []).filter((p): p is string => typeof p === 'string' && p.trim() !== '');
    if (phrases.length > 0) return phrases[Math.abs(n) % phrases.length]!.trim();
  }
  return null;
}
