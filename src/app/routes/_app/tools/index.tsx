import { createFileRoute } from '@tanstack/react-router';
import { Text } from '@mantine/core';
import { IconPlus, IconTool } from '@tabler/icons-react';
import type { Tool } from '@contract';
import { EmptyList } from '@/components/empty-list';
import { ButtonLink } from '@/components/links';
import { PageHeader } from '@/components/page-header';
import { prefetching } from '@/lib/route-loaders';
import { QueryState } from '@/components/query-state';
import { toolsQuery, useTools } from '@/features/tools/api/get-tools';
import { ToolQuota } from '@/features/tools/components/tool-quota';
import { ToolsTable } from '@/features/tools/components/tools-table';
import { useDeleteToolWithConfirm } from '@/features/tools/components/use-delete-tool';
import { m } from '@/i18n';

// Where the endpoint goes in the sentence, so it can be set in monospace wherever the language puts it.
const SLOT = '\uE000';

export const Route = createFileRoute('/_app/tools/')({
  loader: prefetching(toolsQuery),
  component: ToolsPage,
});

function ToolsPage() {
  const tools = useTools();
  const remove = useDeleteToolWithConfirm();

  function onDelete(tool: Tool) {
    const [before, after] = m.tools_delete_body_endpoint({ endpoint: SLOT }).split(SLOT);
    return remove.run(
      tool,
      <Text size="sm">
        {before}
        <Text span ff="monospace">
          {tool.endpoint}
        </Text>
        {after}
      </Text>,
    );
  }

  return (
    <>
      <PageHeader
        title={m.tools_title()}
        description={m.tools_description()}
        actions={
          <>
            {tools.data ? <ToolQuota used={tools.data.length} /> : null}
            <ButtonLink to="/tools/new" leftSection={<IconPlus size={16} aria-hidden />}>
              {m.tools_new()}
            </ButtonLink>
          </>
        }
      />
      <QueryState
        query={tools}
        errorTitle={m.tools_load_error()}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyList withBorder icon={IconTool} title={m.tools_empty_title()} description={m.tools_empty_description()}>
            <ButtonLink to="/tools/new" leftSection={<IconPlus size={16} aria-hidden />}>
              {m.tools_create_first()}
            </ButtonLink>
          </EmptyList>
        }
      >
        {(data) => <ToolsTable tools={data} onDelete={(t) => void onDelete(t)} />}
      </QueryState>
    </>
  );
}
