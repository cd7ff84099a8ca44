import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ServiceEventMessage } from '@contract/live';
import { accountKeys, callKeys, campaignKeys, knowledgeKeys, leadKeys, overviewKeys, webhookKeys } from '@/api/query-keys';

/*
 * What a service event makes stale. Invalidation refetches only the queries on screen; the others are
 * marked stale and load fresh when next shown.
 */

/** The cached queries one event of GET /user/events changes. */
export function keysForEvent(event: ServiceEventMessage): QueryKey[] {
  switch (event.type) {
    case 'call': {
      const keys: QueryKey[] = [callKeys.lists(), callKeys.samples(), overviewKeys.all];
      if (event.id !== null) keys.push(callKeys.detail(event.id));
      // A call of a campaign moves that campaign's progress; an event that does not say which campaign
      // (or an old host) refreshes any progress on screen rather than miss one.
      keys.push(event.campaign_id !== null ? campaignKeys.progress(event.campaign_id) : campaignKeys.progresses());
      return keys;
    }
    case 'lead':
    case 'campaign':
      // campaignKeys.all holds the campaign list and every campaign's progress.
      return [campaignKeys.all, leadKeys.all, overviewKeys.all];
    case 'delivery': {
      // The overview lists recent failed deliveries; the call shows its webhook_response.
      const keys: QueryKey[] = [webhookKeys.deliveries(), overviewKeys.all];
      if (event.call_id !== null) keys.push(callKeys.detail(event.call_id));
      return keys;
    }
    case 'account':
      return [accountKeys.all];
    // A document moved (processing -> ready or failed): its base's documents, the base (its status and
    // counts follow), the list, and what "Try a search" finds. An event that does not name its base (an
    // older service) refreshes every base's documents rather than miss one.
    case 'knowledge_document.updated': {
      const raw = event.knowledgebase_id;
      const baseId = typeof raw === 'number' && Number.isInteger(raw) ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
      return baseId !== null
        ? [knowledgeKeys.documents(baseId), knowledgeKeys.detail(baseId), knowledgeKeys.list(), knowledgeKeys.searches()]
        : [knowledgeKeys.documentLists(), knowledgeKeys.details(), knowledgeKeys.list(), knowledgeKeys.searches()];
    }
    case 'knowledgebase.updated':
      return event.id !== null ? [knowledgeKeys.detail(event.id), knowledgeKeys.list()] : [knowledgeKeys.details(), knowledgeKeys.list()];
    default:
      return [];
  }
}

/** What may have changed while the stream was down: everything a live page shows. */
export const CATCH_UP_KEYS: readonly QueryKey[] = [
  overviewKeys.all,
  campaignKeys.all,
  leadKeys.all,
  callKeys.lists(),
  callKeys.details(),
  webhookKeys.deliveries(),
  knowledgeKeys.all,
];

export interface InvalidationBatcher {
  add(keys: readonly QueryKey[]): void;
  /** Invalidates what is waiting now (and cancels the timer). */
  flush(): void;
  dispose(): void;
}

/**
 * Collects keys for `delayMs` after the first one and invalidates each once: a campaign's burst of events
 * (a call ends, its lead settles, the campaign completes) is one refetch per query, not one per event
 * cancelling the one before.
 */
export function createInvalidationBatcher(queryClient: QueryClient, delayMs = 250): InvalidationBatcher {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  }

  return {
    add(keys) {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      if (pending.size > 0 && timer === null) timer = setTimeout(flush, delayMs);
    },
    flush,
    dispose() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
