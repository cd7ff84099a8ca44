import { useEffect, useMemo } from 'react';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { Button, Tabs } from '@mantine/core';
import { IconFilterOff, IconPlus, IconRobot } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import * as z from '@/lib/zod-mini';
import { oneOfParam, optionalIdParam, pageParam, perPageParam } from '@/lib/search-params';
import { m } from '@/i18n';
import { EmptyList } from '@/components/empty-list';
import { ButtonLink } from '@/components/links';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteAssistant } from '@/features/assistants/api/delete-assistant';
import { assistantsQuery, useAssistants } from '@/features/assistants/api/get-assistants';
import { outboundAssistantsQuery, useOutboundAssistants } from '@/api/get-outbound-assistants';
import { AssistantsTable } from '@/features/assistants/components/assistants-table';
import { PER_PAGE_CHOICES, type PerPage } from '@/features/assistants/lib/list-params';
import { confirmDeleteAssistant } from '@/features/assistants/components/confirm-delete';
import { assistantName } from '@/features/assistants/lib/format';
import { OutboundAssistantsTable } from '@/features/assistants/components/outbound-assistants-table';
import { phoneNumbersQuery, usePhoneNumbers } from '@/api/get-phone-numbers';
import { useLanguages } from '@/api/get-languages';
import { useVoices } from '@/api/get-voices';
import { assistantGroupsQuery, useAssistantGroups } from '@/api/get-assistant-groups';
import { GroupFilters } from '@/features/assistants/components/group-filters';

const DEFAULT_PER_PAGE = 10;

// zod/mini building blocks: validateSearch stays in the entry chunk (see lib/search-params).
const searchSchema = z.object({
  page: pageParam(),
  per_page: perPageParam(PER_PAGE_CHOICES, DEFAULT_PER_PAGE),
  view: oneOfParam(['all', 'outbound'], 'all'),
  // The list's folder and label filters (ids).
  folder: optionalIdParam(),
  label: optionalIdParam(),
});

export const Route = createFileRoute('/_app/assistants/')({
  validateSearch: searchSchema,
  // A link without parameters stays /assistants.
  search: { middlewares: [stripSearchParams({ page: 1, per_page: DEFAULT_PER_PAGE, view: 'all' })] },
  loaderDeps: ({ search }) => ({ page: search.page, per_page: search.per_page, view: search.view, folder: search.folder, label: search.label }),
  // Warms the cache without failing the route: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    void queryClient.prefetchQuery(phoneNumbersQuery());
    void queryClient.prefetchQuery(assistantGroupsQuery('folders'));
    void queryClient.prefetchQuery(assistantGroupsQuery('labels'));
    return deps.view === 'outbound'
      ? queryClient.prefetchQuery(outboundAssistantsQuery())
      : queryClient.prefetchQuery(assistantsQuery(listParams(deps)));
  },
  component: AssistantsPage,
});

/** The list's request from the URL's search: the folder and label filters only when set. */
function listParams(s: { page: number; per_page: number; folder?: number | undefined; label?: number | undefined }) {
  return { page: s.page, per_page: s.per_page, folder_id: s.folder, label_id: s.label };
}

function NewAssistantButton({ label }: { label?: string }) {
  return (
    <ButtonLink to="/assistants/new" leftSection={<IconPlus size={16} aria-hidden />}>
      {label ?? m.assistants_new()}
    </ButtonLink>
  );
}

function EmptyAssistants() {
  return (
    <EmptyList withBorder icon={IconRobot} title={m.assistants_empty_title()} description={m.assistants_empty_description()}>
      <NewAssistantButton label={m.assistants_create_first()} />
    </EmptyList>
  );
}

function AssistantsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();

  return (
    <>
      <PageHeader
        title={m.assistants_title()}
        description={m.assistants_description()}
        actions={<NewAssistantButton />}
      />
      <Tabs
        value={search.view}
        onChange={(v) => void navigate({ search: (s) => ({ ...s, view: v === 'outbound' ? 'outbound' : 'all' }) })}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="all">{m.assistants_tab_all()}</Tabs.Tab>
          <Tabs.Tab value="outbound">{m.assistants_direction_outbound()}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {search.view === 'outbound' ? (
        <OutboundView />
      ) : (
        <AllView page={search.page} perPage={search.per_page} folder={search.folder} label={search.label} />
      )}
    </>
  );
}

function useDeleteWithConfirm(afterDelete?: () => void) {
  const remove = useDeleteAssistant();
  return async (a: { id: number; name: string }) => {
    if (!(await confirmDeleteAssistant(assistantName(a)))) return;
    try {
      await remove.mutateAsync(a.id);
      notifySuccess(m.assistants_deleted_message({ name: assistantName(a) }), m.assistants_deleted_title());
      afterDelete?.();
    } catch (e) {
      notifyError(e, m.assistants_not_deleted());
    }
  };
}

function AllView({ page, perPage, folder, label }: { page: number; perPage: PerPage; folder: number | undefined; label: number | undefined }) {
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const list = useAssistants(listParams({ page, per_page: perPage, folder, label }));
  const phones = usePhoneNumbers();
  const phoneMap = useMemo(() => new Map((phones.data ?? []).map((p) => [p.id, p])), [phones.data]);
  const folders = useAssistantGroups('folders');
  const labels = useAssistantGroups('labels');
  const folderMap = useMemo(() => new Map((folders.data ?? []).map((g) => [g.id, g])), [folders.data]);
  const labelMap = useMemo(() => new Map((labels.data ?? []).map((g) => [g.id, g])), [labels.data]);
  const data = list.data;
  const filtered = folder !== undefined || label !== undefined;

  // The next page is ready before it is asked for.
  useEffect(() => {
    if (data && !list.isPlaceholderData && page < data.last_page) {
      void queryClient.prefetchQuery(assistantsQuery(listParams({ page: page + 1, per_page: perPage, folder, label })));
    }
  }, [data, list.isPlaceholderData, page, perPage, folder, label, queryClient]);

  // A page past the end (a stale link, or the last row of the last page deleted) goes to the last page.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.data.length === 0 && page > 1 && data.last_page < page) {
      void navigate({ search: (s) => ({ ...s, page: Math.max(1, data.last_page) }), replace: true });
    }
  }, [data, list.isPlaceholderData, page, navigate]);

  const onDelete = useDeleteWithConfirm();
  const setFilters = (next: { folder: number | undefined; label: number | undefined }) =>
    void navigate({ search: (s) => ({ ...s, folder: next.folder, label: next.label, page: 1 }) });

  return (
    <>
      {/* A host without folders and labels gets no filters for them. */}
      {folders.data === null && labels.data === null ? null : (
        <GroupFilters
          folders={folders.data ?? []}
          labels={labels.data ?? []}
          folderId={folder}
          labelId={label}
          onChange={setFilters}
          foldersError={folders.isError ? m.folders_folders_load_error() : undefined}
          labelsError={labels.isError ? m.folders_labels_load_error() : undefined}
        />
      )}
      <QueryState
        query={list}
        errorTitle={m.assistants_load_error()}
        isEmpty={(d) => d.total === 0}
        empty={
          filtered ? (
            <EmptyList withBorder icon={IconFilterOff} title={m.folders_filtered_empty_title()} description={m.folders_filtered_empty_description()}>
              <Button variant="default" onClick={() => setFilters({ folder: undefined, label: undefined })}>
                {m.folders_filter_clear()}
              </Button>
            </EmptyList>
          ) : (
            <EmptyAssistants />
          )
        }
      >
        {(d) => (
          <AssistantsTable
            page={d}
            fetching={list.isFetching && list.isPlaceholderData}
            phoneNumbers={phoneMap}
            folders={folderMap}
            labels={labelMap}
            onPageChange={(p) => void navigate({ search: (s) => ({ ...s, page: p }) })}
            onPerPageChange={(n) => void navigate({ search: (s) => ({ ...s, per_page: n, page: 1 }) })}
            onDelete={(a) => void onDelete(a)}
          />
        )}
      </QueryState>
    </>
  );
}

function OutboundView() {
  const list = useOutboundAssistants();
  const languages = useLanguages();
  const voices = useVoices();
  const languageNames = useMemo(() => new Map((languages.data ?? []).map((l) => [l.id, l.name])), [languages.data]);
  const voiceNames = useMemo(() => new Map((voices.data ?? []).map((v) => [v.id, v.name])), [voices.data]);
  const onDelete = useDeleteWithConfirm();
  return (
    <QueryState
      query={list}
      errorTitle={m.assistants_outbound_load_error()}
      isEmpty={(d) => d.length === 0}
      empty={
        <EmptyList withBorder icon={IconRobot} title={m.assistants_outbound_empty_title()} description={m.assistants_outbound_empty_description()}>
          <NewAssistantButton />
        </EmptyList>
      }
    >
      {(d) => (
        <OutboundAssistantsTable
          assistants={d}
          languageNames={languageNames}
          voiceNames={voiceNames}
          onDelete={(a) => void onDelete(a)}
        />
      )}
    </QueryState>
  );
}
