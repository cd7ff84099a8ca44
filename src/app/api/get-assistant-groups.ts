import { queryOptions, useQuery } from '@tanstack/react-query';
import { assistantGroupsPageSchema, type AssistantGroup } from '@contract/folders';
import { api } from './client';
import { isExtensionNotOffered } from './errors';
import { assistantGroupKeys } from './query-keys';

/*
 * The user's folders or labels, every page of them: the assistant form, the list's filters and the
 * manager all show the whole set (an account holds tens, not thousands), so the console reads them once
 * and shares the answer. Here and not in a feature because three features use it.
 */

export type GroupKind = 'folders' | 'labels';

/** The most pages read, so a host that keeps answering "more" cannot keep the console reading. */
const MAX_PAGES = 20;

/**
 * GET /user/folders (or /user/labels), page after page at 100 each, by name as the service sorts them.
 * null when the host has no such endpoint (404, 405, 501): the console then offers no folders or labels
 * rather than an error in every form.
 */
export async function getAllGroups(kind: GroupKind, signal?: AbortSignal): Promise<AssistantGroup[] | null> {
  const out: AssistantGroup[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    let answer;
    try {
      answer = await api.get(`/user/${kind}`, assistantGroupsPageSchema, { query: { page, per_page: 100 }, signal });
    } catch (e) {
      if (page === 1 && isExtensionNotOffered(e)) return null;
      throw e;
    }
    out.push(...answer.data);
    if (page >= answer.last_page || answer.data.length === 0) break;
  }
  return out;
}

export const assistantGroupsQuery = (kind: GroupKind) =>
  queryOptions({
    queryKey: assistantGroupKeys.list(kind),
    queryFn: ({ signal }) => getAllGroups(kind, signal),
    staleTime: 60_000,
  });

export function useAssistantGroups(kind: GroupKind) {
  return useQuery(assistantGroupsQuery(kind));
}
