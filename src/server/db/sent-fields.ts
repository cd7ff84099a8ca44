/*
 * An update request changes only the fields it sends: a field left out arrives as undefined and must not be
 * written (null, by contrast, is a value: it clears the column). The update paths of folders, labels, tools,
 * knowledge bases and their documents copy their plain columns this way.
 */

/** The named fields of `input` that the request sent, to spread into an update's `set`. */
export function sentFields<T extends object, K extends keyof T>(input: T, keys: readonly K[]): { [P in K]?: Exclude<T[P], undefined> } {
  const out: { [P in K]?: Exclude<T[P], undefined> } = {};
  for (const key of keys) {
    const value = input[key];
    if (value !== undefined) out[key] = value as Exclude<T[K], undefined>;
  }
  return out;
}
