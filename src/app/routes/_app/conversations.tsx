import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { conversationsQuery } from '@/features/conversations/api/get-conversations';
import { ConversationsPage } from '@/features/conversations/components/conversations-page';
import { CONVERSATIONS_SEARCH_DEFAULTS, conversationsSearchSchema, listParams } from '@/features/conversations/lib/search';

/*
 * Text conversations with the user's assistants. Filters, cursor, page size and the open conversation
 * live in the URL (validated, with fallbacks), so reload, a shared link, back and forward restore the view.
 */
export const Route = createFileRoute('/_app/conversations')({
  validateSearch: conversationsSearchSchema,
  search: { middlewares: [stripSearchParams(CONVERSATIONS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search: { open: _open, ...search } }) => search,
  // Starts the list's request alongside the page's code without failing the route: the page shows its own states.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(conversationsQuery(listParams({ ...deps, open: undefined }))),
  component: ConversationsRoute,
});

function ConversationsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ConversationsPage search={search} onSearch={(next) => void navigate({ search: next, resetScroll: false })} />;
}
