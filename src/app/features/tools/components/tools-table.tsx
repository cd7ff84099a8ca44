import 'mantine-datatable/styles.css';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import type { ComponentPropsWithRef } from 'react';
import type { Tool } from '@contract';
import { AnchorLink } from '@/components/links';
import { actionsColumn, RECORD_TABLE_LOOK, updatedColumn } from '@/components/record-table';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';

const toolName = (t: Tool) => t.name || m.tools_fallback_name({ id: String(t.id) });

function ActionIconAnchor(props: ComponentPropsWithRef<'a'>) {
  return <ActionIcon component="a" variant="subtle" {...props} />;
}
const ActionIconLink = createLink(ActionIconAnchor);

/** The user's mid-call tools: name (to edit), request, timeout, parameters, headers, last change. */
export function ToolsTable({ tools, onDelete }: { tools: Tool[]; onDelete: (tool: Tool) => void }) {
  return (
    <DataTable<Tool>
      {...RECORD_TABLE_LOOK}
      records={tools}
      aria-label={m.tools_title()}
      columns={[
        {
          accessor: 'name',
          title: m.common_name(),
          render: (t) => (
            <>
              <AnchorLink to="/tools/$toolId" params={{ toolId: String(t.id) }} ff="monospace" fw={600} size="sm">
                {toolName(t)}
              </AnchorLink>
              <Text size="xs" c="dimmed" hiddenFrom="sm" truncate="end" maw={200} title={t.endpoint}>
                {[t.method, t.endpoint].filter(Boolean).join(' ') || DASH}
              </Text>
            </>
          ),
        },
        {
          accessor: 'endpoint',
          title: m.tools_col_request(),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (t) => (
            <Group gap={6} wrap="nowrap" maw={340}>
              {t.method ? (
                <Badge variant="light" size="sm" radius="sm" style={{ flexShrink: 0 }}>
                  {t.method}
                </Badge>
              ) : null}
              <Text size="sm" truncate="end" title={t.endpoint}>
                {t.endpoint || DASH}
              </Text>
            </Group>
          ),
        },
        {
          accessor: 'timeout',
          title: m.tools_timeout_label(),
          noWrap: true,
          render: (t) => (t.timeout === null ? DASH : m.tools_timeout_seconds({ seconds: formatNumber(t.timeout) })),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
        },
        {
          accessor: 'schema',
          title: m.tools_params_heading(),
          textAlign: 'right',
          render: (t) => formatNumber(t.schema.length),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
        },
        {
          accessor: 'headers',
          title: m.tools_headers_heading(),
          textAlign: 'right',
          render: (t) => formatNumber(t.headers.length),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
        },
        updatedColumn(),
        actionsColumn((t) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={m.common_edit()}>
              <ActionIconLink to="/tools/$toolId" params={{ toolId: String(t.id) }} aria-label={m.tools_edit_aria({ name: toolName(t) })}>
                <IconPencil size={16} aria-hidden />
              </ActionIconLink>
            </Tooltip>
            <Tooltip label={m.common_delete()}>
              <ActionIcon variant="subtle" color="red" aria-label={m.tools_delete_aria({ name: toolName(t) })} onClick={() => onDelete(t)}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )),
      ]}
    />
  );
}
