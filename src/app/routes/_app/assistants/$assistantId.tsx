import { lazy, Suspense, useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Tabs } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { IconCopy, IconFlask, IconPlayerTrackNext, IconSettings } from '@tabler/icons-react';
import * as z from '@/lib/zod-mini';
import { optionalIdParam, optionalOneOfParam } from '@/lib/search-params';
import { loadOrNotFound, pathIdOrNotFound } from '@/lib/route-loaders';
import type { Assistant, Language, LlmModel } from '@contract';
import { m } from '@/i18n';
import { ButtonLink } from '@/components/links';
import { PageHeader } from '@/components/page-header';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteAssistant } from '@/features/assistants/api/delete-assistant';
import { assistantQuery } from '@/features/assistants/api/get-assistant';
import { useUpdateAssistant } from '@/features/assistants/api/update-assistant';
import { AssistantForm } from '@/features/assistants/components/assistant-form';
import { assistantName, assistantSummary } from '@/features/assistants/lib/format';
import { assistantToForm, formToUpdateRequest } from '@/features/assistants/lib/form-values';
import { languagesQuery } from '@/api/get-languages';
import { modelsQuery } from '@/api/get-models';
import { toolsQuery } from '@/features/tools/api/get-tools';
import { useToolChoices } from './-tool-choices';
import { CallActions } from '@/features/test-call/components/call-actions';
import { TestChatButton } from '@/features/conversations/components/test-chat-button';
import { WebCallButton } from '@/features/web-call/components/web-call-button';
import { DeleteButton } from '@/components/delete-button';

// Below the form's first screen: loaded when the form's Deferred shows them (it holds the Suspense).
const InboundWebhookCard = lazy(() => import('@/features/assistants/components/inbound-webhook-card').then((mod) => ({ default: mod.InboundWebhookCard })));
const WebhookDeliveriesCard = lazy(() => import('@/features/webhooks/components/deliveries-card').then((mod) => ({ default: mod.WebhookDeliveriesCard })));

// The Tests tab (test suites): loaded when the tab is first shown.
const SuitesTab = lazy(() => import('@/features/suites/components/suites-tab').then((mod) => ({ default: mod.SuitesTab })));
// The Replays tab: loaded when the tab is first shown.
const ReplaysTab = lazy(() => import('@/features/replays/components/replays-tab').then((mod) => ({ default: mod.ReplaysTab })));

// zod/mini and the statuses written out: validateSearch stays in the entry chunk (see lib/search-params).
const assistantSearch = z.object({
  deliveries: optionalOneOfParam(['pending', 'delivered', 'failed'] as const),
  // The tab shown (Settings when absent) and, on the Tests tab, the suite run shown.
  tab: optionalOneOfParam(['tests', 'replays'] as const),
  run: optionalIdParam(),
  // On the Replays tab: the replay set shown, and the pair opened in it.
  replay: optionalIdParam(),
  pair: optionalIdParam(),
});

export const Route = createFileRoute('/_app/assistants/$assistantId')({
  validateSearch: assistantSearch,
  loader: async ({ context: { queryClient }, params }) => {
    const assistantId = pathIdOrNotFound(params.assistantId);
    void queryClient.prefetchQuery(toolsQuery());
    await loadOrNotFound(
      queryClient.ensureQueryData(assistantQuery(assistantId)),
      queryClient.ensureQueryData(languagesQuery()),
      queryClient.ensureQueryData(modelsQuery()),
    );
    return { assistantId };
  },
  component: EditAssistantPage,
});

function EditAssistantPage() {
  const { assistantId } = Route.useLoaderData();
  const { data: assistant } = useSuspenseQuery(assistantQuery(assistantId));
  const { data: languages } = useSuspenseQuery(languagesQuery());
  const { data: models } = useSuspenseQuery(modelsQuery());
  return <EditAssistant key={assistantId} assistant={assistant} languages={languages} models={models} />;
}

function EditAssistant({ assistant, languages, models }: { assistant: Assistant; languages: Language[]; models: LlmModel[] }) {
  const navigate = useNavigate();
  const search = Route.useSearch();
  const update = useUpdateAssistant(assistant.id);
  const remove = useDeleteAssistant();
  const toolChoices = useToolChoices();
  // The baseline is the assistant as loaded; a refetch in the background does not reset typing.
  const [initial] = useState(() => assistantToForm(assistant, { languages, models }));

  async function onDelete() {
    // The confirmation (and the modal it opens) loads with the first Delete: most visits never delete, and the
    // page's first visit stays within its 60 KB budget.
    const { confirmDeleteAssistant } = await import('@/features/assistants/components/confirm-delete');
    if (!(await confirmDeleteAssistant(assistantName(assistant)))) return;
    try {
      await remove.mutateAsync(assistant.id);
      notifySuccess(m.assistants_deleted_message({ name: assistantName(assistant) }), m.assistants_deleted_title());
      void navigate({ to: '/assistants', ignoreBlocker: true });
    } catch (e) {
      notifyError(e, m.assistants_not_deleted());
    }
  }

  return (
    <>
      <PageHeader
        title={assistantName(assistant)}
        description={assistantSummary(assistant)}
        actions={
          <>
            <CallActions assistant={assistant} />
            <TestChatButton assistant={{ id: assistant.id, uuid: assistant.uuid, name: assistantName(assistant), variables: assistant.variables }} />
            <WebCallButton assistant={{ id: assistant.id, name: assistantName(assistant), noiseCancellation: assistant.enable_noise_cancellation, mode: assistant.mode }} />
            <ButtonLink
              to="/assistants/new"
              search={{ from: assistant.id }}
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
            >
              {m.assistants_duplicate()}
            </ButtonLink>
            <DeleteButton loading={remove.isPending} onClick={() => void onDelete()} />
          </>
        }
      />
      <Tabs
        value={search.tab ?? 'settings'}
        onChange={(tab) => void navigate({ to: '.', search: (prev) => ({ ...prev, tab: tab === 'tests' || tab === 'replays' ? tab : undefined }), replace: true, resetScroll: false })}
        keepMounted={false}
        mt="md"
      >
        <Tabs.List aria-label={m.suites_tabs_label()} mb="md">
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} aria-hidden />}>
            {m.suites_tab_settings()}
          </Tabs.Tab>
          <Tabs.Tab value="tests" leftSection={<IconFlask size={16} aria-hidden />} data-testid="tests-tab">
            {m.suites_tab_tests()}
          </Tabs.Tab>
          <Tabs.Tab value="replays" leftSection={<IconPlayerTrackNext size={16} aria-hidden />} data-testid="replays-tab">
            {m.replays_tab()}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings">
          <AssistantForm
            initialValues={initial}
            heldPhoneNumberId={assistant.type === 'inbound' ? assistant.phone_number_id : null}
            toolChoices={toolChoices}
            submitLabel={m.common_save_changes()}
            // Every assistant: the hosted service keeps the inbound webhook on either direction (and a record
            // may come without a type), so whether it is on must always be visible.
            afterWebhooks={
              <>
                <InboundWebhookCard assistant={assistant} />
                <WebhookDeliveriesCard
                  assistantId={assistant.id}
                  status={search.deliveries}
                  onStatusChange={(deliveries) =>
                    void navigate({ to: '.', search: (prev) => ({ ...prev, deliveries }), replace: true, resetScroll: false, ignoreBlocker: true })
                  }
                />
              </>
            }
            save={async (values, baseline) => {
              const body = formToUpdateRequest(baseline, values, assistant.variables);
              if (Object.keys(body).length === 0) return null;
              return update.mutateAsync(body);
            }}
            onSaved={(answer) => {
              if (answer) notifySuccess(m.assistants_saved_message(), m.assistants_saved_title());
              else notifySuccess(m.assistants_nothing_changed());
            }}
            onCancel={() => void navigate({ to: '/assistants' })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="tests">
          <Suspense fallback={null}>
            <SuitesTab
              assistantId={assistant.id}
              runId={search.run}
              onRunChange={(run) => void navigate({ to: '.', search: (prev) => ({ ...prev, run }), replace: true, resetScroll: false, ignoreBlocker: true })}
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="replays">
          <Suspense fallback={null}>
            <ReplaysTab
              assistantId={assistant.id}
              setId={search.replay}
              pairId={search.pair}
              onChange={(replay, pair) => void navigate({ to: '.', search: (prev) => ({ ...prev, replay, pair }), replace: true, resetScroll: false, ignoreBlocker: true })}
            />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
