import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';

/** Edit, duplicate and delete of one assistant, behind one button so the table keeps its columns. */
export function AssistantRowActions({ id, name, onDelete }: { id: number; name: string; onDelete: () => void }) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => void navigate({ to: '/assistants/$assistantId', params: { assistantId: String(id) } })}
        >
          Edit
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={() => void navigate({ to: '/assistants/new', search: { from: id } })}
        >
          Duplicate
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
