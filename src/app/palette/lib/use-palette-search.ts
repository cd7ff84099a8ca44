import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assistant, AssistantSummary } from '@contract';
import type { Call } from '@contract/call';
import type { Campaign } from '@contract/campaign';
import type { Lead } from '@contract/lead';
import type { Paginated } from '@contract/pagination';
import type { Tool } from '@contract/tool';
import type { KnowledgeBase } from '@contract/knowledge-read';
import { knowledgeBasesQuery } from '@/api/get-knowledge-bases';
import { outboundAssistantsQuery } from '@/api/get-outbound-assistants';
import { assistantKeys } from '@/api/query-keys';
import { assistantOptionsQuery } from '@/features/calls/api/get-assistant-options';
import { callQueryOptions } from '@/api/get-call';
import { callsQueryOptions } from '@/features/calls/api/get-calls';
import { campaignsQuery } from '@/features/campaigns/api/get-campaigns';
import { leadsQuery } from '@/features/leads/api/get-leads';
import { customerEmail, customerName } from '@/features/leads/lib/format';
import { toolsQuery } from '@/features/tools/api/get-tools';
import { callIdOf, findMatches, looksLikePhone } from './match';
import type { PhoneQuery } from './phone-match';

/*
 * What the palette finds for a query, typed and debounced (200 ms). The lists come from the features' own
 * queries, so what a page already fetched is used at once (and refreshed when older than STALE_MS):
 * assistants (every page, names), tools, leads (every lead), campaigns, knowledge bases. The service filters none of these
 * by name, so they are matched here. Calls are the exception: the service filters them by phone number
 * (GET /user/calls?phone_number=…) and reads one by id (GET /user/calls/{id}).
 */

export const SEARCH_DEBOUNCE_MS = 200;
const STALE_MS = 15_000;
/** Results per kind of record. */
export const PER_GROUP = 5;

type PhoneLib = typeof import('./phone-match');
let phoneLibPromise: Promise<PhoneLib> | null = null;
const loadPhoneLib = () => (phoneLibPromise ??= import('./phone-match'));

/** The phone matcher (and its metadata), fetched the first time digits are typed. */
function usePhoneLib(wanted: boolean): PhoneLib | null {
  const [lib, setLib] = useState<PhoneLib | null>(null);
  useEffect(() => {
    if (!wanted || lib) return;
    let live = true;
    void loadPhoneLib().then((loaded) => {
      if (live) setLib(loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted, lib]);
  return lib;
}

export interface FoundLead {
  lead: Lead;
  name: string;
  email: string;
  phone: string;
}

export interface PaletteSearch {
  /** The query the results are for (debounced, trimmed); '' shows only pages and actions. */
  query: string;
  assistants: { id: number; name: string }[];
  /** Outbound assistants the query names: each offers a test call. */
  testCallAssistants: AssistantSummary[];
  tools: Tool[];
  knowledgeBases: KnowledgeBase[];
  leads: FoundLead[];
  campaigns: Campaign[];
  calls: (Call & { phone: string })[];
  /** Typing not yet settled, or a list still on its way. */
  searching: boolean;
  /** A list could not be fetched (what came is shown). */
  failed: boolean;
}

export function usePaletteSearch(typed: string, enabled: boolean): PaletteSearch {
  const [query] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const queryClient = useQueryClient();
  const active = enabled && query !== '';

  const assistantOptions = useQuery({ ...assistantOptionsQuery(), staleTime: STALE_MS, enabled: active });
  const outbound = useQuery({ ...outboundAssistantsQuery(), staleTime: STALE_MS, enabled: active });
  const tools = useQuery({ ...toolsQuery(), staleTime: STALE_MS, enabled: active });
  const leads = useQuery({ ...leadsQuery(), staleTime: STALE_MS, enabled: active });
  const campaigns = useQuery({ ...campaignsQuery(), staleTime: STALE_MS, enabled: active });
  const knowledgeBases = useQuery({ ...knowledgeBasesQuery(), staleTime: STALE_MS, enabled: active });

  const phoneLike = active && looksLikePhone(query);
  const phoneLib = usePhoneLib(phoneLike);
  const phone: PhoneQuery | null = phoneLike && phoneLib ? phoneLib.readPhoneQuery(query) : null;
  const display = (e164: string | null | undefined) => (phoneLib ? phoneLib.displayPhone(e164) : (e164 ?? ''));

  // Leads: by name or email, or by their (or a secondary contact's) number in any form.
  const allLeads = active ? (leads.data ?? []) : [];
  const byText = findMatches(allLeads, query, (l) => [customerName(l), customerEmail(l)], PER_GROUP);
  const byPhone = phone
    ? allLeads.filter((l) => phoneLib?.phoneMatches(l.phone_number, phone) || l.secondary_contacts.some((c) => phoneLib?.phoneMatches(c.phone_number, phone)))
    : [];
  const foundLeads = [...new Map([...byPhone, ...byText].map((l) => [l.id, l])).values()].slice(0, PER_GROUP).map((lead) => ({
    lead,
    name: customerName(lead),
    email: customerEmail(lead),
    phone: display(lead.phone_number),
  }));

  // Calls: the service filters by number (E.164). A national form the browser's country does not read is
  // still a number when it found exactly one lead's.
  const leadNumbers = [...new Set(byPhone.map((l) => l.phone_number).filter((n): n is string => !!n))];
  const callPhone = phone ? (phone.e164 ?? (leadNumbers.length === 1 ? leadNumbers[0] : null)) : null;
  const callsByPhone = useQuery({
    ...callsQueryOptions({ page: 1, per_page: PER_GROUP, phone_number: callPhone ?? '' }),
    enabled: active && !!callPhone,
  });
  const callId = active ? callIdOf(query) : null;
  const callById = useQuery({ ...callQueryOptions(callId ?? 0), enabled: callId !== null, retry: false });
  const calls = [...(callId !== null && callById.data ? [callById.data] : []), ...(callPhone ? (callsByPhone.data?.data ?? []) : [])]
    .filter((c, i, list) => list.findIndex((o) => o.id === c.id) === i)
    .slice(0, PER_GROUP)
    .map((c) => ({ ...c, phone: display(c.client_phone_number) }));

  // Assistants: every name (the call filter's list), and any page of the assistants list already here.
  const named = new Map<number, string>();
  for (const o of assistantOptions.data ?? []) named.set(o.id, o.name);
  for (const [, page] of queryClient.getQueriesData<Paginated<Assistant>>({ queryKey: assistantKeys.lists() })) {
    for (const a of page?.data ?? []) if (a.name && !named.has(a.id)) named.set(a.id, a.name);
  }
  const assistants = active ? findMatches([...named].map(([id, name]) => ({ id, name })), query, (a) => [a.name], PER_GROUP) : [];
  const testCallAssistants = active ? findMatches((outbound.data ?? []).filter((a) => a.type === 'outbound'), query, (a) => [a.name], 3) : [];

  const lists = [assistantOptions, outbound, tools, leads, campaigns, knowledgeBases];
  const waiting =
    typed.trim() !== query ||
    (active && lists.some((q) => q.isPending && q.fetchStatus !== 'idle')) ||
    (phoneLike && !phoneLib) ||
    (callPhone !== null && callsByPhone.isPending) ||
    (callId !== null && callById.isPending && callById.fetchStatus !== 'idle');

  return {
    query: active ? query : '',
    assistants,
    testCallAssistants,
    tools: active ? findMatches(tools.data ?? [], query, (t) => [t.name, t.description], PER_GROUP) : [],
    knowledgeBases: active ? findMatches(knowledgeBases.data ?? [], query, (b) => [b.name, b.description], PER_GROUP) : [],
    leads: foundLeads,
    campaigns: active ? findMatches(campaigns.data ?? [], query, (c) => [c.name], PER_GROUP) : [],
    calls,
    searching: enabled && waiting,
    failed: active && lists.some((q) => q.isError),
  };
}
