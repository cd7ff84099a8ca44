import { z } from 'zod';
import {
  TOOL_LIMITS,
  TOOL_METHODS,
  laravelErrorMap,
  updateToolRequest,
  type CreateToolRequest,
  type Tool,
  type UpdateToolRequest,
} from '../../../../contract';

/*
 * The tool form's schema: the contract's request fields, so bounds and messages are the service's own.
 * While the timeout is empty the form holds null, which the schema refuses as "required".
 */
const f = updateToolRequest.shape;

export const toolFormSchema = z.object({
  name: f.name.unwrap(),
  description: f.description.unwrap(),
  endpoint: f.endpoint.unwrap(),
  method: f.method.unwrap(),
  timeout: f.timeout.unwrap(),
  headers: f.headers.unwrap(),
  schema: f.schema.unwrap(),
});
export type ToolFormOutput = z.output<typeof toolFormSchema>;

export interface ToolFormValues {
  name: string;
  description: string;
  endpoint: string;
  method: (typeof TOOL_METHODS)[number];
  timeout: number | null;
  headers: { name: string; value: string }[];
  schema: { name: string; type: string; description: string }[];
}

export function parseToolForm(values: unknown) {
  return toolFormSchema.safeParse(values, { error: laravelErrorMap });
}

export function emptyToolForm(): ToolFormValues {
  return {
    name: '',
    description: '',
    endpoint: '',
    method: 'POST',
    timeout: TOOL_LIMITS.timeoutDefault,
    headers: [],
    schema: [],
  };
}

export function toolToForm(tool: Tool): ToolFormValues {
  const method = (TOOL_METHODS as readonly string[]).includes(tool.method.toUpperCase())
    ? (tool.method.toUpperCase() as ToolFormValues['method'])
    : 'POST';
  return {
    name: tool.name,
    description: tool.description,
    endpoint: tool.endpoint,
    method,
    timeout: tool.timeout ?? TOOL_LIMITS.timeoutDefault,
    headers: tool.headers.map((h) => ({ name: h.name, value: h.value })),
    schema: tool.schema.map((p) => ({ name: p.name, type: p.type, description: p.description })),
  };
}

export function formToCreateToolRequest(v: ToolFormOutput): CreateToolRequest {
  return { ...v };
}

/** Only the fields that differ from what was loaded. */
export function formToUpdateToolRequest(initial: ToolFormValues, current: ToolFormOutput): UpdateToolRequest {
  const out: UpdateToolRequest = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(initial.name, current.name)) out.name = current.name;
  if (!same(initial.description, current.description)) out.description = current.description;
  if (!same(initial.endpoint, current.endpoint)) out.endpoint = current.endpoint;
  if (!same(initial.method, current.method)) out.method = current.method;
  if (!same(initial.timeout, current.timeout)) out.timeout = current.timeout;
  if (!same(initial.headers, current.headers)) out.headers = current.headers;
  if (!same(initial.schema, current.schema)) out.schema = current.schema;
  return out;
}
