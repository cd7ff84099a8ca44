import { lazy, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconFiles, IconPencil, IconWorldWww } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { KnowledgeBase, KnowledgeDocument } from '@contract/knowledge-read';
import { EmptyList } from '@/components/empty-list';
import { ModalOnDemand } from '@/components/modal-on-demand';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { notifySuccess } from '@/lib/notify';
import { useLiveMode } from '@/live';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { PROCESSING_POLL_MS, useDocuments } from '../api/get-documents';
import { knowledgeBaseQuery } from '../api/get-knowledge-base';
import { useUpdateDocument } from '../api/update-document';
import { useUpdateKnowledgeBase } from '../api/update-knowledge-base';
import { knowledgeBaseName } from '../lib/names';
import { isProcessing } from '../lib/status';
import { DocumentsTable } from './documents-table';
import { KnowledgeStatusBadge } from './knowledge-status-badge';
import { TrySearch } from './try-search';
import { UploadFiles } from './upload-files';
import { documentName, useDeleteDocumentWithConfirm, useDeleteKnowledgeBaseWithConfirm } from './use-delete-knowledge';
import { DeleteButton } from '@/components/delete-button';

// The dialogs load when first opened: "Add website" brings NumberInput and the autosizing Textarea
// (~12 KB gzip), more than the page's own code.
const AddWebsiteModal = lazy(() => import('./add-website-modal').then((mod) => ({ default: mod.AddWebsiteModal })));
const NameModal = lazy(() => import('./name-modal').then((mod) => ({ default: mod.NameModal })));

/**
 * One knowledge base: its documents (add a website, upload files, rename, delete) with statuses that move
 * as the service processes them (the live stream's knowledge events; a 5 s poll while a document is
 * processing and no stream is open), and "Try a search".
 */
export function KnowledgeBasePage({
  initial,
  query,
  onQuery,
  onDeleted,
}: {
  initial: KnowledgeBase;
  query: string;
  onQuery: (q: string) => void;
  onDeleted: () => void;
}) {
  const id = initial.id;
  const poll = useLiveMode() === 'polling';
  const baseQuery = useQuery({
    ...knowledgeBaseQuery(id),
    initialData: initial,
    refetchInterval: (q) => (poll && isProcessing(q.state.data?.status ?? '') ? PROCESSING_POLL_MS : false),
  });
  const base = baseQuery.data;
  const documents = useDocuments(id, poll);
  const updateBase = useUpdateKnowledgeBase(id);
  const updateDocument = useUpdateDocument(id);
  const removeBase = useDeleteKnowledgeBaseWithConfirm();
  const removeDocument = useDeleteDocumentWithConfirm(id);
  const [renamingBase, setRenamingBase] = useState(false);
  const [renaming, setRenaming] = useState<KnowledgeDocument | null>(null);
  const [addingWebsite, setAddingWebsite] = useState(false);
  const name = knowledgeBaseName(base);

  return (
    <>
      <PageHeader
        title={name}
        description={base.description || undefined}
        actions={
          <>
            <KnowledgeStatusBadge status={base.status} hostLabel={base.status_label} />
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setRenamingBase(true)}>
              {m.knowledge_rename()}
            </Button>
            <DeleteButton loading={removeBase.isPending} onClick={() => void removeBase.run(base).then((gone) => gone && onDeleted())} />
          </>
        }
      />
      <Stack gap="lg">
        <SectionCard
          id="knowledge-documents"
          title={m.knowledge_documents_title()}
          description={
            documents.data
              ? m.knowledge_documents_description_count({ count: formatNumber(documents.data.length) })
              : m.knowledge_documents_description()
          }
          aside={
            <Button variant="light" leftSection={<IconWorldWww size={16} aria-hidden />} onClick={() => setAddingWebsite(true)}>
              {m.knowledge_add_website()}
            </Button>
          }
        >
          <UploadFiles knowledgeBaseId={id} />
          <QueryState
            query={documents}
            errorTitle={m.knowledge_documents_load_error()}
            loadingText={m.knowledge_documents_loading()}
            isEmpty={(data) => data.length === 0}
            empty={
              <EmptyList icon={IconFiles} title={m.knowledge_documents_empty_title()} description={m.knowledge_documents_empty_description()}>
                <Text size="xs" c="dimmed">
                  {m.knowledge_documents_empty_hint()}
                </Text>
              </EmptyList>
            }
          >
            {(data) => <DocumentsTable documents={data} onRename={setRenaming} onDelete={(d) => void removeDocument.run(d)} />}
          </QueryState>
        </SectionCard>
        <SectionCard id="knowledge-search" title={m.knowledge_search_title()} description={m.knowledge_search_description()}>
          <TrySearch knowledgeBaseId={id} query={query} onQuery={onQuery} />
        </SectionCard>
      </Stack>
      <ModalOnDemand opened={addingWebsite} onClose={() => setAddingWebsite(false)} title={m.knowledge_add_website()} size="lg" height={400}>
        <AddWebsiteModal knowledgeBaseId={id} opened={addingWebsite} onClose={() => setAddingWebsite(false)} />
      </ModalOnDemand>
      <ModalOnDemand opened={renamingBase} onClose={() => setRenamingBase(false)} title={m.knowledge_rename_base_title()} height={112}>
        <NameModal
          opened={renamingBase}
          title={m.knowledge_rename_base_title()}
          initialName={base.name}
          onClose={() => setRenamingBase(false)}
          save={async (next) => {
            await updateBase.mutateAsync({ name: next });
            notifySuccess(m.knowledge_renamed_message({ name: next }), m.common_saved());
          }}
        />
      </ModalOnDemand>
      <ModalOnDemand opened={renaming !== null} onClose={() => setRenaming(null)} title={m.knowledge_rename_document_title()} height={112}>
        <NameModal
          opened={renaming !== null}
          title={m.knowledge_rename_document_title()}
          initialName={renaming ? documentName(renaming) : ''}
          onClose={() => setRenaming(null)}
          save={async (next) => {
            if (!renaming) return;
            await updateDocument.mutateAsync({ documentId: renaming.id, name: next });
            notifySuccess(m.knowledge_renamed_message({ name: next }), m.common_saved());
          }}
        />
      </ModalOnDemand>
    </>
  );
}
