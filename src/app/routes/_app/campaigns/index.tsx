import { Card, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { EmptyList } from '@/components/empty-list';
import { AnchorLink, ButtonLink } from '@/components/links';
import { PageHeader } from '@/components/page-header';
import { prefetching } from '@/lib/route-loaders';
import { QueryState } from '@/components/query-state';
import { m } from '@/i18n';
import { campaignsQuery } from '@/features/campaigns/api/get-campaigns';
import { CampaignsTable } from '@/features/campaigns/components/campaigns-table';

export const Route = createFileRoute('/_app/campaigns/')({
  loader: prefetching(campaignsQuery),
  component: CampaignsPage,
});

function CampaignsPage() {
  const campaigns = useQuery(campaignsQuery());
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <>
      <PageHeader
        title={m.campaigns_title()}
        description={m.campaigns_description()}
        actions={
          <ButtonLink to="/campaigns/new" leftSection={<IconPlus size={16} aria-hidden />}>
            {m.campaigns_new()}
          </ButtonLink>
        }
      />
      <Card withBorder padding={compact ? 'xs' : 'md'}>
        <QueryState
          query={campaigns}
          errorTitle={m.campaigns_load_error()}
          loadingText={m.campaigns_loading()}
          isEmpty={(data) => data.length === 0}
          empty={
            <EmptyList icon={IconSpeakerphone} title={m.campaigns_empty_title()} description={m.campaigns_empty_description()}>
              <Group justify="center" mt="md">
                <ButtonLink to="/campaigns/new">{m.campaigns_new()}</ButtonLink>
              </Group>
            </EmptyList>
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
