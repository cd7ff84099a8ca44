import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { serviceEventSchema } from '@contract/live';
import { knowledgeKeys } from '@/api/query-keys';
import { keysForEvent } from './invalidation';

/** A cache holding the knowledge queries of two bases (and a call), to see which an event marks stale. */
const CACHED = {
  list: knowledgeKeys.list(),
  base7: knowledgeKeys.detail(7),
  base8: knowledgeKeys.detail(8),
  docs7: knowledgeKeys.documents(7),
  docs8: knowledgeKeys.documents(8),
  search7: knowledgeKeys.search(7, 'opening hours'),
  call: ['calls', 'detail', 1],
} as const;

function staleAfter(event: Record<string, unknown>): string[] {
  const client = new QueryClient();
  for (const key of Object.values(CACHED)) client.setQueryData([...key], { v: 1 });
  for (const queryKey of keysForEvent(serviceEventSchema.parse(event))) void client.invalidateQueries({ queryKey, refetchType: 'none' });
  return Object.entries(CACHED)
    .filter(([, key]) => client.getQueryState([...key])?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('keysForEvent: knowledge events', () => {
  it('a document of base 7 moved: that base, its documents, the list and the searches', () => {
    expect(staleAfter({ type: 'knowledge_document.updated', id: 31, status: 'ready', knowledgebase_id: 7 })).toEqual(['base7', 'docs7', 'list', 'search7']);
  });

  it('reads the base id as a string too, and without one refreshes every base rather than miss one', () => {
    expect(staleAfter({ type: 'knowledge_document.updated', id: 31, status: 'failed', knowledgebase_id: '8' })).toEqual(['base8', 'docs8', 'list', 'search7']);
    expect(staleAfter({ type: 'knowledge_document.updated', id: 31, status: 'ready' })).toEqual(['base7', 'base8', 'docs7', 'docs8', 'list', 'search7']);
  });

  it('a base changed: that base and the list, not the documents', () => {
    expect(staleAfter({ type: 'knowledgebase.updated', id: 8, status: 'ready' })).toEqual(['base8', 'list']);
  });
});
