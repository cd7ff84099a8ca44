import { ColorSwatch, Group, Select, Text } from '@mantine/core';
import { GROUP_COLORS, type GroupColor } from '@contract/folders';
import { m } from '@/i18n';
import { groupColorLabel, groupMantineColor, isGroupColor } from '@/lib/group-colors';

const DATA = GROUP_COLORS.map((c) => ({ value: c, label: groupColorLabel(c) }));

/** A badge colour by its word, each option with its swatch; cleared, the folder or label has none. */
export function ColorSelect({
  value,
  onChange,
  onBlur,
  error,
  label,
}: {
  value: GroupColor | null;
  onChange: (color: GroupColor | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <Select
      label={label ?? m.folders_color()}
      placeholder={m.folders_color_none()}
      data={DATA}
      value={value}
      onChange={(v) => onChange(isGroupColor(v) ? v : null)}
      onBlur={onBlur}
      clearable
      error={error}
      leftSection={value ? <ColorSwatch color={`var(--mantine-color-${groupMantineColor(value)}-6)`} size={14} aria-hidden /> : null}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${groupMantineColor(option.value)}-6)`} size={14} aria-hidden />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
    />
  );
}
