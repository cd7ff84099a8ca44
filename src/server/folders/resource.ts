import type { AssistantGroupRow } from '../db/schema';
import { isoMicros } from '../db/time';

/** A folder or label as the API shows it, with how many live assistants it holds. */
export function groupResource(row: AssistantGroupRow, assistantsCount: number) {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    assistants_count: assistantsCount,
    created_at: isoMicros(row.created_at),
    updated_at: isoMicros(row.updated_at),
  };
}
export type GroupResource = ReturnType<typeof groupResource>;
