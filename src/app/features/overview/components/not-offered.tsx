import { Alert, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';

/**
 * The host has no overview (the hosted service documents none: it is this service's extension). Said
 * calmly, with the pages that do work there: not an error.
 */
export function OverviewNotOffered() {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={m.overview_not_offered_title()} data-testid="overview-not-offered" role="status">
      <Text size="sm">{m.overview_not_offered_text()}</Text>
      <Group gap="md" mt="sm">
        <AnchorLink to="/calls" size="sm">
          {m.overview_link_calls()}
        </AnchorLink>
        <AnchorLink to="/campaigns" size="sm">
          {m.overview_link_campaigns()}
        </AnchorLink>
        <AnchorLink to="/assistants" size="sm">
          {m.overview_link_assistants()}
        </AnchorLink>
      </Group>
    </Alert>
  );
}
