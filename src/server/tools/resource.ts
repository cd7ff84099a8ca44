import type { ToolRow } from '../db/schema';
import { isoMicros } from '../db/time';

/** A mid-call tool as the API shows it. */
export function toolResource(row: ToolRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    endpoint: row.endpoint,
    method: row.method,
    timeout: row.timeout,
    headers: row.headers,
    schema: row.schema,
    created_at: isoMicros(row.created_at),
    updated_at: isoMicros(row.updated_at),
  };
}
