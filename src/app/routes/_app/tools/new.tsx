import { useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header';
import { notifySuccess } from '../../../lib/notify';
import { useCreateTool } from '../../../features/tools/api/create-tool';
import { toolsQuery, useTools } from '../../../features/tools/api/get-tools';
import { ToolForm } from '../../../features/tools/components/tool-form';
import { ToolQuota } from '../../../features/tools/components/tool-quota';
import { emptyToolForm, formToCreateToolRequest } from '../../../features/tools/lib/form-schema';

export const Route = createFileRoute('/_app/tools/new')({
  loader: ({ context }) => context.queryClient.prefetchQuery(toolsQuery()),
  component: NewToolPage,
});

function NewToolPage() {
  const navigate = useNavigate();
  const create = useCreateTool();
  const tools = useTools();
  const [initial] = useState(emptyToolForm);

  return (
    <>
      <PageHeader
        title="New mid-call tool"
        description="An HTTP endpoint the assistant calls during a conversation, with the parameters it gathers from the caller."
        actions={tools.data ? <ToolQuota used={tools.data.length} /> : null}
      />
      <ToolForm
        initialValues={initial}
        submitLabel="Create tool"
        save={(values) => create.mutateAsync(formToCreateToolRequest(values))}
        onSaved={(answer) => {
          notifySuccess(`“${answer.data.name}” can now be attached to assistants.`, 'Tool created');
          void navigate({ to: '/tools', ignoreBlocker: true });
        }}
        onCancel={() => void navigate({ to: '/tools' })}
      />
    </>
  );
}
