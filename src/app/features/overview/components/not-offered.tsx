import { Alert, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { AnchorLink } from '../../../components/links';

/**
 * The host has no overview (the hosted service documents none: it is this service's extension). Said
 * calmly, with the pages that do work there: not an error.
 */
export function OverviewNotOffered() {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No overview from this API host" data-testid="overview-not-offered" role="status">
      <Text size="sm">
        This API host does not offer the live overview (calls in progress, today against yesterday, running campaigns). The local service
        does; everything else works here as usual.
      </Text>
      <Group gap="md" mt="sm">
        <AnchorLink to="/calls" size="sm">
          Call log
        </AnchorLink>
        <AnchorLink to="/campaigns" size="sm">
          Campaigns
        </AnchorLink>
        <AnchorLink to="/assistants" size="sm">
          Assistants
        </AnchorLink>
      </Group>
    </Alert>
  );
}
