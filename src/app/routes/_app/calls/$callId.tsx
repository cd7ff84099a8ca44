import { createFileRoute } from '@tanstack/react-router';
import * as z from '@/lib/zod-mini';
import { idParam } from '@/lib/search-params';
import { callQueryOptions } from '@/api/get-call';
import { CallDrawer } from '@/features/calls/components/call-drawer';

/** Not a positive integer: 0, which the drawer shows as "no such call". */
const callIdParam = z.catch(idParam(), 0);

/** One call, linkable, drawn as a drawer over the log with the log's filter still in the URL. */
export const Route = createFileRoute('/_app/calls/$callId')({
  params: {
    parse: ({ callId }) => ({ callId: z.parse(callIdParam, callId) }),
    stringify: ({ callId }) => ({ callId: String(callId) }),
  },
  loader: ({ context, params }) => {
    if (params.callId > 0) void context.queryClient.prefetchQuery(callQueryOptions(params.callId));
  },
  component: CallDrawer,
});
