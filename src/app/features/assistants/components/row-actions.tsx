import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { m } from '@/i18n';

/** Edit, duplicate and delete of one assistant, behind one button so the table keeps its columns. */
export function AssistantRowActions({ id, name, onDelete }: { id: number; name: string; onDelete: () => void }) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={m.assistants_row_actions({ name: name || m.assistants_unnamed({ id: String(id) }) })}>
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => void navigate({ to: '/assistants/$assistantId', params: { assistantId: String(id) } })}
        >
          {m.common_edit()}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={() => void navigate({ to: '/assistants/new', search: { from: id } })}
        >
          {m.assistants_duplicate()}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" c="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
          {m.common_delete()}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
