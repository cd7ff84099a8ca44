import { Button, ColorSwatch, Group, Select, Text } from '@mantine/core';
import { IconFolders } from '@tabler/icons-react';
import type { AssistantGroup } from '@contract/folders';
import { ButtonLink } from '@/components/links';
import { m } from '@/i18n';
import { groupMantineColor } from '@/lib/group-colors';

function GroupSelect({
  label,
  placeholder,
  groups,
  value,
  onChange,
  loadError,
}: {
  label: string;
  placeholder: string;
  groups: readonly AssistantGroup[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  loadError: string | undefined;
}) {
  const data = groups.map((g) => ({ value: String(g.id), label: g.name }));
  // A filter from a link whose folder the list does not hold (deleted since) still shows, as its id.
  if (value !== undefined && !data.some((d) => d.value === String(value))) {
    data.push({ value: String(value), label: m.folders_group_unknown({ id: String(value) }) });
  }
  const colors = new Map(groups.map((g) => [String(g.id), g.color]));
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(v === null ? undefined : Number(v))}
      clearable
      searchable
      w={{ base: '100%', xs: 220 }}
      nothingFoundMessage={m.folders_groups_nothing()}
      error={loadError}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${groupMantineColor(colors.get(option.value))}-6)`} size={12} aria-hidden />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
    />
  );
}

/**
 * The list's folder and label filters (kept in the URL by the page), a way to clear them, and the way to
 * the manager that makes folders and labels.
 */
export function GroupFilters({
  folders,
  labels,
  folderId,
  labelId,
  onChange,
  foldersError,
  labelsError,
}: {
  folders: readonly AssistantGroup[];
  labels: readonly AssistantGroup[];
  folderId: number | undefined;
  labelId: number | undefined;
  onChange: (next: { folder: number | undefined; label: number | undefined }) => void;
  foldersError?: string | undefined;
  labelsError?: string | undefined;
}) {
  const filtered = folderId !== undefined || labelId !== undefined;
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <GroupSelect
        label={m.folders_filter_folder()}
        placeholder={m.folders_filter_any_folder()}
        groups={folders}
        value={folderId}
        onChange={(folder) => onChange({ folder, label: labelId })}
        loadError={foldersError}
      />
      <GroupSelect
        label={m.folders_filter_label()}
        placeholder={m.folders_filter_any_label()}
        groups={labels}
        value={labelId}
        onChange={(label) => onChange({ folder: folderId, label })}
        loadError={labelsError}
      />
      {filtered ? (
        <Button variant="subtle" onClick={() => onChange({ folder: undefined, label: undefined })}>
          {m.folders_filter_clear()}
        </Button>
      ) : null}
      <ButtonLink to="/assistants/folders" variant="default" ml={{ xs: 'auto' }} leftSection={<IconFolders size={16} aria-hidden />}>
        {m.folders_manage_groups()}
      </ButtonLink>
    </Group>
  );
}
