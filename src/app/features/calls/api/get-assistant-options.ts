import { queryOptions, useQuery } from '@tanstack/react-query';
import { assistantNamesPageSchema } from '@contract/assistant';
import { api } from '@/api';
import { m } from '@/i18n';
import { callKeys } from '@/api/query-keys';
import { toOptions, type FilterOption } from './filter-option';

// GET /user/assistants/get pages (per_page at most 100): the filter needs every page.

/** Guards against a host whose paginator never ends. */
const MAX_PAGES = 100;

export async function getAllAssistantOptions(signal?: AbortSignal): Promise<FilterOption[]> {
  const items: { id: number; name: string | null }[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const res = await api.get('/user/assistants/get', assistantNamesPageSchema, { query: { per_page: 100, page }, signal });
    items.push(...res.data);
    if (res.data.length === 0 || page >= res.last_page) break;
  }
  return toOptions(items, (id) => m.calls_assistant_id({ id }));
}

export const assistantOptionsQuery = () =>
  queryOptions({ queryKey: callKeys.assistantOptions(), queryFn: ({ signal }) => getAllAssistantOptions(signal), staleTime: 60_000 });

export function useAssistantOptions() {
  return useQuery(assistantOptionsQuery());
}
