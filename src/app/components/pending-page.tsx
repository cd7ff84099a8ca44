import { Skeleton, Stack } from '@mantine/core';

/** Shown when a route's loader takes a while (the top progress bar runs as well). */
export function PendingPage() {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading page">
      <Skeleton height={28} width="30%" />
      <Skeleton height={14} width="55%" />
      <Skeleton height={180} mt="md" />
    </Stack>
  );
}
