import { useMemo } from 'react';
import { ColorSwatch, Group, MultiSelect, Select, SimpleGrid, Text } from '@mantine/core';
import type { AssistantGroup } from '@contract/folders';
import { useAssistantGroups } from '@/api/get-assistant-groups';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';
import { groupMantineColor } from '@/lib/group-colors';
import { useAssistantField, useIdListSelect } from '../fields';

interface Option {
  value: string;
  label: string;
  color: string | null;
}

/** The user's folders or labels as options; an id the form holds that the list lacks stays, as "#id". */
function optionsOf(groups: readonly AssistantGroup[], held: readonly number[]): Option[] {
  const options: Option[] = groups.map((g) => ({ value: String(g.id), label: g.name, color: g.color }));
  for (const id of held) {
    if (!options.some((o) => o.value === String(id))) options.push({ value: String(id), label: m.folders_group_unknown({ id: String(id) }), color: null });
  }
  return options;
}

function OptionWithColor({ option, colors }: { option: { value: string; label: string }; colors: ReadonlyMap<string, string | null> }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={`var(--mantine-color-${groupMantineColor(colors.get(option.value))}-6)`} size={12} aria-hidden />
      <Text size="sm">{option.label}</Text>
    </Group>
  );
}

function FolderField() {
  const {
    field: { value, onChange, onBlur, ref, name },
    fieldState,
  } = useAssistantField('folder_id');
  const folders = useAssistantGroups('folders');
  const options = useMemo(() => optionsOf(folders.data ?? [], value === null ? [] : [value]), [folders.data, value]);
  const colors = useMemo(() => new Map(options.map((o) => [o.value, o.color])), [options]);
  return (
    <Select
      label={m.folders_field_folder()}
      description={m.folders_folder_description()}
      placeholder={folders.isPending ? m.folders_groups_loading() : options.length === 0 ? m.folders_folder_none_yet() : m.folders_folder_none()}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      onBlur={onBlur}
      ref={ref}
      name={name}
      clearable
      searchable
      nothingFoundMessage={m.folders_groups_nothing()}
      renderOption={({ option }) => <OptionWithColor option={option} colors={colors} />}
      leftSection={
        value === null ? null : (
          <ColorSwatch color={`var(--mantine-color-${groupMantineColor(colors.get(String(value)))}-6)`} size={12} aria-hidden />
        )
      }
      error={fieldState.error?.message ?? (folders.isError ? m.folders_folders_load_error() : undefined)}
    />
  );
}

function LabelsField() {
  const { ids: value, props: idProps, fieldState } = useIdListSelect('label_ids');
  const labels = useAssistantGroups('labels');
  const options = useMemo(() => optionsOf(labels.data ?? [], value), [labels.data, value]);
  const colors = useMemo(() => new Map(options.map((o) => [o.value, o.color])), [options]);
  return (
    <MultiSelect
      label={m.folders_field_labels()}
      description={m.folders_field_labels_description()}
      placeholder={labels.isPending ? m.folders_groups_loading() : options.length === 0 ? m.folders_labels_none_yet() : m.folders_labels_choose()}
      data={options}
      {...idProps}
      nothingFoundMessage={m.folders_groups_nothing()}
      renderOption={({ option }) => <OptionWithColor option={option} colors={colors} />}
      error={fieldState.error?.message ?? (labels.isError ? m.folders_labels_load_error() : undefined)}
    />
  );
}

/**
 * Where the assistant is sorted: its folder and its labels, with a link to the manager that makes them.
 * Nothing on a host without folders and labels (both lists answered "not offered").
 */
export function SortingFields() {
  const folders = useAssistantGroups('folders');
  const labels = useAssistantGroups('labels');
  if (folders.data === null && labels.data === null) return null;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FolderField />
        <LabelsField />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        <AnchorLink to="/assistants/folders">{m.folders_manage_groups()}</AnchorLink>
      </Text>
    </>
  );
}
