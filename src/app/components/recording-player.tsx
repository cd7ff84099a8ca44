import { Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { isHttpUrl } from '@contract/validation';
import { m } from '@/i18n';

const RecordingControls = lazy(() => import('./recording-controls'));

/** The controls' shape while their code loads: the play button, the seek bar, the speeds and the download. */
function ControlsSkeleton() {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={m.calls_recording_loading()}>
      <Group gap="sm" wrap="nowrap" h={34}>
        <Skeleton circle height={34} />
        <Skeleton height={6} radius="xl" style={{ flex: 1 }} />
        <Skeleton height={14} width={80} />
      </Group>
      <Group gap="sm" justify="space-between" h={30}>
        <Skeleton height={30} width={150} />
        <Skeleton height={30} width={120} />
      </Group>
    </Stack>
  );
}

/**
 * Play, pause, seek, speed and download of a call recording. Only an http(s) URL ever reaches the
 * audio element or the download link; anything else shows a note instead. The controls load with the
 * first recording shown (recording-controls.tsx), not with every call's page.
 */
export function RecordingPlayer({ url, callId }: { url: string | null; callId: number }) {
  if (!url) {
    return (
      <Text c="dimmed" size="sm">
        {m.calls_no_recording()}
      </Text>
    );
  }
  if (!isHttpUrl(url)) {
    return (
      <Text c="dimmed" size="sm">
        {m.calls_recording_not_web()}
      </Text>
    );
  }
  return (
    <Box data-testid="recording-player">
      <Suspense fallback={<ControlsSkeleton />}>
        <RecordingControls url={url} callId={callId} />
      </Suspense>
    </Box>
  );
}
