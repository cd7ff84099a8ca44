import { createFileRoute } from '@tanstack/react-router';
import { Card, EmptyState, Text } from '@mantine/core';
import { IconPlus, IconTool } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Tool } from '../../../../contract';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { confirmAction } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { assistantKeys } from '../../../features/assistants/api/keys';
import { useDeleteTool } from '../../../features/tools/api/delete-tool';
import { toolsQuery, useTools } from '../../../features/tools/api/get-tools';
import { ToolQuota } from '../../../features/tools/components/tool-quota';
import { ToolsTable } from '../../../features/tools/components/tools-table';

export const Route = createFileRoute('/_app/tools/')({
  // Warms the cache without failing the route: the page shows its own error state.
  loader: ({ context }) => context.queryClient.prefetchQuery(toolsQuery()),
  component: ToolsPage,
});

function ToolsPage() {
  const tools = useTools();
  const queryClient = useQueryClient();
  // A deleted tool is detached from every assistant: their records (and tool counts) change too.
  const remove = useDeleteTool({ onDeleted: () => queryClient.invalidateQueries({ queryKey: assistantKeys.all }) });

  async function onDelete(tool: Tool) {
    const ok = await confirmAction({
      title: `Delete the tool “${tool.name}”?`,
      children: (
        <Text size="sm">
          It is detached from every assistant that uses it, and those assistants stop calling{' '}
          <Text span ff="monospace">
            {tool.endpoint}
          </Text>
          . This cannot be undone.
        </Text>
      ),
      confirmLabel: 'Delete tool',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(tool.id);
      notifySuccess(`“${tool.name}” was deleted and detached from its assistants.`, 'Tool deleted');
    } catch (e) {
      notifyError(e, 'The tool was not deleted');
    }
  }

  return (
    <>
      <PageHeader
        title="Mid-call tools"
        description="HTTP endpoints an assistant may call during a conversation. Define a tool once, then attach it to assistants in their form."
        actions={
          <>
            {tools.data ? <ToolQuota used={tools.data.length} /> : null}
            <ButtonLink to="/tools/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New tool
            </ButtonLink>
          </>
        }
      />
      <QueryState
        query={tools}
        errorTitle="The tools could not be loaded"
        isEmpty={(data) => data.length === 0}
        empty={
          <Card withBorder>
            <EmptyState
              py="xl"
              icon={<IconTool size={28} aria-hidden />}
              variant="light"
              title="No mid-call tools yet"
              description="A tool lets an assistant look something up or act during a call: check an order, book a slot, create a ticket."
            >
              <ButtonLink to="/tools/new" leftSection={<IconPlus size={16} aria-hidden />}>
                Create the first tool
              </ButtonLink>
            </EmptyState>
          </Card>
        }
      >
        {(data) => <ToolsTable tools={data} onDelete={(t) => void onDelete(t)} />}
      </QueryState>
    </>
  );
}
