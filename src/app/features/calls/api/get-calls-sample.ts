import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Call } from '@contract/call';
import type { CallsFilterParams } from '../lib/params';
import { callKeys } from '@/api/query-keys';
import { getCalls } from './get-calls';

/*
 * The charts read the latest calls of a filter. The API only pages, so the pages are fetched one after
 * another (100 calls each) up to a cap; the client waits out a 429 before the next page.
 */

export const CHART_CALL_CAP = 2_000;
const PAGE_SIZE = 100;

export function callsSampleQueryOptions(filter: CallsFilterParams, cap = CHART_CALL_CAP) {
  return infiniteQueryOptions({
    queryKey: callKeys.sample(filter, cap),
    queryFn: ({ pageParam, signal }) => getCalls({ ...filter, per_page: PAGE_SIZE, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.data.length, 0);
      if (last.data.length === 0 || last.current_page >= last.last_page || loaded >= cap) return undefined;
      return last.current_page + 1;
    },
    staleTime: 60_000,
  });
}

export interface CallsSample {
  calls: Call[];
  /** Calls matching the filter (the API's total). */
  total: number | null;
  /** How many calls the sample will hold when complete: min(total, cap). */
  target: number | null;
  complete: boolean;
  isError: boolean;
  error: unknown;
  retry: () => void;
}

export function useCallsSample(filter: CallsFilterParams, cap = CHART_CALL_CAP): CallsSample {
  const query = useInfiniteQuery(callsSampleQueryOptions(filter, cap));
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage, isFetching } = query;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const pages = query.data?.pages;
  const calls = useMemo(() => {
    const seen = new Set<number>();
    const out: Call[] = [];
    // New calls arriving between pages shift the pages: keep each call once.
    for (const page of pages ?? []) {
      for (const call of page.data) {
        if (seen.has(call.id) || out.length >= cap) continue;
        seen.add(call.id);
        out.push(call);
      }
    }
    return out;
  }, [pages, cap]);

  const total = pages?.[0]?.total ?? null;
  return {
    calls,
    total,
    target: total === null ? null : Math.min(total, cap),
    complete: query.isSuccess && !hasNextPage && !isFetching,
    isError,
    error: query.error,
    retry: () => void (query.data ? fetchNextPage() : query.refetch()),
  };
}
