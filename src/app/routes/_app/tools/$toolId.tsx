import { useState } from 'react';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { Button, Text } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import * as z from '../../../lib/zod-mini';
import { idParam } from '../../../lib/search-params';
import { isApiError } from '../../../api/errors';
import { PageHeader } from '../../../components/page-header';
import { confirmAction } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { assistantKeys } from '../../../features/assistants/api/keys';
import { useDeleteTool } from '../../../features/tools/api/delete-tool';
import { toolQuery } from '../../../features/tools/api/get-tool';
import type { Tool } from '../../../../contract';
import { useUpdateTool } from '../../../features/tools/api/update-tool';
import { ToolForm } from '../../../features/tools/components/tool-form';
import { formToUpdateToolRequest, toolToForm } from '../../../features/tools/lib/form-schema';

const toolIdSchema = idParam();

export const Route = createFileRoute('/_app/tools/$toolId')({
  loader: async ({ context, params }) => {
    const id = z.safeParse(toolIdSchema, params.toolId);
    if (!id.success) throw notFound();
    try {
      await context.queryClient.ensureQueryData(toolQuery(id.data));
    } catch (e) {
      if (isApiError(e) && e.kind === 'not-found') throw notFound();
      throw e;
    }
    return { toolId: id.data };
  },
  component: EditToolPage,
});

function EditToolPage() {
  const { toolId } = Route.useLoaderData();
  const { data: tool } = useSuspenseQuery(toolQuery(toolId));
  return <EditTool key={toolId} tool={tool} />;
}

function EditTool({ tool }: { tool: Tool }) {
  const toolId = tool.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateTool(toolId);
  const remove = useDeleteTool({ onDeleted: () => queryClient.invalidateQueries({ queryKey: assistantKeys.all }) });
  // The form's baseline is the tool as loaded when the page opened; a refetch does not reset typing.
  const [initial] = useState(() => toolToForm(tool));

  async function onDelete() {
    const ok = await confirmAction({
      title: `Delete the tool “${tool.name}”?`,
      children: <Text size="sm">It is detached from every assistant that uses it. This cannot be undone.</Text>,
      confirmLabel: 'Delete tool',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(tool.id);
      notifySuccess(`“${tool.name}” was deleted and detached from its assistants.`, 'Tool deleted');
      void navigate({ to: '/tools', ignoreBlocker: true });
    } catch (e) {
      notifyError(e, 'The tool was not deleted');
    }
  }

  return (
    <>
      <PageHeader
        title={`Tool: ${tool.name}`}
        description="Changes apply to every assistant the tool is attached to."
        actions={
          <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete()} loading={remove.isPending}>
            Delete
          </Button>
        }
      />
      <ToolForm
        initialValues={initial}
        submitLabel="Save changes"
        save={async (values, base) => {
          const body = formToUpdateToolRequest(base, values);
          if (Object.keys(body).length === 0) return null;
          return update.mutateAsync(body);
        }}
        onSaved={(answer) => {
          notifySuccess(answer ? `“${answer.data.name}” was saved.` : 'Nothing had changed.', answer ? 'Tool saved' : undefined);
          void navigate({ to: '/tools', ignoreBlocker: true });
        }}
        onCancel={() => void navigate({ to: '/tools' })}
      />
    </>
  );
}
