import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The host reports no live progress (the hosted service has no such endpoint): said calmly, not as an error. */
export function CampaignProgressNotOffered() {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No live progress from this API host" data-testid="progress-not-offered" role="status">
      <Text size="sm">
        This API host does not report a campaign’s progress as it runs (calls in progress, attempts, calls over time). Its leads and their
        statuses are listed below.
      </Text>
    </Alert>
  );
}
