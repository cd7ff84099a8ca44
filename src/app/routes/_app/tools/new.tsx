import { useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { prefetching } from '@/lib/route-loaders';
import { notifySuccess } from '@/lib/notify';
import { useCreateTool } from '@/features/tools/api/create-tool';
import { toolsQuery, useTools } from '@/features/tools/api/get-tools';
import { ToolForm } from '@/features/tools/components/tool-form';
import { ToolQuota } from '@/features/tools/components/tool-quota';
import { emptyToolForm, formToCreateToolRequest } from '@/features/tools/lib/form-schema';
import { m } from '@/i18n';

export const Route = createFileRoute('/_app/tools/new')({ loader: prefetching(toolsQuery), component: NewToolPage });

function NewToolPage() {
  const navigate = useNavigate();
  const create = useCreateTool();
  const tools = useTools();
  const [initial] = useState(emptyToolForm);

  return (
    <>
      <PageHeader
        title={m.tools_new_title()}
        description={m.tools_new_description()}
        actions={tools.data ? <ToolQuota used={tools.data.length} /> : null}
      />
      <ToolForm
        initialValues={initial}
        submitLabel={m.tools_create()}
        save={(values) => create.mutateAsync(formToCreateToolRequest(values))}
        onSaved={(answer) => {
          notifySuccess(m.tools_created_message({ name: answer.data.name }), m.tools_created());
          void navigate({ to: '/tools', ignoreBlocker: true });
        }}
        onCancel={() => void navigate({ to: '/tools' })}
      />
    </>
  );
}
