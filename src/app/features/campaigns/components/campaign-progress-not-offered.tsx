import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { m } from '@/i18n';

/** The host reports no live progress (the hosted service has no such endpoint): said calmly, not as an error. */
export function CampaignProgressNotOffered() {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={m.campaigns_progress_not_offered_title()}
      data-testid="progress-not-offered"
      role="status"
    >
      <Text size="sm">{m.campaigns_progress_not_offered_text()}</Text>
    </Alert>
  );
}
