import { queryOptions, useQuery } from '@tanstack/react-query';
import { assistantNamesPageSchema } from '@contract/assistant';
import { api } from '@/api';
import { conversationKeys } from '@/api/query-keys';

/** An assistant as the filter offers it: its integer id (what the list's filter takes) and its name. */
export interface AssistantOption {
  id: number;
  name: string | null;
}

/** Guards against a host whose paginator never ends. */
const MAX_PAGES = 100;

/** GET /user/assistants/get, every page (per_page at most 100): the assistant filter needs them all. */
export async function getAssistantOptions(signal?: AbortSignal): Promise<AssistantOption[]> {
  const items = new Map<number, AssistantOption>();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const res = await api.get('/user/assistants/get', assistantNamesPageSchema, { query: { per_page: 100, page }, signal });
    for (const a of res.data) if (!items.has(a.id)) items.set(a.id, { id: a.id, name: a.name?.trim() || null });
    if (res.data.length === 0 || page >= res.last_page) break;
  }
  return [...items.values()];
}

export const assistantOptionsQuery = () =>
  queryOptions({ queryKey: conversationKeys.assistantOptions(), queryFn: ({ signal }) => getAssistantOptions(signal), staleTime: 60_000 });

export function useAssistantOptions() {
  return useQuery(assistantOptionsQuery());
}
