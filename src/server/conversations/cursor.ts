/*
 * Laravel's cursor paginator's cursors: base64url (no padding) of `{"id": N, "_pointsToNextItems": bool}`,
 * the last item of a page pointing forward, the first one backward. A cursor that does not decode is the
 * first page, as Laravel's Cursor::fromEncoded gives null for it.
 */

export interface Cursor {
  id: number;
  pointsToNextItems: boolean;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify({ id: c.id, _pointsToNextItems: c.pointsToNextItems })).toString('base64url');
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, _pointsToNextItems: forward } = parsed as { id?: unknown; _pointsToNextItems?: unknown };
    const n = typeof id === 'string' ? Number(id) : id;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 2_147_483_647 || typeof forward !== 'boolean') return null;
    return { id: n, pointsToNextItems: forward };
  } catch {
    return null;
  }
}
