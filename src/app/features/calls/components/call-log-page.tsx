import { Alert, Button, EmptyState, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Outlet, useMatch, useRouter, useRouterState } from '@tanstack/react-router';
import { IconChartBar, IconFilterOff, IconInfoCircle, IconPhoneOff } from '@tabler/icons-react';
import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Call } from '@contract/call';
import { useIsLocalService } from '@/api/local-service';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { ReplayButton } from '@/components/replay-button';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { useAssistantOptions } from '../api/get-assistant-options';
import { useCampaignOptions } from '../api/get-campaign-options';
import { callsQueryOptions, hasLiveCalls, LIVE_REFRESH_MS, useCalls } from '../api/get-calls';
import { describeFilter } from '../lib/describe-filter';
import { joinParts } from '@/lib/call-format';
import { callsParams, filterParams } from '../lib/params';
import { activeFilterCount, callsSearchSchema, clearedSearch, hasActiveFilter, sameSearch, searchIdentity, type CallsSearch } from '../lib/search';
import { useCallsParams } from '../lib/use-calls-params';
import { CallFilters, type FilterPatch } from './call-filters';
import { CallsPager } from './calls-pager';
import { CallLinkSearch } from './call-link';
import { CallsTable } from './calls-table';
import { ExportCalls } from './export-calls';

// Charts (recharts) load only when someone opens them.
const CallCharts = lazy(() => import('./call-charts'));

const route = getRouteApi('/_app/calls');
const PREFETCH_DELAY_MS = 300;

/** Memoised: the page draws again with each answer; this button only when the charts are shown or hidden. */
const ChartsToggle = memo(function ChartsToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  return (
    <Button variant={on ? 'light' : 'default'} leftSection={<IconChartBar size={16} />} aria-pressed={on} onClick={onToggle}>
      {m.calls_charts()}
    </Button>
  );
});

/*
 * Memoised (it takes no props): the router draws the route's component again whenever its own state
 * moves (the navigation's pending match, the loader settling, the drawer's route), each a whole page of
 * renders after a filter change; the page follows what it reads itself (the search, the list query).
 */
export const CallLogPage = memo(function CallLogPage() {
  const routerSearch = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const router = useRouter();
  /*
   * A filter, page or clear shows at once. The router commits a URL change inside a React transition, which
   * a busy page may finish only after the list's answer is in: at 100,000 calls a quarter to 40 % of filter
   * changes waited 15-20 ms more for it before the new rows could paint. So the page draws from the search it
   * asked for until the router's own search has caught up (the URL stays the source: back and forward, or any
   * other navigation, drop what was asked ahead).
   */
  const [ahead, setAhead] = useState<CallsSearch | null>(null);
  useEffect(() => setAhead((asked) => (asked && sameSearch(asked, routerSearch) ? null : asked)), [routerSearch]);
  useEffect(
    () =>
      router.history.subscribe(({ action }) => {
        if (action.type !== 'PUSH' && action.type !== 'REPLACE') setAhead(null);
      }),
    [router],
  );
  // One object while the view stays the same, so the router catching up redraws nothing below the page.
  const searchKey = searchIdentity(ahead ?? routerSearch);
  const search = useMemo(() => callsSearchSchema.parse(JSON.parse(searchKey)), [searchKey]);
  // The query string as the router wrote it, for the rows' links (the drawer keeps the log's query).
  const linkSearch = useRouterState({ select: (s) => s.location.searchStr });
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const openCallId = useMatch({ from: '/_app/calls/$callId', shouldThrow: false, select: (m) => m.params.callId });

  const { params, phone } = useCallsParams(search);
  // Our extensions (the latency filter and chart) only where the host has them; a link's filter stays visible to clear.
  const local = useIsLocalService() === true;
  const calls = useCalls(params);
  const assistants = useAssistantOptions();
  const campaigns = useCampaignOptions();

  const filterWords = useMemo(
    () => describeFilter(search, assistants.data, campaigns.data),
    [search, assistants.data, campaigns.data],
  );
  const filter = useMemo(() => (params ? filterParams(params) : null), [params]);
  const page = calls.data;

  // The next page is usually the next thing wanted: fetch it ahead, once the page has settled for a
  // moment, so that quick filter changes do not queue prefetches ahead of the request that matters.
  useEffect(() => {
    if (!params || !page || calls.isPlaceholderData || page.current_page >= page.last_page) return;
    const timer = setTimeout(() => void queryClient.prefetchQuery(callsQueryOptions({ ...params, page: params.page + 1 })), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [params, page, calls.isPlaceholderData, queryClient]);

  const setSearch = useCallback(
    (change: (prev: CallsSearch) => CallsSearch, replace = false) => {
      const next = change(latest.current.search);
      setAhead(next);
      void navigate({ to: '/calls', search: next, replace, resetScroll: false }).catch(() => setAhead((asked) => (asked === next ? null : asked)));
    },
    [navigate],
  );
  /*
   * The list request for the next view starts with the click, beside the routing and the render of the
   * URL change (~35 ms at 100k calls on a busy machine) instead of after them; the route's loader then
   * finds it in flight. Phone text is left to the page, which reads it into E.164 first.
   */
  const phoneE164 = phone.state === 'valid' ? phone.e164 : undefined;
  const phoneReadable = phone.state !== 'invalid';
  /*
   * The handlers read the search on screen through a ref, so they stay the same functions from one
   * filter to the next: the filter bar's fields and the pager are memoised on them, and only the field
   * that changed is drawn again (five Selects with their kept-mounted option lists were each time).
   */
  const latest = useRef({ search, phoneReadable, phoneE164 });
  useLayoutEffect(() => {
    latest.current = { search, phoneReadable, phoneE164 };
  });
  const startList = useCallback(
    (next: CallsSearch) => {
      const { phoneReadable: readable, phoneE164: e164 } = latest.current;
      if (readable) void queryClient.prefetchQuery(callsQueryOptions(callsParams(next, e164)));
    },
    [queryClient],
  );
  const changeFilter = useCallback(
    (patch: FilterPatch) => {
      if (!('phone' in patch)) startList({ ...latest.current.search, ...patch, page: 1 });
      setSearch((prev) => ({ ...prev, ...patch, page: 1 }));
    },
    [setSearch, startList],
  );
  const changePage = useCallback(
    (change: Pick<CallsSearch, 'page'> & Partial<Pick<CallsSearch, 'per_page'>>) => {
      startList({ ...latest.current.search, ...change });
      setSearch((prev) => ({ ...prev, ...change }));
    },
    [setSearch, startList],
  );
  const toggleCharts = useCallback(() => setSearch((prev) => ({ ...prev, charts: prev.charts ? undefined : true })), [setSearch]);
  const toPage = useCallback((p: number) => changePage({ page: p }), [changePage]);
  const toPerPage = useCallback((n: CallsSearch['per_page']) => changePage({ per_page: n, page: 1 }), [changePage]);
  const clear = useCallback(() => {
    void queryClient.prefetchQuery(callsQueryOptions(callsParams(clearedSearch(latest.current.search), undefined)));
    setSearch((prev) => clearedSearch(prev));
  }, [setSearch, queryClient]);
  const openCall = useCallback(
    (call: Call) => void navigate({ to: '/calls/$callId', params: { callId: call.id }, search: (prev) => prev, resetScroll: false }),
    [navigate],
  );
  // What the router's Link did on intent: the drawer's code and the call's query, before the click.
  const preloadCall = useCallback(
    (call: Call) => void router.preloadRoute({ to: '/calls/$callId', params: { callId: call.id }, search: true }).catch(() => undefined),
    [router],
  );

  const active = hasActiveFilter(search);
  const stale = calls.isPlaceholderData;
  const stateKey = params && !stale ? JSON.stringify(params) : '';
  const total = page && !stale ? page.total : null;

  let body: React.ReactNode;
  if (phone.state === 'invalid') {
    body = (
      <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} title={m.calls_phone_hint_title()} data-testid="phone-hint">
        {m.calls_phone_hint_body()}
      </Alert>
    );
  } else if (calls.isError && !page) {
    body = <ErrorState error={calls.error} title={m.calls_load_error()} onRetry={() => void calls.refetch()} retrying={calls.isFetching} />;
  } else if (page && page.data.length === 0 && !stale) {
    const pastEnd = page.total > 0;
    body = (
      <Paper withBorder radius="md" p="xl" data-testid="calls-empty" data-state="fresh" data-key={stateKey}>
        <EmptyState
          icon={<IconPhoneOff size={28} />}
          withIndicatorBackground
          title={
            pastEnd
              ? m.calls_past_end_title({ page: formatNumber(search.page) })
              : active
                ? m.calls_no_match_title()
                : m.calls_no_calls_title()
          }
          description={
            pastEnd
              ? m.calls_past_end_description({ count: formatNumber(page.total), pages: formatNumber(page.last_page) })
              : active
                ? joinParts(filterWords)
                : m.calls_no_calls_description()
          }
        >
          <EmptyState.Actions>
            {pastEnd ? (
              <Button variant="light" onClick={() => setSearch((prev) => ({ ...prev, page: 1 }))}>
                {m.calls_go_first_page()}
              </Button>
            ) : active ? (
              <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={clear}>
                {m.common_clear_filters()}
              </Button>
            ) : null}
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm">
        {calls.isError && (
          <ErrorState error={calls.error} title={m.calls_refresh_error()} onRetry={() => void calls.refetch()} retrying={calls.isFetching} />
        )}
        <Paper withBorder={!compact} radius="md" style={{ overflow: 'hidden' }}>
          <CallLinkSearch.Provider value={linkSearch}>
            <CallsTable
              calls={page?.data}
              skeletonRows={Math.min(search.per_page, 15)}
              stale={stale}
              selectedId={openCallId ?? null}
              onOpen={openCall}
              onPreload={preloadCall}
              compact={compact}
              stateKey={stateKey}
            />
          </CallLinkSearch.Provider>
        </Paper>
        {page && (
          <CallsPager
            page={page.current_page}
            lastPage={page.last_page}
            from={page.from}
            to={page.to}
            total={page.total}
            perPage={search.per_page}
            onPage={toPage}
            onPerPage={toPerPage}
            compact={compact}
          />
        )}
      </Stack>
    );
  }

  const summary =
    total === null
      ? m.calls_summary_intro()
      : active
        ? m.calls_summary_filtered({ count: formatNumber(total) })
        : m.calls_summary_total({ count: formatNumber(total) });

  return (
    <>
      <PageHeader
        title={m.calls_title()}
        description={
          <span data-testid="calls-summary" data-total={total ?? ''}>
            {summary}
            {page && hasLiveCalls(page) && ` ${m.calls_live_refresh({ seconds: formatNumber(LIVE_REFRESH_MS / 1000) })}`}
          </span>
        }
        actions={
          <>
            {calls.isFetching && !calls.isPending && <Loader size="xs" role="status" aria-label={m.calls_refreshing()} />}
            <ChartsToggle on={search.charts === true} onToggle={toggleCharts} />
            <ExportCalls filter={filter} filterWords={filterWords} total={total} disabled={phone.state === 'invalid'} />
            {/* Our extension: the filter's calls replayed against their assistant as it is now. */}
            {local && (
              <ReplayButton
                request={filter ? { filter } : null}
                label={m.replays_from_filter()}
                confirm="filter"
                disabled={phone.state === 'invalid' || total === 0}
              />
            )}
          </>
        }
      />
      <Stack gap="md">
        <CallFilters
          search={search}
          phone={phone}
          assistants={assistants.data}
          campaigns={campaigns.data}
          optionsLoading={assistants.isPending || campaigns.isPending}
          onChange={changeFilter}
          onClear={clear}
          activeCount={activeFilterCount(search)}
          compact={compact}
          showLatency={local || search.latency_p95_min !== undefined}
        />
        {search.charts && filter && (
          <Paper withBorder radius="md" p="md">
            <Suspense fallback={<Text size="sm" c="dimmed">{m.calls_loading_charts()}</Text>}>
              <CallCharts filter={filter} filterWords={filterWords} withLatency={local} />
            </Suspense>
          </Paper>
        )}
        {body}
      </Stack>
      <Outlet />
    </>
  );
});
