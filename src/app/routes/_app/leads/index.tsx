import { useMemo } from 'react';
import { Card, EmptyState, Group, Pagination, Select, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { IconAddressBook, IconFileImport, IconPlus } from '@tabler/icons-react';
import { LEAD_STATUSES } from '../../../../contract/lead';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { campaignsQuery } from '../../../features/campaigns/api/get-campaigns';
import { useDeleteLeadWithConfirm } from '../../../features/leads/components/use-delete-lead';
import { leadsQuery } from '../../../features/leads/api/get-leads';
import { LeadFilters } from '../../../features/leads/components/lead-filters';
import { LeadsTable } from '../../../features/leads/components/leads-table';
import { filterLeads, pageOf, sortLeads } from '../../../features/leads/lib/list';
import { LEAD_PER_PAGE, leadListDefaults, leadListSearch, type LeadSort } from '../../../features/leads/lib/list-params';

export const Route = createFileRoute('/_app/leads/')({
  validateSearch: leadListSearch,
  search: { middlewares: [stripSearchParams(leadListDefaults)] },
  // The whole list is fetched once; filters, sort and pages are the browser's.
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.prefetchQuery(leadsQuery()), queryClient.prefetchQuery(campaignsQuery())]),
  component: LeadsPage,
});

function LeadsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const leads = useQuery(leadsQuery());
  const campaigns = useQuery(campaignsQuery());
  const remove = useDeleteLeadWithConfirm();

  const setSearch = (patch: Partial<typeof search>, resetPage = true) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, ...(resetPage && { page: 1 }) }), replace: true, resetScroll: false });

  const campaignOptions = useMemo(() => {
    const list = (campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name || `Campaign ${c.id}` }));
    // Campaigns known only from the leads (the campaigns list failed, or is older): still filterable.
    for (const l of leads.data ?? []) {
      if (l.campaign && !list.some((o) => o.value === l.campaign!.id)) list.push({ value: l.campaign.id, label: l.campaign.name || `Campaign ${l.campaign.id}` });
    }
    return list;
  }, [campaigns.data, leads.data]);

  const statuses = useMemo(() => {
    const set = new Set<string>(LEAD_STATUSES);
    for (const l of leads.data ?? []) if (l.status) set.add(l.status);
    if (search.status) set.add(search.status);
    return [...set];
  }, [leads.data, search.status]);

  const view = useMemo(() => {
    const filtered = filterLeads(leads.data ?? [], search);
    return pageOf(sortLeads(filtered, search.sort, search.dir), search.page, search.per_page);
  }, [leads.data, search]);

  const onSort = (sort: LeadSort) =>
    setSearch({ sort, dir: sort === search.sort ? (search.dir === 'asc' ? 'desc' : 'asc') : sort === 'created' ? 'desc' : 'asc' }, false);

  const filtered = search.campaign !== undefined || search.status !== undefined || search.q !== '';

  return (
    <>
      <PageHeader
        title="Leads"
        description="The contacts your outbound assistants call, by campaign, with their secondary contacts."
        actions={
          <>
            <ButtonLink to="/leads/import" search={{ campaign: search.campaign }} variant="default" leftSection={<IconFileImport size={16} aria-hidden />}>
              Import CSV
            </ButtonLink>
            <ButtonLink to="/leads/new" search={{ campaign: search.campaign }} leftSection={<IconPlus size={16} aria-hidden />}>
              New lead
            </ButtonLink>
          </>
        }
      />
      <LeadFilters
        campaign={search.campaign}
        status={search.status}
        q={search.q}
        campaigns={campaignOptions}
        statuses={statuses}
        onChange={(patch) => setSearch(patch)}
      />
      <Card withBorder padding={compact ? 'xs' : 'md'}>
        <QueryState
          query={leads}
          errorTitle="Could not load the leads"
          loading={<Text c="dimmed" size="sm" p="md">Loading leads…</Text>}
          isEmpty={(data) => data.length === 0}
          empty={
            <EmptyState
              py="xl"
              icon={<IconAddressBook size={28} aria-hidden />}
              variant="light"
              title="No leads yet"
              description="Add a lead by hand or import a spreadsheet of contacts into a campaign."
            >
              <Group justify="center" mt="md">
                <ButtonLink to="/leads/import" variant="default">
                  Import CSV
                </ButtonLink>
                <ButtonLink to="/leads/new">New lead</ButtonLink>
              </Group>
            </EmptyState>
          }
        >
          {() =>
            view.total === 0 ? (
              <EmptyState py="xl" variant="light" title="No lead matches" description={filtered ? 'Change or clear the filters.' : undefined} />
            ) : (
              <>
                <LeadsTable
                  leads={view.items}
                  sort={search.sort}
                  dir={search.dir}
                  onSort={onSort}
                  compact={compact}
                  onDelete={(lead) => void remove.run(lead)}
                  deletingId={remove.deletingId}
                  renderEditLink={(lead, children) => (
                    <AnchorLink to="/leads/$leadId" params={{ leadId: lead.id }} aria-label={`Edit lead ${lead.phone_number ?? lead.id}`} underline="hover" c="inherit">
                      {children}
                    </AnchorLink>
                  )}
                />
                <Group justify="space-between" mt="md" gap="sm">
                  <Text size="sm" c="dimmed" data-testid="leads-range">
                    {view.from}–{view.to} of {view.total} lead{view.total === 1 ? '' : 's'}
                    {filtered ? ` (filtered from ${leads.data?.length ?? 0})` : ''}
                  </Text>
                  <Group gap="sm">
                    <Select
                      aria-label="Leads per page"
                      data={LEAD_PER_PAGE.map((n) => ({ value: String(n), label: `${n} a page` }))}
                      value={String(search.per_page)}
                      onChange={(v) => {
                        const n = LEAD_PER_PAGE.find((c) => String(c) === v);
                        if (n) setSearch({ per_page: n });
                      }}
                      allowDeselect={false}
                      w={120}
                      size="xs"
                    />
                    {view.pages > 1 ? (
                      <Pagination total={view.pages} value={view.page} onChange={(page) => setSearch({ page }, false)} size="sm" siblings={compact ? 0 : 1} />
                    ) : null}
                  </Group>
                </Group>
              </>
            )
          }
        </QueryState>
      </Card>
    </>
  );
}
