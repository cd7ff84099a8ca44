import { ApiError, errorMessage } from '@/api/errors';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import type { CheckedRow } from './row-validation';

/*
 * Sends the rows of an import one at a time. Rows that failed the preview are not sent (skipped, with
 * their reasons). A 429 is waited out (the service's retry_after) and the same row is sent again, so the
 * rate limit costs time, never a row. Any other refusal fails that row with the service's message and the
 * import goes on. Cancel stops before the next row (a row in flight finishes, so its outcome is known);
 * a refused token stops the import too. Every row ends with an outcome: nothing is dropped.
 */

export type RowOutcome =
  | { status: 'created' }
  /** Not sent: the preview found it would fail. */
  | { status: 'skipped'; reason: string }
  /** Sent; the service refused it. */
  | { status: 'failed'; reason: string }
  /** Not sent because the import stopped (cancel, session ended). */
  | { status: 'not-sent'; reason: string };

export interface ImportProgress {
  /** Rows with an outcome, skipped ones included. */
  done: number;
  total: number;
  created: number;
  skipped: number;
  failed: number;
  /** While a 429 is being waited out: when the next try goes (epoch ms). */
  waitingUntil: number | null;
  /** Number of 429 answers so far. */
  rateLimitWaits: number;
}

export interface ImportResult {
  outcomes: RowOutcome[];
  created: number;
  skipped: number;
  failed: number;
  notSent: number;
  cancelled: boolean;
  /** Why the import stopped early (cancel, session ended), or null when every row was tried. */
  stoppedBecause: string | null;
  /** The same as a kind, for a heading and a sentence of its own. */
  stopKind: StopKind | null;
  rateLimitWaits: number;
  durationMs: number;
}

export type SendRow = (row: CheckedRow) => Promise<unknown>;

export interface ImportOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Seconds to wait after a 429 that did not say how long. */
  defaultRetryAfter?: number;
  /** 429s in a row for one row before it is given up as failed. */
  maxRateLimitWaitsPerRow?: number;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const onAbort = () => {
      clearTimeout(t);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The service's words for a refused row: its field messages, else its message. */
export function refusalReason(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = Object.values(error.fieldErrors).flat();
    if (messages.length > 0) return [...new Set(messages)].join(' ');
  }
  return errorMessage(error);
}

export type StopKind = 'cancelled' | 'unauthorized';

/** The reason given to each row an import stopped before (in the reader's language, made when it stops). */
export function stopReason(kind: StopKind): string {
  return kind === 'cancelled' ? m.leads_reason_cancelled() : m.leads_reason_unauthorized();
}

/** Why the import stopped, as a sentence on its own (the summary's alert). */
export function stopMessage(kind: StopKind): string {
  return kind === 'cancelled' ? m.leads_stop_cancelled() : m.leads_stop_unauthorized();
}

export async function runImport(rows: readonly CheckedRow[], send: SendRow, options: ImportOptions = {}): Promise<ImportResult> {
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const defaultRetryAfter = options.defaultRetryAfter ?? 10;
  const maxWaits = options.maxRateLimitWaitsPerRow ?? 20;
  const started = now();
  const outcomes: RowOutcome[] = new Array<RowOutcome>(rows.length);
  const progress: ImportProgress = { done: 0, total: rows.length, created: 0, skipped: 0, failed: 0, waitingUntil: null, rateLimitWaits: 0 };
  const report = () => options.onProgress?.({ ...progress });
  let stopKind: StopKind | null = null;
  let stoppedBecause: string | null = null;
  const stop = (kind: StopKind) => {
    stopKind = kind;
    stoppedBecause = stopReason(kind);
  };

  const settle = (i: number, outcome: RowOutcome) => {
    outcomes[i] = outcome;
    progress.done += 1;
    if (outcome.status === 'created') progress.created += 1;
    else if (outcome.status === 'skipped') progress.skipped += 1;
    else if (outcome.status === 'failed') progress.failed += 1;
  };

  // The preview's verdicts first: those rows are never sent.
  rows.forEach((row, i) => {
    if (row.problems.length > 0 || row.e164 === null) {
      settle(i, { status: 'skipped', reason: row.problems.map((p) => p.message).join(' ') || m.leads_reason_no_valid_phone() });
    }
  });
  report();

  for (let i = 0; i < rows.length; i++) {
    if (outcomes[i]) continue;
    if (stoppedBecause === null && options.signal?.aborted) stop('cancelled');
    if (stoppedBecause !== null) {
      outcomes[i] = { status: 'not-sent', reason: stoppedBecause };
      continue;
    }
    let waits = 0;
    for (;;) {
      try {
        await send(rows[i]!);
        settle(i, { status: 'created' });
        break;
      } catch (e) {
        if (e instanceof ApiError && e.kind === 'rate-limited' && waits < maxWaits) {
          waits += 1;
          progress.rateLimitWaits += 1;
          const ms = Math.max(0, e.retryAfter ?? defaultRetryAfter) * 1000;
          progress.waitingUntil = now() + ms;
          report();
          try {
            await sleep(ms, options.signal);
          } catch {
            stop('cancelled');
            outcomes[i] = { status: 'not-sent', reason: stoppedBecause! };
            break;
          } finally {
            progress.waitingUntil = null;
          }
          continue;
        }
        if (e instanceof ApiError && e.kind === 'rate-limited') {
          settle(i, { status: 'failed', reason: m.leads_reason_rate_limited({ waits: formatNumber(waits), message: e.message }) });
          break;
        }
        if (e instanceof ApiError && e.kind === 'unauthorized') {
          stop('unauthorized');
          outcomes[i] = { status: 'not-sent', reason: stoppedBecause! };
          break;
        }
        settle(i, { status: 'failed', reason: refusalReason(e) });
        break;
      }
    }
    report();
  }

  const notSent = outcomes.filter((o) => o.status === 'not-sent').length;
  return {
    outcomes,
    created: progress.created,
    skipped: progress.skipped,
    failed: progress.failed,
    notSent,
    cancelled: stopKind === 'cancelled',
    stoppedBecause,
    stopKind,
    rateLimitWaits: progress.rateLimitWaits,
    durationMs: now() - started,
  };
}
