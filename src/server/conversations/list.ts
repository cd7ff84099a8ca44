import type { Db } from '../db/connect';
import { decodeCursor, encodeCursor } from './cursor';
import { conversationResource, type ListedConversation } from './resource';
import { findAssistant } from './store';

/*
 * GET /user/conversations: the user's conversations, newest first, a page at a time with Laravel's cursor
 * paginator (next_cursor / prev_cursor, and their URLs keeping the request's other parameters).
 */

export interface ConversationFilters {
  type?: string | undefined;
  assistant_id?: string | number | undefined;
  customer_phone?: string | undefined;
  whatsapp_sender_phone?: string | undefined;
  external_identifier?: string | undefined;
  per_page: number;
  cursor?: string | undefined;
}

function pageUrl(requestUrl: string, cursor: string | null): string | null {
  if (cursor === null) return null;
  const url = new URL(requestUrl);
  url.searchParams.set('cursor', cursor);
  return url.toString();
}

export async function listConversations(db: Db, userId: number, f: ConversationFilters, requestUrl: string) {
  const url = new URL(requestUrl);
  const path = `${url.origin}${url.pathname}`;
  const empty = { data: [], path, per_page: f.per_page, next_cursor: null, next_page_url: null, prev_cursor: null, prev_page_url: null };

  let q = db
    .selectFrom('conversations as c')
    .innerJoin('assistants as a', 'a.id', 'c.assistant_id')
    .selectAll('c')
    .select(['a.uuid as assistant_uuid', 'a.name as assistant_name'])
    .where('c.user_id', '=', userId);
  if (f.assistant_id !== undefined) {
    // An assistant that is not the caller's lists nothing (it may have been deleted since).
    const assistant = await findAssistant(db, userId, f.assistant_id);
    if (!assistant) return empty;
    q = q.where('c.assistant_id', '=', assistant.id);
  }
  if (f.type) q = q.where('c.type', '=', f.type);
  if (f.customer_phone) q = q.where('c.customer_phone', '=', f.customer_phone);
  if (f.whatsapp_sender_phone) q = q.where('c.whatsapp_sender_phone', '=', f.whatsapp_sender_phone);
  if (f.external_identifier) q = q.where('c.external_identifier', '=', f.external_identifier);

  const cursor = decodeCursor(f.cursor);
  const backward = cursor !== null && !cursor.pointsToNextItems;
  if (cursor) q = q.where('c.id', backward ? '>' : '<', cursor.id);
  const rows = (await q
    .orderBy('c.id', backward ? 'asc' : 'desc')
    .limit(f.per_page + 1)
    .execute()) as ListedConversation[];
  const more = rows.length > f.per_page;
  const page = rows.slice(0, f.per_page);
  if (backward) page.reverse();

  const first = page[0];
  const last = page[page.length - 1];
  // Forward (or the first page): more after means a next page; a cursor given means a previous one.
  // Backward: there is always a next page (the one we came from); more before means a previous one.
  const hasNext = backward ? page.length > 0 : more;
  const hasPrev = backward ? more : cursor !== null && page.length > 0;
  const next = hasNext && last ? encodeCursor({ id: last.id, pointsToNextItems: true }) : null;
  const prev = hasPrev && first ? encodeCursor({ id: first.id, pointsToNextItems: false }) : null;
  return {
    data: page.map(conversationResource),
    path,
    per_page: f.per_page,
    next_cursor: next,
    next_page_url: pageUrl(requestUrl, next),
    prev_cursor: prev,
    prev_page_url: pageUrl(requestUrl, prev),
  };
}
