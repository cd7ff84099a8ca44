import { Skeleton, Stack } from '@mantine/core';
import { m } from '@/i18n';

/** Shown when a route's loader takes a while (the top progress bar runs as well). */
export function PendingPage() {
  return (
    <Stack gap="md" p="md" role="status" aria-busy="true" aria-label={m.shell_loading_page()}>
      <Skeleton height={28} width="30%" />
      <Skeleton height={14} width="55%" />
      <Skeleton height={180} mt="md" />
    </Stack>
  );
}
