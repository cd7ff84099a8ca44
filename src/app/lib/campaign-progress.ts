/** A campaign's progress in one figure, for its bar on the overview and its page. */

function usable(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

/** Leads no longer waiting to be called (every status but `created`), of all. */
export function leadsDone(total: number | null, byStatus: Record<string, number>): { done: number; total: number; percent: number } {
  // Without a total (an older answer), the counts by status are all there is.
  const all = usable(total) ? Math.max(0, total) : Object.values(byStatus).reduce((s, n) => s + n, 0);
  const done = Math.min(all, Math.max(0, all - (byStatus.created ?? 0)));
  return { done, total: all, percent: all > 0 ? (done / all) * 100 : 0 };
}
