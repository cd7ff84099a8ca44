import { createFileRoute } from '@tanstack/react-router';
import { knowledgeBasesQuery } from '@/api/get-knowledge-bases';
import { KnowledgePage } from '@/features/knowledge/components/knowledge-page';
import { knowledgeListSearchSchema } from '@/features/knowledge/lib/search';
import { prefetching } from '@/lib/route-loaders';

/** The user's knowledge bases; `?create=true` opens "New knowledge base". */
export const Route = createFileRoute('/_app/knowledge/')({
  validateSearch: knowledgeListSearchSchema,
  loader: prefetching(knowledgeBasesQuery),
  component: KnowledgeRoute,
});

function KnowledgeRoute() {
  const { create } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <KnowledgePage
      creating={create === true}
      onCreating={(open) => void navigate({ search: open ? { create: true } : {}, resetScroll: false })}
      onCreated={(base) => void navigate({ to: '/knowledge/$knowledgeBaseId', params: { knowledgeBaseId: String(base.id) }, search: {} })}
    />
  );
}
