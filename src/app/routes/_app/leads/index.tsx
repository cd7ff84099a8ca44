import { useMemo } from 'react';
import { Card, EmptyState, Group, Pagination, Select, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { IconAddressBook, IconFileImport, IconPlus } from '@tabler/icons-react';
import { LEAD_STATUSES } from '@contract/lead';
import { EmptyList } from '@/components/empty-list';
import { AnchorLink, ButtonLink } from '@/components/links';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { campaignsQuery } from '@/features/campaigns/api/get-campaigns';
import { useDeleteLeadWithConfirm } from '@/features/leads/components/use-delete-lead';
import { leadsQuery } from '@/features/leads/api/get-leads';
import { LeadFilters } from '@/features/leads/components/lead-filters';
import { LeadsTable } from '@/features/leads/components/leads-table';
import { filterLeads, pageOf, sortLeads } from '@/features/leads/lib/list';
import { LEAD_PER_PAGE, leadListDefaults, leadListSearch, type LeadSort } from '@/features/leads/lib/list-params';

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
    const list = (campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name || m.leads_campaign_fallback({ id: c.id }) }));
    // Campaigns known only from the leads (the campaigns list failed, or is older): still filterable.
    for (const l of leads.data ?? []) {
      if (l.campaign && !list.some((o) => o.value === l.campaign!.id)) list.push({ value: l.campaign.id, label: l.campaign.name || m.leads_campaign_fallback({ id: l.campaign.id }) });
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
        title={m.leads_title()}
        description={m.leads_list_description()}
        actions={
          <>
            <ButtonLink to="/leads/import" search={{ campaign: search.campaign }} variant="default" leftSection={<IconFileImport size={16} aria-hidden />}>
              {m.leads_import_csv()}
            </ButtonLink>
            <ButtonLink to="/leads/new" search={{ campaign: search.campaign }} leftSection={<IconPlus size={16} aria-hidden />}>
              {m.leads_new_lead()}
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
          errorTitle={m.leads_load_error()}
          loadingText={m.leads_loading()}
          isEmpty={(data) => data.length === 0}
          empty={
            <EmptyList icon={IconAddressBook} title={m.leads_empty_title()} description={m.leads_empty_description()}>
              <Group justify="center" mt="md">
                <ButtonLink to="/leads/import" variant="default">
                  {m.leads_import_csv()}
                </ButtonLink>
                <ButtonLink to="/leads/new">{m.leads_new_lead()}</ButtonLink>
              </Group>
            </EmptyList>
          }
        >
          {() =>
            view.total === 0 ? (
              <EmptyState py="xl" variant="light" title={m.leads_no_match_title()} description={filtered ? m.leads_no_match_description() : undefined} />
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
                    <AnchorLink to="/leads/$leadId" params={{ leadId: lead.id }} aria-label={m.leads_edit_lead_named({ lead: lead.phone_number ?? lead.id })} underline="hover" c="inherit">
                      {children}
                    </AnchorLink>
                  )}
                />
                <Group justify="space-between" mt="md" gap="sm">
                  <Text size="sm" c="dimmed" data-testid="leads-range">
                    {m.leads_range({ from: formatNumber(view.from), to: formatNumber(view.to), total: formatNumber(view.total) })}
                    {filtered ? m.leads_range_filtered({ count: formatNumber(leads.data?.length ?? 0) }) : ''}
                  </Text>
                  <Group gap="sm">
                    <Select
                      aria-label={m.leads_per_page()}
                      data={LEAD_PER_PAGE.map((n) => ({ value: String(n), label: m.leads_per_page_option({ count: formatNumber(n) }) }))}
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
                      <Pagination
                        total={view.pages}
                        value={view.page}
                        onChange={(page) => setSearch({ page }, false)}
                        size="sm"
                        siblings={compact ? 0 : 1}
                        getControlProps={(control) =>
                          control === 'previous' ? { 'aria-label': m.common_previous() } : control === 'next' ? { 'aria-label': m.common_next() } : {}
                        }
                      />
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
