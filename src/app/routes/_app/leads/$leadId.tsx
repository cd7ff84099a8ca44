import { useMemo } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCampaignChoices } from './-campaign-choices';
import * as z from '@/lib/zod-mini';
import { idParam } from '@/lib/search-params';
import { ButtonLink } from '@/components/links';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { notifySuccess } from '@/lib/notify';
import { campaignsQuery } from '@/features/campaigns/api/get-campaigns';
import { leadsQuery } from '@/features/leads/api/get-leads';
import { LeadEditForm } from '@/features/leads/components/lead-edit-form';
import { LeadStatusBadge } from '@/components/lead-status-badge';
import { PhoneText } from '@/features/leads/components/leads-table';
import { useDeleteLeadWithConfirm } from '@/features/leads/components/use-delete-lead';
import { formatLeadTime } from '@/features/leads/lib/format';
import { variableText } from '@/lib/variables';
import { browserCountry } from '@/lib/phone';

/** Sets the two times apart (punctuation, the same in every language). */
const SEPARATOR = '·';

const leadParams = z.object({ leadId: idParam() });

export const Route = createFileRoute('/_app/leads/$leadId')({
  params: { parse: (raw) => z.parse(leadParams, raw), stringify: ({ leadId }) => ({ leadId: String(leadId) }) },
  // There is no endpoint for one lead: it comes out of the list.
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.prefetchQuery(leadsQuery()), queryClient.prefetchQuery(campaignsQuery())]),
  component: EditLeadPage,
});

function EditLeadPage() {
  const { leadId } = Route.useParams();
  const navigate = Route.useNavigate();
  const leads = useQuery(leadsQuery());
  const { options } = useCampaignChoices();
  const remove = useDeleteLeadWithConfirm();
  const country = useMemo(() => browserCountry(), []);
  const lead = leads.data?.find((l) => l.id === leadId);
  const back = () => void navigate({ to: '/leads', search: lead?.campaign_id ? { campaign: lead.campaign_id } : {} });

  return (
    <>
      <PageHeader
        title={m.leads_edit_title()}
        description={lead ? <PhoneText e164={lead.phone_number} /> : undefined}
        actions={
          lead ? (
            <Button
              variant="default"
              c="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.deletingId === lead.id}
              onClick={() => void remove.run(lead).then((deleted) => deleted && back())}
            >
              {m.leads_delete_lead()}
            </Button>
          ) : null
        }
      />
      <QueryState query={leads} errorTitle={m.leads_lead_load_error()}>
        {() =>
          !lead ? (
            <Alert color="yellow" variant="light" title={m.leads_no_such_lead()}>
              {m.leads_no_such_lead_text({ id: leadId })}{' '}
              <ButtonLink to="/leads" variant="subtle" size="compact-sm">
                {m.leads_back_to_leads()}
              </ButtonLink>
            </Alert>
          ) : (
            <Stack gap="lg">
              <Card withBorder padding="md">
                <Group gap="lg" wrap="wrap">
                  <Text size="sm">
                    {m.common_status()} <LeadStatusBadge status={lead.status} />
                  </Text>
                  <Text size="sm" c="dimmed">
                    {/* Each time stays whole when the line wraps. */}
                    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                      {m.leads_created_at({ time: formatLeadTime(lead.created_at) || DASH })}
                    </Text>{' '}
                    {SEPARATOR}{' '}
                    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                      {m.leads_updated_at({ time: formatLeadTime(lead.updated_at) || DASH })}
                    </Text>
                  </Text>
                </Group>
                {lead.secondary_contacts.length > 0 ? (
                  <Stack gap={4} mt="sm">
                    <Text size="sm" fw={600}>
                      {m.leads_contacts_not_editable()}
                    </Text>
                    {lead.secondary_contacts.map((c) => (
                      <Group key={c.id} gap="sm">
                        <PhoneText e164={c.phone_number} />
                        <LeadStatusBadge status={c.status} />
                        {Object.entries(c.variables).map(([k, v]) => (
                          <Badge key={k} variant="default" tt="none" fw={400}>
                            {k}: {variableText(v)}
                          </Badge>
                        ))}
                      </Group>
                    ))}
                  </Stack>
                ) : null}
              </Card>
              <LeadEditForm
                key={lead.id}
                lead={lead}
                campaigns={options}
                defaultCountry={country}
                onCancel={back}
                onSaved={() => {
                  notifySuccess(m.leads_saved_notice());
                  back();
                }}
              />
            </Stack>
          )
        }
      </QueryState>
    </>
  );
}
