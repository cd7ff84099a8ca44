/*
 * The waits between attempts at the model endpoint: `base` ms doubled after each failure (capped at 30 s),
 * unless the endpoint said how long with Retry-After (seconds or a date) or retry-after-ms, which wins up
 * to 10 s (longer than that and the client is better answered with the failure).
 */

const MAX_BACKOFF_MS = 30_000;
const MAX_RETRY_AFTER_MS = 10_000;

export function retryDelayMs(failedAttempt: number, baseMs: number, headers: Record<string, string> | undefined, now = Date.now()): number {
  const backoff = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** (failedAttempt - 1));
  const said = retryAfterMs(headers, now);
  return said !== null && said <= MAX_RETRY_AFTER_MS ? said : backoff;
}

function retryAfterMs(headers: Record<string, string> | undefined, now: number): number | null {
  if (!headers) return null;
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers['retry-after'];
  if (raw === undefined) return null;
  const seconds = Number(raw);
  if (raw.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Waits `ms`, or less when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
