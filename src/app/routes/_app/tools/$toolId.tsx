import { useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { loadOrNotFound, pathIdOrNotFound } from '@/lib/route-loaders';
import { PageHeader } from '@/components/page-header';
import { notifySuccess } from '@/lib/notify';
import { useDeleteToolWithConfirm } from '@/features/tools/components/use-delete-tool';
import { toolQuery } from '@/features/tools/api/get-tool';
import type { Tool } from '@contract';
import { useUpdateTool } from '@/features/tools/api/update-tool';
import { ToolForm } from '@/features/tools/components/tool-form';
import { formToUpdateToolRequest, toolToForm } from '@/features/tools/lib/form-schema';
import { m } from '@/i18n';
import { DeleteButton } from '@/components/delete-button';

export const Route = createFileRoute('/_app/tools/$toolId')({
  loader: async ({ context, params }) => {
    const toolId = pathIdOrNotFound(params.toolId);
    await loadOrNotFound(context.queryClient.ensureQueryData(toolQuery(toolId)));
    return { toolId };
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
  const update = useUpdateTool(toolId);
  const remove = useDeleteToolWithConfirm();
  // The form's baseline is the tool as loaded when the page opened; a refetch does not reset typing.
  const [initial] = useState(() => toolToForm(tool));

  const onDelete = () => remove.run(tool, <Text size="sm">{m.tools_delete_body()}</Text>, () => void navigate({ to: '/tools', ignoreBlocker: true }));

  return (
    <>
      <PageHeader
        title={m.tools_edit_title({ name: tool.name })}
        description={m.tools_edit_description()}
        actions={<DeleteButton loading={remove.isPending} onClick={() => void onDelete()} />}
      />
      <ToolForm
        initialValues={initial}
        submitLabel={m.common_save_changes()}
        save={async (values, base) => {
          const body = formToUpdateToolRequest(base, values);
          if (Object.keys(body).length === 0) return null;
          return update.mutateAsync(body);
        }}
        onSaved={(answer) => {
          notifySuccess(answer ? m.tools_saved_message({ name: answer.data.name }) : m.tools_nothing_changed(), answer ? m.tools_saved() : undefined);
          void navigate({ to: '/tools', ignoreBlocker: true });
        }}
        onCancel={() => void navigate({ to: '/tools' })}
      />
    </>
  );
}
