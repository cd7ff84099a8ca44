import { Text } from '@mantine/core';
import type { KnowledgeBase, KnowledgeDocument } from '@contract/knowledge-read';
import { confirmAction } from '@/lib/confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { useDeleteKnowledgeBase } from '../api/delete-knowledge-base';
import { useDeleteDocument } from '../api/delete-document';

const baseName = (b: KnowledgeBase) => b.name || m.knowledge_base_unnamed({ id: String(b.id) });
export const documentName = (d: KnowledgeDocument) => d.name || m.knowledge_document_unnamed();

/** Delete a knowledge base after a confirmation that says what goes with it; true when it went. */
export function useDeleteKnowledgeBaseWithConfirm() {
  const remove = useDeleteKnowledgeBase();
  async function run(base: KnowledgeBase): Promise<boolean> {
    const ok = await confirmAction({
      title: m.knowledge_delete_title({ name: baseName(base) }),
      children: (
        <Text size="sm">
          {m.knowledge_delete_body({ count: formatNumber(base.documents_count ?? 0) })}
        </Text>
      ),
      confirmLabel: m.common_delete(),
      danger: true,
    });
    if (!ok) return false;
    try {
      const answer = await remove.mutateAsync(base.id);
      notifySuccess(answer.message || m.knowledge_deleted_message({ name: baseName(base) }), m.common_deleted());
      return true;
    } catch (e) {
      notifyError(e, m.knowledge_delete_failed());
      return false;
    }
  }
  return { run, isPending: remove.isPending };
}

/** Delete a document after a confirmation; its passages leave the base's searches. */
export function useDeleteDocumentWithConfirm(knowledgeBaseId: number) {
  const remove = useDeleteDocument(knowledgeBaseId);
  async function run(document: KnowledgeDocument): Promise<boolean> {
    const ok = await confirmAction({
      title: m.knowledge_document_delete_title({ name: documentName(document) }),
      children: <Text size="sm">{m.knowledge_document_delete_body()}</Text>,
      confirmLabel: m.common_delete(),
      danger: true,
    });
    if (!ok) return false;
    try {
      const answer = await remove.mutateAsync(document.id);
      notifySuccess(answer.message || m.knowledge_document_deleted_message({ name: documentName(document) }), m.common_deleted());
      return true;
    } catch (e) {
      notifyError(e, m.knowledge_document_delete_failed());
      return false;
    }
  }
  return { run, isPending: remove.isPending };
}
