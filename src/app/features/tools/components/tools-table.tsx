import 'mantine-datatable/styles.css';
import { ActionIcon, Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import type { ComponentPropsWithRef } from 'react';
import type { Tool } from '../../../../contract';
import { AnchorLink } from '../../../components/links';
import { formatUpdated } from '../lib/format';

function ActionIconAnchor(props: ComponentPropsWithRef<'a'>) {
  return <ActionIcon component="a" variant="subtle" {...props} />;
}
const ActionIconLink = createLink(ActionIconAnchor);

/** The user's mid-call tools: name (to edit), request, timeout, parameters, headers, last change. */
export function ToolsTable({ tools, onDelete }: { tools: readonly Tool[]; onDelete: (tool: Tool) => void }) {
  return (
    <DataTable<Tool>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      horizontalSpacing="sm"
      records={[...tools]}
      idAccessor="id"
      aria-label="Mid-call tools"
      columns={[
        {
          accessor: 'name',
          title: 'Name',
          render: (t) => (
            <>
              <AnchorLink to="/tools/$toolId" params={{ toolId: String(t.id) }} ff="monospace" fw={600} size="sm">
                {t.name || `Tool ${t.id}`}
              </AnchorLink>
              <Text size="xs" c="dimmed" hiddenFrom="sm" truncate="end" maw={200} title={t.endpoint}>
                {[t.method, t.endpoint].filter(Boolean).join(' ') || '—'}
              </Text>
            </>
          ),
        },
        {
          accessor: 'endpoint',
          title: 'Request',
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (t) => (
            <Group gap={6} wrap="nowrap" maw={340}>
              {t.method ? (
                <Badge variant="light" size="sm" radius="sm" style={{ flexShrink: 0 }}>
                  {t.method}
                </Badge>
              ) : null}
              <Text size="sm" truncate="end" title={t.endpoint}>
                {t.endpoint || '—'}
              </Text>
            </Group>
          ),
        },
        {
          accessor: 'timeout',
          title: 'Timeout',
          noWrap: true,
          render: (t) => (t.timeout === null ? '—' : `${t.timeout} s`),
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
        },
        {
          accessor: 'schema',
          title: 'Parameters',
          textAlign: 'right',
          render: (t) => t.schema.length,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
        },
        {
          accessor: 'headers',
          title: 'Headers',
          textAlign: 'right',
          render: (t) => t.headers.length,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
        },
        {
          accessor: 'updated_at',
          title: 'Updated',
          noWrap: true,
          render: (t) => <span title={formatUpdated(t.updated_at, true)}>{formatUpdated(t.updated_at)}</span>,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
        },
        {
          accessor: 'actions',
          title: <VisuallyHidden>Actions</VisuallyHidden>,
          textAlign: 'right',
          render: (t) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Tooltip label="Edit">
                <ActionIconLink to="/tools/$toolId" params={{ toolId: String(t.id) }} aria-label={`Edit ${t.name || `Tool ${t.id}`}`}>
                  <IconPencil size={16} aria-hidden />
                </ActionIconLink>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${t.name || `Tool ${t.id}`}`} onClick={() => onDelete(t)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}
