import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { runImport, stopReason, type ImportProgress } from './importer';
import type { CheckedRow } from './row-validation';

const CANCELLED_REASON = stopReason('cancelled');

function row(n: number, e164: string | null = `+4930123456${String(n).padStart(2, '0')}`, problem?: string): CheckedRow {
  return {
    index: n,
    rowNumber: n + 2,
    cells: [e164 ?? 'x'],
    phone: e164 ?? 'x',
    variables: {},
    e164,
    problems: problem ? [{ kind: 'invalid-phone', message: problem }] : [],
    warnings: [],
  };
}

const rateLimited = (retryAfter: number | null) =>
  new ApiError({ kind: 'rate-limited', status: 429, message: 'Too Many Attempts.', retryAfter, method: 'POST', path: '/user/lead' });

describe('runImport', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits retry_after after a 429 and sends the same row again', async () => {
    const sent: number[] = [];
    let calls = 0;
    const send = vi.fn(async (r: CheckedRow) => {
      calls += 1;
      if (calls === 2) throw rateLimited(30);
      sent.push(r.rowNumber);
    });
    const progress: ImportProgress[] = [];
    const done = runImport([row(0), row(1), row(2)], send, { onProgress: (p) => progress.push(p) });

    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([2]);
    const waiting = progress.at(-1)!;
    expect(waiting.waitingUntil).toBe(Date.now() + 30_000);
    expect(waiting.rateLimitWaits).toBe(1);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(send).toHaveBeenCalledTimes(2); // still waiting: nothing sent during the pause
    await vi.advanceTimersByTimeAsync(1);
    const result = await done;

    expect(sent).toEqual([2, 3, 4]); // row 3 sent again, nothing lost, order kept
    expect(result).toMatchObject({ created: 3, failed: 0, skipped: 0, notSent: 0, rateLimitWaits: 1, cancelled: false });
    expect(result.durationMs).toBe(30_000);
    expect(progress.at(-1)!.waitingUntil).toBeNull();
  });

  it('a 429 without retry_after waits the default', async () => {
    let first = true;
    const send = vi.fn(async () => {
      if (first) {
        first = false;
        throw rateLimited(null);
      }
    });
    const done = runImport([row(0)], send, { defaultRetryAfter: 7 });
    await vi.advanceTimersByTimeAsync(6_999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await done).created).toBe(1);
  });

  it('a row that keeps getting 429 fails after the limit, and the import goes on', async () => {
    const send = vi.fn(async (r: CheckedRow) => {
      if (r.rowNumber === 2) throw rateLimited(1);
    });
    const done = runImport([row(0), row(1)], send, { maxRateLimitWaitsPerRow: 3 });
    await vi.advanceTimersByTimeAsync(10_000);
    const result = await done;
    expect(send).toHaveBeenCalledTimes(5); // 4 tries of row 2, 1 of row 3
    expect(result.outcomes[0]).toEqual({ status: 'failed', reason: 'The service still refused it after 3 waits for the rate limit: Too Many Attempts.' });
    expect(result.created).toBe(1);
  });

  it('skips rows the preview refused and fails rows the service refuses, with its words', async () => {
    const send = vi.fn(async (r: CheckedRow) => {
      if (r.rowNumber === 4)
        throw new ApiError({
          kind: 'validation',
          status: 422,
          message: 'The phone number has already been taken in this campaign.',
          fieldErrors: { phone_number: ['The phone number has already been taken in this campaign.'] },
        });
    });
    const result = await runImport([row(0), row(1, null, 'bad number'), row(2), row(3)], send);
    expect(send).toHaveBeenCalledTimes(3);
    expect(result.outcomes).toEqual([
      { status: 'created' },
      { status: 'skipped', reason: 'bad number' },
      { status: 'failed', reason: 'The phone number has already been taken in this campaign.' },
      { status: 'created' },
    ]);
    expect(result).toMatchObject({ created: 2, skipped: 1, failed: 1, notSent: 0 });
  });

  it('cancel during a 429 wait stops at once; the rest is not sent but reported', async () => {
    const controller = new AbortController();
    let calls = 0;
    const send = vi.fn(async () => {
      calls += 1;
      if (calls === 2) throw rateLimited(60);
    });
    const done = runImport([row(0), row(1), row(2)], send, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    const result = await done;
    expect(send).toHaveBeenCalledTimes(2);
    expect(result.cancelled).toBe(true);
    expect(result.outcomes).toEqual([
      { status: 'created' },
      { status: 'not-sent', reason: CANCELLED_REASON },
      { status: 'not-sent', reason: CANCELLED_REASON },
    ]);
    expect(result.notSent).toBe(2);
  });

  it('cancel lets the row in flight finish', async () => {
    const controller = new AbortController();
    const send = vi.fn(async () => {
      controller.abort(); // the person clicks Cancel while the first request runs
    });
    const result = await runImport([row(0), row(1)], send, { signal: controller.signal });
    expect(result.outcomes).toEqual([{ status: 'created' }, { status: 'not-sent', reason: CANCELLED_REASON }]);
  });

  it('a refused token stops the import', async () => {
    const send = vi.fn(async () => {
      throw new ApiError({ kind: 'unauthorized', status: 401, message: 'Unauthenticated.' });
    });
    const result = await runImport([row(0), row(1)], send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.notSent).toBe(2);
    expect(result.stoppedBecause).toMatch(/token was refused/);
  });
});
