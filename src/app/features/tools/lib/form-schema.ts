import { z } from 'zod';
import {
  TOOL_LIMITS,
  TOOL_METHODS,
  attributeName,
  updateToolRequest,
  type CreateToolRequest,
  type Tool,
  type UpdateToolRequest,
} from '@contract';
import { currentLocale, m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

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

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** A bound as the sentence says it: no grouping, so "255" reads the same as the service's message. */
const bound = (v: unknown) => formatNumber(Number(v), { useGrouping: false });

/** The tool form's fields as the form labels them. */
const FIELD_LABELS: Record<keyof ToolFormValues, () => string> = {
  name: m.common_name,
  description: m.tools_description_label,
  endpoint: m.tools_endpoint_label,
  method: m.tools_method_label,
  timeout: m.tools_timeout_label,
  headers: m.tools_headers_heading,
  schema: m.tools_params_heading,
};

/**
 * The field a message is about. In English the service's own attribute ("headers.0.name"), so the sentence
 * is word for word the one its 422 would carry; in another language the field's label as the form shows it.
 */
function fieldLabel(path: readonly PropertyKey[]): string {
  if (currentLocale() === 'en') return attributeName(path);
  const [top, index, key] = path;
  const number = typeof index === 'number' ? formatNumber(index + 1) : null;
  if (top === 'headers' && number !== null) {
    return key === 'value' ? m.tools_header_value_aria({ number }) : m.tools_header_name_aria({ number });
  }
  if (top === 'schema' && number !== null) {
    if (key === 'type') return m.tools_param_type_aria({ number });
    if (key === 'description') return m.tools_param_description_aria({ number });
    return m.tools_param_name_aria({ number });
  }
  const label = typeof top === 'string' && Object.hasOwn(FIELD_LABELS, top) ? FIELD_LABELS[top as keyof ToolFormValues] : undefined;
  return label ? label() : attributeName(path);
}

/**
 * The tool form's validation messages, from the catalogs at validation time: in English the service's
 * Laravel sentences (as the contract's laravelErrorMap words them), in German their German form.
 */
export const toolErrorMap: z.core.$ZodErrorMap = (issue: Issue) => {
  const field = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return m.tools_validation_required({ field });
      if (issue.expected === 'int') return m.tools_validation_integer({ field });
      if (issue.expected === 'number') return m.tools_validation_number({ field });
      if (issue.expected === 'string') return m.tools_validation_string({ field });
      return m.tools_validation_invalid({ field });
    case 'too_small':
      if (issue.origin === 'string') {
        if (Number(issue.minimum) <= 1) return m.tools_validation_required({ field });
        return m.tools_validation_min_chars({ field, min: bound(issue.minimum) });
      }
      if (issue.origin === 'array') return m.tools_validation_min_items({ field, min: bound(issue.minimum) });
      return m.tools_validation_min({ field, min: bound(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return m.tools_validation_max_chars({ field, max: bound(issue.maximum) });
      if (issue.origin === 'array') return m.tools_validation_max_items({ field, max: bound(issue.maximum) });
      return m.tools_validation_max({ field, max: bound(issue.maximum) });
    case 'invalid_value':
      if (issue.input === undefined) return m.tools_validation_required({ field });
      return m.tools_validation_selected({ field });
    case 'invalid_format':
      if (issue.format === 'url') return m.tools_validation_url({ field });
      return m.tools_validation_format({ field });
    case 'invalid_union':
      return m.tools_validation_invalid({ field });
    default:
      return undefined;
  }
};

export function parseToolForm(values: unknown) {
  return toolFormSchema.safeParse(values, { error: toolErrorMap });
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
