import { Skeleton, Stack } from '@mantine/core';

/**
 * What a panel whose code loads on demand (the test chat, a test call) shows meanwhile: a bar where its
 * controls will be over a block of `contentHeight` for its content, announced as loading under `label`.
 */
export function PanelSkeleton({ label, contentHeight }: { label: string; contentHeight: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={36} />
      <Skeleton height={contentHeight} />
    </Stack>
  );
}
