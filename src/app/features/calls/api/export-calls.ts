import type { Call } from '@contract/call';
import { ApiError } from '@/api';
import { sleep } from '@/api/client';
import type { CallsFilterParams } from '../lib/params';
import { getCalls, type CallsPage } from './get-calls';

/*
 * Every call of a filter, page after page, for the CSV export. The client already waits out a 429 a
 * few times; a long export may meet the limit more often, so a page that still comes back 429 is
 * waited for and asked again until the person cancels.
 */

export interface ExportProgress {
  loaded: number;
  total: number | null;
  /** Seconds the host asked to wait, while waiting. */
  waitingFor: number | null;
}

const PAGE_SIZE = 100;

async function patientPage(filter: CallsFilterParams, page: number, signal: AbortSignal, onWait: (s: number | null) => void): Promise<CallsPage> {
  for (;;) {
    try {
      return await getCalls({ ...filter, per_page: PAGE_SIZE, page }, signal);
    } catch (e) {
      if (!(e instanceof ApiError) || e.kind !== 'rate-limited') throw e;
      const seconds = Math.max(1, e.retryAfter ?? 5);
      onWait(seconds);
      await sleep(seconds * 1000, signal);
      onWait(null);
    }
  }
}

export async function fetchAllCalls(
  filter: CallsFilterParams,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (p: ExportProgress) => void },
): Promise<Call[]> {
  const seen = new Set<number>();
  const calls: Call[] = [];
  let total: number | null = null;
  const report = (waitingFor: number | null) => onProgress({ loaded: calls.length, total, waitingFor });
  for (let page = 1; ; page += 1) {
    const res = await patientPage(filter, page, signal, report);
    total = res.total;
    for (const call of res.data) {
      if (seen.has(call.id)) continue;
      seen.add(call.id);
      calls.push(call);
    }
    report(null);
    if (res.data.length === 0 || page >= res.last_page) break;
  }
  return calls;
}
