/*
 * Reciprocal Rank Fusion (Cormack, Clarke and Büttcher, 2009): each ranking gives an item 1 / (k + its rank),
 * rank 1 first, and the sums order the fused list. Only ranks count, not the scores behind them, so full text's
 * ts_rank_cd-based weights and vector search's cosine distances need no common scale; k = 60 (the paper's)
 * keeps one ranking's first place from outweighing an item both rankings place well.
 */

export const RRF_K = 60;

export interface Fused {
  id: number;
  /** The sum of 1 / (k + rank) over the rankings that hold it. */
  score: number;
  /** Its rank (1 = first) in each ranking, in the rankings' order; null where a ranking does not hold it. */
  ranks: (number | null)[];
}

/** The items of several rankings (each best first, by id) fused, best first; ties keep the first ranking's order, then ids. */
export function reciprocalRankFusion(rankings: readonly (readonly number[])[], k = RRF_K): Fused[] {
  const byId = new Map<number, Fused>();
  rankings.forEach((ids, which) => {
    ids.forEach((id, i) => {
      let item = byId.get(id);
      if (!item) {
        item = { id, score: 0, ranks: rankings.map(() => null) };
        byId.set(id, item);
      }
      // An id twice in one ranking counts at its best place.
      if (item.ranks[which] !== null) return;
      item.ranks[which] = i + 1;
      item.score += 1 / (k + i + 1);
    });
  });
  const byRanks = (a: Fused, b: Fused) => {
    for (let i = 0; i < rankings.length; i++) {
      const d = (a.ranks[i] ?? Infinity) - (b.ranks[i] ?? Infinity);
      if (d !== 0 && !Number.isNaN(d)) return d;
    }
    return 0;
  };
  return [...byId.values()].sort((a, b) => b.score - a.score || byRanks(a, b) || a.id - b.id);
}
