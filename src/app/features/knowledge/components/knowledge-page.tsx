import { Button } from '@mantine/core';
import { IconBooks, IconPlus } from '@tabler/icons-react';
import { EmptyList } from '@/components/empty-list';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useKnowledgeBases } from '@/api/get-knowledge-bases';
import type { KnowledgeBase } from '@contract/knowledge-read';
import { m } from '@/i18n';
import { CreateKnowledgeBaseModal } from './create-knowledge-base-modal';
import { KnowledgeBasesTable } from './knowledge-bases-table';
import { useDeleteKnowledgeBaseWithConfirm } from './use-delete-knowledge';

/**
 * The Knowledge page: the user's knowledge bases with their status and documents, and "New knowledge
 * base". Whether the create dialog is open is the page's URL (`?create=true`), so the palette can open it.
 */
export function KnowledgePage({ creating, onCreating, onCreated }: { creating: boolean; onCreating: (open: boolean) => void; onCreated: (base: KnowledgeBase) => void }) {
  const bases = useKnowledgeBases();
  const remove = useDeleteKnowledgeBaseWithConfirm();
  const newButton = (label: string) => (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onCreating(true)}>
      {label}
    </Button>
  );
  return (
    <>
      <PageHeader title={m.knowledge_title()} description={m.knowledge_description()} actions={newButton(m.knowledge_new())} />
      <QueryState
        query={bases}
        errorTitle={m.knowledge_load_error()}
        loadingText={m.knowledge_loading()}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyList withBorder icon={IconBooks} title={m.knowledge_empty_title()} description={m.knowledge_empty_description()}>
            {newButton(m.knowledge_create_first())}
          </EmptyList>
        }
      >
        {(data) => <KnowledgeBasesTable bases={data} onDelete={(b) => void remove.run(b)} />}
      </QueryState>
      <CreateKnowledgeBaseModal opened={creating} onClose={() => onCreating(false)} onCreated={onCreated} />
    </>
  );
}
