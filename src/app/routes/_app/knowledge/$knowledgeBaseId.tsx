import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { knowledgeBaseQuery } from '@/features/knowledge/api/get-knowledge-base';
import { documentsQuery } from '@/features/knowledge/api/get-documents';
import { KnowledgeBasePage } from '@/features/knowledge/components/knowledge-base-page';
import { knowledgeBaseSearchSchema } from '@/features/knowledge/lib/search';
import { loadOrNotFound, pathIdOrNotFound } from '@/lib/route-loaders';

/** One knowledge base: its documents and "Try a search" (the question in `?q=`). Another user's base is not found. */
export const Route = createFileRoute('/_app/knowledge/$knowledgeBaseId')({
  validateSearch: knowledgeBaseSearchSchema,
  loader: async ({ context, params }) => {
    const knowledgeBaseId = pathIdOrNotFound(params.knowledgeBaseId);
    void context.queryClient.prefetchQuery(documentsQuery(knowledgeBaseId));
    await loadOrNotFound(context.queryClient.ensureQueryData(knowledgeBaseQuery(knowledgeBaseId)));
    return { knowledgeBaseId };
  },
  component: KnowledgeBaseRoute,
});

function KnowledgeBaseRoute() {
  const { knowledgeBaseId } = Route.useLoaderData();
  const { data: base } = useSuspenseQuery(knowledgeBaseQuery(knowledgeBaseId));
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <KnowledgeBasePage
      key={knowledgeBaseId}
      initial={base}
      query={q ?? ''}
      onQuery={(next) => void navigate({ search: { q: next || undefined }, resetScroll: false, replace: false })}
      onDeleted={() => void navigate({ to: '/knowledge', search: {} })}
    />
  );
}
