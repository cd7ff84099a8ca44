import { createFileRoute } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { assistantGroupsQuery } from '@/api/get-assistant-groups';
import { ButtonLink } from '@/components/links';
import { PageHeader } from '@/components/page-header';
import { GroupsManager } from '@/features/folders/components/groups-manager';
import { m } from '@/i18n';

export const Route = createFileRoute('/_app/assistants/folders')({
  // Warms both lists without failing the route: each card shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(assistantGroupsQuery('folders'));
    void context.queryClient.prefetchQuery(assistantGroupsQuery('labels'));
  },
  component: FoldersPage,
});

function FoldersPage() {
  return (
    <>
      <PageHeader
        title={m.folders_title()}
        description={m.folders_description()}
        actions={
          <ButtonLink to="/assistants" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {m.folders_back_to_assistants()}
          </ButtonLink>
        }
      />
      <GroupsManager />
    </>
  );
}
