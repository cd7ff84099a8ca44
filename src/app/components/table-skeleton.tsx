import { Group, Skeleton, Stack } from '@mantine/core';
import { m } from '@/i18n';

/** Placeholder rows while a table's data loads. */
export function TableSkeleton({ rows = 4, columns = 3 }: { rows?: number; columns?: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={m.shell_loading()}>
      <Group gap="md" wrap="nowrap">
        {Array.from({ length: columns }, (_, c) => (
          <Skeleton key={c} height={10} width={`${Math.round(80 / columns)}%`} radius="sm" />
        ))}
      </Group>
      {Array.from({ length: rows }, (_, r) => (
        <Group key={r} gap="md" wrap="nowrap">
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} height={18} width={`${Math.round(80 / columns)}%`} radius="sm" />
          ))}
        </Group>
      ))}
    </Stack>
  );
}
