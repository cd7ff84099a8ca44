import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Tool } from '@contract';
import { assistantKeys } from '@/api/query-keys';
import { m } from '@/i18n';
import { confirmAction } from '@/lib/confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteTool } from '../api/delete-tool';

/**
 * Shared by the tools list and a tool's page: asks (the page says what, in `body`), deletes, says how it
 * went, then runs `after`. A deleted tool is detached from every assistant: their records (and tool counts)
 * change too.
 */
export function useDeleteToolWithConfirm() {
  const queryClient = useQueryClient();
  const remove = useDeleteTool({ onDeleted: () => queryClient.invalidateQueries({ queryKey: assistantKeys.all }) });
  async function run(tool: Tool, body: ReactNode, after?: () => void) {
    const ok = await confirmAction({
      title: m.tools_delete_title({ name: tool.name }),
      children: body,
      confirmLabel: m.tools_delete_confirm(),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(tool.id);
      notifySuccess(m.tools_deleted_message({ name: tool.name }), m.tools_deleted());
      after?.();
    } catch (e) {
      notifyError(e, m.tools_not_deleted());
    }
  }
  return { run, isPending: remove.isPending };
}
