import { Badge, Group } from '@mantine/core';
import { IconFolder, IconTag } from '@tabler/icons-react';
import type { AssistantGroup } from '@contract/folders';
import { groupMantineColor } from '@/lib/group-colors';

/**
 * A folder or a label as a badge in its colour, its name on it (the colour is never the only sign; a
 * folder and a label are told apart by their icon, which screen readers skip as the name says enough).
 */
export function GroupBadge({ group, kind }: { group: Pick<AssistantGroup, 'name' | 'color'>; kind: 'folder' | 'label' }) {
  const Icon = kind === 'folder' ? IconFolder : IconTag;
  return (
    <Badge
      color={groupMantineColor(group.color)}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      leftSection={<Icon size={12} aria-hidden />}
      style={{ maxWidth: '16rem' }}
      data-kind={kind}
    >
      {group.name}
    </Badge>
  );
}

/** An assistant's folder and labels, known by id, as a row of badges; ids the lists do not hold are left out. */
export function AssistantGroupBadges({
  folderId,
  labelIds,
  folders,
  labels,
}: {
  folderId: number | null;
  labelIds: readonly number[];
  folders: ReadonlyMap<number, AssistantGroup>;
  labels: ReadonlyMap<number, AssistantGroup>;
}) {
  const folder = folderId === null ? undefined : folders.get(folderId);
  const known = labelIds.map((id) => labels.get(id)).filter((l): l is AssistantGroup => l !== undefined);
  if (!folder && known.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {folder ? <GroupBadge group={folder} kind="folder" /> : null}
      {known.map((l) => (
        <GroupBadge key={l.id} group={l} kind="label" />
      ))}
    </Group>
  );
}
