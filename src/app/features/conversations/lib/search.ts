import * as z from '@/lib/zod-mini';
import { optionalIdParam, optionalOneOfParam, perPageParam } from '@/lib/search-params';
import type { ConversationListParams } from '@/api/query-keys';

/*
 * The Conversations page's state in the URL: the filters, the cursor of the page shown, the page size and
 * the conversation open in the drawer. Every field falls back (`catch`) instead of failing, so a stale or
 * hand-edited link opens the page with what still makes sense. zod/mini and the types written out: the
 * route file imports this into the entry chunk (see lib/search-params), where the contract's full zod
 * does not belong.
 */

/** The contract's CONVERSATION_TYPES, written out for the reason above. */
export const CONVERSATION_TYPE_FILTERS = ['widget', 'test', 'whatsapp', 'api'] as const;
export const CONVERSATION_PER_PAGE = [15, 25, 50, 100] as const;
export const DEFAULT_CONVERSATION_PER_PAGE = 15;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const conversationsSearchSchema = z.object({
  type: optionalOneOfParam(CONVERSATION_TYPE_FILTERS),
  assistant_id: optionalIdParam(),
  /** Laravel's opaque cursor, passed back as it came. */
  cursor: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(2048))), undefined),
  per_page: perPageParam(CONVERSATION_PER_PAGE, DEFAULT_CONVERSATION_PER_PAGE),
  /** The conversation shown in the drawer. */
  open: z.catch(z.optional(z.string().check(z.regex(UUID))), undefined),
});
export type ConversationsSearch = z.output<typeof conversationsSearchSchema>;

export const CONVERSATIONS_SEARCH_DEFAULTS = { per_page: DEFAULT_CONVERSATION_PER_PAGE } as const;

/** What the list request sends: the URL's filters and cursor (the open drawer is not a filter). */
export function listParams(search: ConversationsSearch): ConversationListParams {
  return {
    ...(search.type ? { type: search.type } : {}),
    ...(search.assistant_id ? { assistant_id: search.assistant_id } : {}),
    per_page: search.per_page,
    ...(search.cursor ? { cursor: search.cursor } : {}),
  };
}

export function hasFilter(search: ConversationsSearch): boolean {
  return search.type !== undefined || search.assistant_id !== undefined;
}
