import { queryOptions } from '@tanstack/react-query';
import { assistantSchema, type Assistant } from '@contract';
import { api, ApiError } from '@/api';
import { m } from '@/i18n';
import { getAssistants } from './get-assistants';
import { assistantKeys } from '@/api/query-keys';

const SCAN_PAGE_SIZE = 100;
/** 100 pages of 100: far beyond any account; the scan stops there rather than run away. */
const SCAN_MAX_PAGES = 100;

/**
 * A host without GET /user/assistant/{id} (the hosted service documents none) finds it in the
 * paginated list instead.
 */
async function findInList(id: number, signal?: AbortSignal): Promise<Assistant> {
  for (let page = 1; page <= SCAN_MAX_PAGES; page += 1) {
    const answer = await getAssistants({ page, per_page: SCAN_PAGE_SIZE }, signal);
    const found = answer.data.find((a) => a.id === id);
    if (found) return found;
    if (page >= answer.last_page || answer.data.length === 0) break;
  }
  throw new ApiError({ kind: 'not-found', status: 404, method: 'GET', path: `/user/assistant/${id}`, message: m.assistants_not_found() });
}

/** GET /user/assistant/{id} (the local service's), else the scan of the list. */
export async function getAssistant(id: number, signal?: AbortSignal): Promise<Assistant> {
  try {
    return await api.get(`/user/assistant/${id}`, assistantSchema, { signal });
  } catch (e) {
    // 404: no such assistant, or no such route; 405: the path exists for PUT/DELETE only.
    if (e instanceof ApiError && (e.status === 404 || e.status === 405)) return findInList(id, signal);
    throw e;
  }
}

export const assistantQuery = (id: number) =>
  queryOptions({
    queryKey: assistantKeys.detail(id),
    queryFn: ({ signal }) => getAssistant(id, signal),
  });
