/*
 * The assistant and campaign choices of the call filter. Only ids and names are read, so the call log
 * does not depend on the assistants or campaigns features.
 */

export interface FilterOption {
  id: number;
  name: string;
}

/** `unnamed` names one without a name ("Assistant #4"), in the reader's language. */
export function toOptions(items: readonly { id: number; name: string | null }[], unnamed: (id: number) => string): FilterOption[] {
  const seen = new Set<number>();
  const out: FilterOption[] = [];
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push({ id: item.id, name: item.name?.trim() || unnamed(item.id) });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
