/*
 * Reads a fetch answer's body whole, up to a cap: for the operator's endpoints (speech, transcription), which
 * are trusted and so not fetched through request.ts, but whose answers still must not fill the memory.
 * `tooLarge` makes the caller's own error: with the declared length when the header already says too much,
 * without it when the stream passes the cap (the stream is cancelled then).
 */
export async function readCapped(res: Response, maxBytes: number, tooLarge: (declared?: number) => Error): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(declared);
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
