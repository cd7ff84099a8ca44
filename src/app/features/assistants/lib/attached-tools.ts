import type { AssistantToolItem } from '@contract';

/*
 * Its own module: the assistants list counts attached tools (format.ts) and would otherwise load the
 * form's value mapping and schema with it.
 */

/** An attached mid-call tool in an assistant's `tools` (built-in tools are `{type, data}` items without an id). */
export function isAttachedTool(item: AssistantToolItem): item is AssistantToolItem & { id: number } {
  return typeof item.id === 'number' && item.data === undefined && (item.type === undefined || item.type === null);
}
