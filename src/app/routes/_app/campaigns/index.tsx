import { Card, EmptyState, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { campaignsQuery } from '../../../features/campaigns/api/get-campaigns';
import { CampaignsTable } from '../../../features/campaigns/components/campaigns-table';

export const Route = createFileRoute('/_app/campaigns/')({
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(campaignsQuery()),
  component: CampaignsPage,
});

function CampaignsPage() {
  const campaigns = useQuery(campaignsQuery());
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Outbound campaigns: which assistant calls, when, and how often it tries again. Start and stop them here."
        actions={
          <ButtonLink to="/campaigns/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New campaign
          </ButtonLink>
        }
      />
      <Card withBorder padding={compact ? 'xs' : 'md'}>
        <QueryState
          query={campaigns}
          errorTitle="Could not load the campaigns"
          loading={<Text c="dimmed" size="sm" p="md">Loading campaigns…</Text>}
          isEmpty={(data) => data.length === 0}
          empty={
            <EmptyState py="xl" icon={<IconSpeakerphone size={28} aria-hidden />} variant="light" title="No campaigns yet" description="A campaign holds leads and says when its outbound assistant calls them.">
              <Group justify="center" mt="md">
                <ButtonLink to="/campaigns/new">New campaign</ButtonLink>
              </Group>
            </EmptyState>
          }
        >
          {(data) => (
            <CampaignsTable
              campaigns={data}
              compact={compact}
              renderLink={(c, children) => (
                <AnchorLink to="/campaigns/$campaignId" params={{ campaignId: c.id }} c="inherit" underline="hover">
                  {children}
                </AnchorLink>
              )}
            />
          )}
        </QueryState>
      </Card>
    </>
  );
}
