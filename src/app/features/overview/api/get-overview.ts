import { queryOptions } from '@tanstack/react-query';
import { overviewAnswerSchema, type Overview } from '@contract/live';
import { api, isExtensionNotOffered } from '@/api';
import { useLiveRefetchInterval } from '@/live/live-context';
import { overviewKeys } from '@/api/query-keys';
import { useExtensionQuery } from '@/api/extension-query';

/** This browser's time zone, so "today" on the overview is the person's today. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /user/overview?timezone=…: `{data: Overview}` (our extension). */
export function getOverview(timezone: string, signal?: AbortSignal): Promise<Overview> {
  return api.get('/user/overview', overviewAnswerSchema, { query: { timezone }, signal });
}

/** A host without the endpoint (the hosted service): nothing to show, not a failure. */
export const isNotOffered = isExtensionNotOffered;

export const overviewQuery = (timezone: string) => queryOptions({ queryKey: overviewKeys.detail(timezone), queryFn: ({ signal }) => getOverview(timezone, signal), staleTime: 5_000 });

/** The overview, refreshed by the live stream, or every 5 s while it is down (never on a host without it). */
export function useOverview(timezone: string = browserTimeZone()) {
  return useExtensionQuery(overviewQuery(timezone), useLiveRefetchInterval());
}
