import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { callsQueryOptions } from '@/features/calls/api/get-calls';
import { CallLogPage } from '@/features/calls/components/call-log-page';
import { resolveCallsParams } from '@/features/calls/lib/resolve-params';
import { CALLS_SEARCH_DEFAULTS, callsSearchSchema } from '@/features/calls/lib/search';

/*
 * The call log. Its filters, page and page size live in the URL (validated, with fallbacks), so a
 * reload, a shared link, back and forward all restore the view. The call detail (`/calls/$callId`) is
 * a child route drawn as a drawer over the list, which stays in place underneath.
 */
export const Route = createFileRoute('/_app/calls')({
  validateSearch: callsSearchSchema,
  search: { middlewares: [stripSearchParams(CALLS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search: { charts: _charts, ...search } }) => search,
  // Starts the page's request alongside the page's code; the page shows the previous page meanwhile
  // rather than waiting here.
  loader: async ({ context, deps }) => {
    const params = await resolveCallsParams({ ...deps });
    if (params) void context.queryClient.prefetchQuery(callsQueryOptions(params));
  },
  component: CallLogPage,
});
