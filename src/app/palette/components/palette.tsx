import '@mantine/spotlight/styles.css';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Group, Loader, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import {
  IconAddressBook,
  IconBook,
  IconBooks,
  IconFolders,
  IconLanguage,
  IconLogout,
  IconMoon,
  IconPhoneCall,
  IconPhoneOutgoing,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconFlask,
  IconRobot,
  IconSearch,
  IconSpeakerphone,
  IconSun,
  IconTool,
  IconUpload,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { signOut } from '@/components/user-menu';
import { changeLocale, currentLocale, localeNames, locales, m } from '@/i18n';
import { formatList, formatWallClock } from '@/i18n/format';
import { navItems } from '@/lib/nav';
import { notifyError, notifySuccess } from '@/lib/notify';
import { actionsFor } from '@/features/campaigns/components/campaign-status';
import { useUpdateCampaignStatus, type CampaignAction } from '@/features/campaigns/api/update-campaign-status';
import type { Campaign } from '@contract/campaign';
import { findMatches } from '../lib/match';
import { usePaletteSearch } from '../lib/use-palette-search';
import { registerPalette } from '../open-palette';
import { TestCallModal } from './test-call-modal';

/*
 * The command palette (Ctrl+K / Cmd+K), on @mantine/spotlight: go to a page, run an action, find an
 * assistant, tool, lead, campaign, call or knowledge base. Loaded on its first opening (see palette-host.tsx), so neither
 * Spotlight nor this module is in a page's initial JavaScript.
 *
 * Keyboard: the search field keeps the focus; ↑/↓ choose (Spotlight), Enter runs, Esc closes. For
 * assistive technology the field is a combobox whose list is a listbox of grouped options, the chosen one
 * its active descendant.
 */

interface Item {
  id: string;
  label: string;
  description?: string;
  icon: ReactNode;
  /** More words the item is found by (only for pages and actions: records match on their own fields). */
  keywords?: string;
  run: () => void;
}

interface ItemGroup {
  id: string;
  label: string;
  items: Item[];
}

const ICON = { size: 18, stroke: 1.6, 'aria-hidden': true } as const;

/** A nav label, while it moves from a string to a message function (either works). */
function labelOf(label: unknown): string {
  return typeof label === 'function' ? String((label as () => unknown)()) : String(label);
}

const idText = (id: number) => String(id);

/*
 * What runs once the palette has closed: a dialog opened from it then gets the focus, which the closing
 * palette would otherwise hand back to where it was opened from. (One palette: a module variable.)
 */
let afterClose: (() => void) | null = null;
function whenClosed(run: () => void) {
  afterClose = run;
}
function runAfterClose() {
  const run = afterClose;
  afterClose = null;
  run?.();
}

export default function Palette() {
  const [[store, spotlight]] = useState(() => createSpotlight());
  const { opened } = useSpotlight(store);
  /*
   * The chosen option. Spotlight keeps its choice in its store without telling (a silent update) and marks
   * it in the DOM; it is read back after each key, so the option's aria-selected and the field's
   * aria-activedescendant follow it.
   */
  const [active, setActive] = useState(-1);
  const syncActive = () => queueMicrotask(() => setActive(store.getState().selected));
  const [query, setQuery] = useState('');
  const [testCall, setTestCall] = useState<{ assistantId: number | null } | null>(null);
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const campaignStatus = useUpdateCampaignStatus();
  const found = usePaletteSearch(query, opened);
  const listId = `palette-${useId().replace(/:/g, '')}`;

  useEffect(() => registerPalette((command) => (command === 'open' ? spotlight.open() : spotlight.toggle())), [spotlight]);

  const runCampaign = async (campaign: Campaign, action: CampaignAction) => {
    const name = campaign.name || m.palette_campaign_unnamed({ id: idText(campaign.id) });
    try {
      const answer = await campaignStatus.mutateAsync({ campaignId: campaign.id, action });
      notifySuccess(answer.message, action === 'start' ? m.palette_campaign_started({ name }) : m.palette_campaign_stopped({ name }));
    } catch (e) {
      notifyError(e, action === 'start' ? m.palette_campaign_start_failed() : m.palette_campaign_stop_failed());
    }
  };

  // Pages and actions answer at once (no debounce): they are here already.
  const pageItems: Item[] = [
    ...navItems.map((item) => ({
      id: `page:${item.to}`,
      label: labelOf(item.label),
      icon: <item.icon {...ICON} />,
      keywords: m.palette_keywords_pages(),
      run: () => void navigate({ to: item.to }),
    })),
    {
      id: 'page:folders',
      label: m.folders_title(),
      icon: <IconFolders {...ICON} />,
      keywords: m.folders_palette_keywords(),
      run: () => void navigate({ to: '/assistants/folders' }),
    },
    {
      id: 'page:api-docs',
      label: m.palette_page_api_docs(),
      description: m.palette_page_api_docs_description(),
      icon: <IconBook {...ICON} />,
      keywords: 'OpenAPI, docs, REST',
      run: () => void window.open('/api/docs', '_blank', 'noopener'),
    },
  ];

  const otherLocale = locales.find((l) => l !== currentLocale()) ?? locales[0];
  const nextScheme = scheme === 'dark' ? 'light' : 'dark';
  const actionItems: Item[] = [
    { id: 'new-assistant', label: m.palette_action_new_assistant(), icon: <IconRobot {...ICON} />, keywords: m.palette_keywords_new(), run: () => void navigate({ to: '/assistants/new' }) },
    { id: 'new-tool', label: m.palette_action_new_tool(), icon: <IconTool {...ICON} />, keywords: m.palette_keywords_new(), run: () => void navigate({ to: '/tools/new' }) },
    { id: 'new-lead', label: m.palette_action_new_lead(), icon: <IconPlus {...ICON} />, keywords: m.palette_keywords_new(), run: () => void navigate({ to: '/leads/new' }) },
    { id: 'import-leads', label: m.palette_action_import_leads(), icon: <IconUpload {...ICON} />, keywords: m.palette_keywords_import(), run: () => void navigate({ to: '/leads/import' }) },
    { id: 'new-campaign', label: m.palette_action_new_campaign(), icon: <IconSpeakerphone {...ICON} />, keywords: m.palette_keywords_new(), run: () => void navigate({ to: '/campaigns/new' }) },
    { id: 'new-knowledge-base', label: m.knowledge_palette_new(), icon: <IconBooks {...ICON} />, keywords: m.knowledge_palette_keywords(), run: () => void navigate({ to: '/knowledge', search: { create: true } }) },
    {
      id: 'test-call',
      label: m.palette_action_test_call(),
      icon: <IconPhoneOutgoing {...ICON} />,
      keywords: m.palette_keywords_test_call(),
      run: () => whenClosed(() => setTestCall({ assistantId: null })),
    },
    {
      id: 'color-scheme',
      label: nextScheme === 'dark' ? m.palette_action_dark_mode() : m.palette_action_light_mode(),
      icon: nextScheme === 'dark' ? <IconMoon {...ICON} /> : <IconSun {...ICON} />,
      keywords: m.palette_keywords_theme(),
      run: () => setColorScheme(nextScheme),
    },
    {
      id: 'language',
      label: m.palette_action_language({ language: localeNames[otherLocale] }),
      icon: <IconLanguage {...ICON} />,
      keywords: m.palette_keywords_language(),
      run: () => changeLocale(otherLocale),
    },
    { id: 'sign-out', label: m.palette_action_sign_out(), icon: <IconLogout {...ICON} />, keywords: m.palette_keywords_sign_out(), run: () => signOut() },
  ];

  const byText = (items: Item[]) => findMatches(items, query, (i) => [i.label, i.description, i.keywords]);

  // Records: what the (debounced) search found.
  const testCallItems: Item[] = found.testCallAssistants.map((a) => ({
    id: `test-call:${a.id}`,
    label: m.palette_action_test_call_with({ name: a.name || m.palette_assistant_unnamed({ id: idText(a.id) }) }),
    icon: <IconPhoneOutgoing {...ICON} />,
    run: () => whenClosed(() => setTestCall({ assistantId: a.id })),
  }));
  const assistantItems: Item[] = found.assistants.map((a) => ({
    id: `assistant:${a.id}`,
    label: a.name,
    icon: <IconRobot {...ICON} />,
    run: () => void navigate({ to: '/assistants/$assistantId', params: { assistantId: idText(a.id) } }),
  }));
  // An assistant's Tests tab (its test suite), beside the assistant itself.
  const suiteItems: Item[] = found.assistants.map((a) => ({
    id: `assistant-tests:${a.id}`,
    label: m.suites_palette_tests_of({ name: a.name || m.palette_assistant_unnamed({ id: idText(a.id) }) }),
    keywords: m.suites_palette_keywords(),
    icon: <IconFlask {...ICON} />,
    run: () => void navigate({ to: '/assistants/$assistantId', params: { assistantId: idText(a.id) }, search: { tab: 'tests' } }),
  }));
  const leadItems: Item[] = found.leads.map(({ lead, name, email, phone }) => ({
    id: `lead:${lead.id}`,
    label: name || phone || m.palette_lead_unnamed({ id: idText(lead.id) }),
    description: formatList([name ? phone : '', email, lead.campaign?.name ?? ''].filter(Boolean), 'unit'),
    icon: <IconAddressBook {...ICON} />,
    run: () => void navigate({ to: '/leads/$leadId', params: { leadId: lead.id } }),
  }));
  const campaignItems: Item[] = found.campaigns.flatMap((c) => {
    const name = c.name || m.palette_campaign_unnamed({ id: idText(c.id) });
    return [
      {
        id: `campaign:${c.id}`,
        label: name,
        description: m.palette_campaign_status({ status: c.status }),
        icon: <IconSpeakerphone {...ICON} />,
        run: () => void navigate({ to: '/campaigns/$campaignId', params: { campaignId: c.id } }),
      },
      ...actionsFor(c.status).map((action) => ({
        id: `campaign:${c.id}:${action}`,
        label: action === 'start' ? m.palette_action_start_campaign({ name }) : m.palette_action_stop_campaign({ name }),
        icon: action === 'start' ? <IconPlayerPlay {...ICON} /> : <IconPlayerStop {...ICON} />,
        run: () => void runCampaign(c, action),
      })),
    ];
  });
  const callItems: Item[] = found.calls.map((c) => ({
    id: `call:${c.id}`,
    label: m.palette_call_number({ id: idText(c.id) }),
    description: formatList(
      [c.phone, c.type ? m.palette_call_type({ type: c.type }) : '', c.assistant_name ?? '', c.created_at ? formatWallClock(c.created_at) : ''].filter(Boolean),
      'unit',
    ),
    icon: <IconPhoneCall {...ICON} />,
    run: () => void navigate({ to: '/calls/$callId', params: { callId: c.id } }),
  }));
  const toolItems: Item[] = found.tools.map((t) => ({
    id: `tool:${t.id}`,
    label: t.name || m.palette_tool_unnamed({ id: idText(t.id) }),
    description: t.description ?? undefined,
    icon: <IconTool {...ICON} />,
    run: () => void navigate({ to: '/tools/$toolId', params: { toolId: idText(t.id) } }),
  }));

  const knowledgeItems: Item[] = found.knowledgeBases.map((b) => ({
    id: `knowledge:${b.id}`,
    label: b.name || m.knowledge_base_unnamed({ id: idText(b.id) }),
    description: b.description ?? undefined,
    icon: <IconBooks {...ICON} />,
    run: () => void navigate({ to: '/knowledge/$knowledgeBaseId', params: { knowledgeBaseId: idText(b.id) } }),
  }));

  const groups: ItemGroup[] = [
    { id: 'pages', label: m.palette_group_pages(), items: byText(pageItems) },
    { id: 'actions', label: m.palette_group_actions(), items: [...byText(actionItems), ...testCallItems] },
    { id: 'assistants', label: m.palette_group_assistants(), items: [...assistantItems, ...suiteItems] },
    { id: 'leads', label: m.palette_group_leads(), items: leadItems },
    { id: 'calls', label: m.palette_group_calls(), items: callItems },
    { id: 'campaigns', label: m.palette_group_campaigns(), items: campaignItems },
    { id: 'tools', label: m.palette_group_tools(), items: toolItems },
    { id: 'knowledge', label: m.knowledge_palette_group(), items: knowledgeItems },
  ].filter((g) => g.items.length > 0);

  // Each option's place in the whole list (Spotlight's ↑/↓ count them in that order).
  const starts = groups.map((_, g) => groups.slice(0, g).reduce((n, prev) => n + prev.items.length, 0));
  const count = groups.reduce((n, g) => n + g.items.length, 0);
  const optionId = (index: number) => `${listId}-option-${index}`;

  // Other options (results arrived, the query changed): the first one is the choice.
  const signature = groups.flatMap((g) => g.items.map((i) => i.id)).join('\n');
  const first = signature === '' ? -1 : 0;
  const [listed, setListed] = useState(signature);
  if (listed !== signature) {
    setListed(signature);
    setActive(first);
  }
  useEffect(() => {
    store.updateState((s) => ({ ...s, selected: first }));
  }, [signature, first, store]);

  const typing = query.trim() !== '';
  const nothingFound = typing && count === 0 && !found.searching;

  return (
    <>
      <Spotlight.Root
        store={store}
        query={query}
        onQueryChange={setQuery}
        shortcut={null}
        // Spotlight opens with nothing chosen.
        onSpotlightOpen={() => setActive(-1)}
        scrollable
        maxHeight={460}
        attributes={{ content: { 'aria-label': m.palette_title() } }}
        transitionProps={{
          onExited: runAfterClose,
        }}
      >
        <Spotlight.Search
          placeholder={m.palette_search_placeholder()}
          aria-label={m.palette_search_label()}
          leftSection={<IconSearch size={20} stroke={1.5} aria-hidden />}
          rightSection={found.searching ? <Loader size="xs" aria-hidden /> : null}
          role="combobox"
          aria-expanded={count > 0}
          aria-controls={count > 0 ? `${listId}-options` : undefined}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          onKeyDown={syncActive}
          onChange={syncActive}
          autoComplete="off"
          spellCheck={false}
          data-testid="palette-search"
        />
        {count > 0 ? (
          <Spotlight.ActionsList
            id={listId}
            // The results scroll: a keyboard reaches the region too (Tab), not only ↑/↓ from the field. (The
            // list hands its props on to its ScrollArea, whose type does not say so.)
            {...({ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': m.palette_results() } } as object)}
          >
            <div role="listbox" id={`${listId}-options`} aria-label={m.palette_results()}>
            {groups.map((group, g) => (
              <Spotlight.ActionsGroup key={group.id} label={group.label} role="group" aria-label={group.label}>
                {group.items.map((item, n) => {
                  const i = (starts[g] ?? 0) + n;
                  return (
                    <Spotlight.Action
                      key={item.id}
                      // Spotlight.Action keeps an `id` prop to itself: the option's id (for aria-activedescendant) is set here.
                      ref={(el: HTMLButtonElement | null) => {
                        if (el) el.id = optionId(i);
                      }}
                      role="option"
                      aria-selected={i === active}
                      data-selected={i === active || undefined}
                      label={item.label}
                      description={item.description}
                      leftSection={item.icon}
                      highlightQuery
                      onClick={item.run}
                    />
                  );
                })}
              </Spotlight.ActionsGroup>
            ))}
            </div>
          </Spotlight.ActionsList>
        ) : null}
        <div role="status">
          {typing && count === 0 && found.searching ? (
            <Spotlight.Empty>
              <Group gap="xs" justify="center">
                <Loader size="xs" aria-hidden />
                <Text size="sm">{m.palette_searching()}</Text>
              </Group>
            </Spotlight.Empty>
          ) : null}
          {nothingFound ? (
            <Spotlight.Empty>
              <Text size="sm" fw={500}>
                {m.palette_nothing_found()}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {m.palette_nothing_found_hint()}
              </Text>
            </Spotlight.Empty>
          ) : null}
          {found.failed && !found.searching ? (
            <Text size="xs" c="red" ta="center" px="md" py={6}>
              {m.palette_search_failed()}
            </Text>
          ) : null}
        </div>
        <Spotlight.Footer>
          <Text size="xs" c="dimmed" ta="center">
            {m.palette_footer()}
          </Text>
        </Spotlight.Footer>
      </Spotlight.Root>
      <TestCallModal opened={testCall !== null} assistantId={testCall?.assistantId ?? null} onClose={() => setTestCall(null)} />
    </>
  );
}
