/*
 * Variables, evaluation and the like as rows of a key/value table. Evaluation arrives as an object or as
 * a list of `{name, value}` entries; PHP sends an empty object as `[]`; values are bools, strings,
 * numbers, or nested data (shown as compact JSON).
 */

export interface KeyValue {
  key: string;
  value: string;
  /** The value is nested data shown as JSON. */
  structured: boolean;
}

function valueText(value: unknown): { value: string; structured: boolean } {
  if (value === null || value === undefined) return { value: '—', structured: false };
  if (typeof value === 'string') return { value, structured: false };
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return { value: String(value), structured: false };
  }
  try {
    return { value: JSON.stringify(value), structured: true };
  } catch {
    return { value: String(value), structured: false };
  }
}

function entryName(item: Record<string, unknown>): string | null {
  for (const k of ['name', 'key', 'label', 'title', 'field']) {
    const v = item[k];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return null;
}

export function keyValues(data: unknown): KeyValue[] {
  if (data === null || data === undefined || data === '') return [];
  if (Array.isArray(data)) {
    return data.map((item, i) => {
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        const obj = item as Record<string, unknown>;
        const name = entryName(obj);
        if (name !== null && 'value' in obj) return { key: name, ...valueText(obj.value) };
        if (name !== null && 'result' in obj) return { key: name, ...valueText(obj.result) };
      }
      return { key: String(i + 1), ...valueText(item) };
    });
  }
  if (typeof data === 'object') {
    return Object.entries(data as Record<string, unknown>).map(([key, value]) => ({ key, ...valueText(value) }));
  }
  return [{ key: 'value', ...valueText(data) }];
}

/** Pretty JSON for display; a string holding JSON is unpacked first. */
export function prettyJson(data: unknown): string {
  if (typeof data === 'string') {
    try {
      return JSON.stringify(JSON.parse(data), null, 2);
    } catch {
      return data;
    }
  }
  try {
    return JSON.stringify(data, null, 2) ?? String(data);
  } catch {
    return String(data);
  }
}
