import type { KnowledgeBase } from '@contract/knowledge-read';
import { m } from '@/i18n';

/** A knowledge base's name, or "Knowledge base 12" when it has none. Here, not with the list's table: a base's own page needs the name and none of the table. */
export const knowledgeBaseName = (b: Pick<KnowledgeBase, 'id' | 'name'>) => b.name || m.knowledge_base_unnamed({ id: String(b.id) });
