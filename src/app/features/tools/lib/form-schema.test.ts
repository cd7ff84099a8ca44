import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/paraglide/runtime.js';
import { TOOL_LIMITS, createToolRequest, toFieldErrors, toolSchema } from '@contract';
import { emptyToolForm, formToUpdateToolRequest, parseToolForm, toolToForm, type ToolFormValues } from './form-schema';

function valid(overrides: Partial<ToolFormValues> = {}): ToolFormValues {
  return {
    ...emptyToolForm(),
    name: 'check_order',
    description: 'Looks up an order.',
    endpoint: 'https://api.example.com/orders',
    ...overrides,
  };
}

function errorsOf(v: ToolFormValues) {
  const r = parseToolForm(v);
  return r.success ? {} : toFieldErrors(r.error);
}

describe('tool form schema', () => {
  it('a complete form passes, and what it gives passes the create request', () => {
    const r = parseToolForm(valid({ headers: [{ name: 'X-Key', value: 's3cret' }], schema: [{ name: 'order_id', type: 'string', description: '' }] }));
    expect(r.success).toBe(true);
    if (r.success) expect(createToolRequest.safeParse(r.data).success).toBe(true);
  });

  it('defaults: timeout 10, no headers, no parameters', () => {
    expect(emptyToolForm()).toMatchObject({ timeout: TOOL_LIMITS.timeoutDefault, headers: [], schema: [] });
  });

  it(`timeout takes ${TOOL_LIMITS.timeoutMin} and ${TOOL_LIMITS.timeoutMax}, refuses one outside, calls empty required`, () => {
    expect(errorsOf(valid({ timeout: TOOL_LIMITS.timeoutMin }))).toEqual({});
    expect(errorsOf(valid({ timeout: TOOL_LIMITS.timeoutMax }))).toEqual({});
    expect(errorsOf(valid({ timeout: TOOL_LIMITS.timeoutMin - 1 })).timeout).toEqual([`The timeout field must be at least ${TOOL_LIMITS.timeoutMin}.`]);
    expect(errorsOf(valid({ timeout: TOOL_LIMITS.timeoutMax + 1 })).timeout).toEqual([`The timeout field must not be greater than ${TOOL_LIMITS.timeoutMax}.`]);
    expect(errorsOf(valid({ timeout: null })).timeout).toEqual(['The timeout field is required.']);
    expect(errorsOf(valid({ timeout: 2.5 })).timeout).toBeDefined();
  });

  it(`description takes ${TOOL_LIMITS.descriptionMax} characters and refuses one more`, () => {
    expect(errorsOf(valid({ description: 'd'.repeat(TOOL_LIMITS.descriptionMax) }))).toEqual({});
    expect(errorsOf(valid({ description: 'd'.repeat(TOOL_LIMITS.descriptionMax + 1) })).description).toEqual([
      `The description field must not be greater than ${TOOL_LIMITS.descriptionMax} characters.`,
    ]);
  });

  it('name: the pattern, with the service’s message', () => {
    expect(errorsOf(valid({ name: 'Check-Order' })).name).toEqual(['The name field format is invalid.']);
    expect(errorsOf(valid({ name: 'x'.repeat(TOOL_LIMITS.nameMax + 1) })).name).toBeDefined();
  });

  it('endpoint: an http(s) URL', () => {
    expect(errorsOf(valid({ endpoint: 'not a url' })).endpoint).toEqual(['The endpoint field must be a valid URL.']);
    expect(errorsOf(valid({ endpoint: 'ftp://example.com' })).endpoint).toEqual(['The endpoint field must be a valid URL.']);
  });

  it(`parameter names: ${TOOL_LIMITS.paramNameMin} to ${TOOL_LIMITS.paramNameMax} characters, types from the contract`, () => {
    const p = (name: string, type = 'string') => ({ name, type, description: '' });
    expect(errorsOf(valid({ schema: [p('ab'), p('x'.repeat(TOOL_LIMITS.paramNameMax), 'boolean')] }))).toEqual({});
    const errors = errorsOf(valid({ schema: [p('a'), p('x'.repeat(TOOL_LIMITS.paramNameMax + 1)), p('ok', 'date')] }));
    expect(Object.keys(errors).sort()).toEqual(['schema.0.name', 'schema.1.name', 'schema.2.type']);
  });

  it('update sends only what changed', () => {
    const tool = toolSchema.parse({
      id: 1,
      name: 'check_order',
      description: 'Looks up an order.',
      endpoint: 'https://api.example.com/orders',
      method: 'get',
      timeout: '10',
      headers: [{ name: 'X-Key', value: 'k' }],
      schema: [],
      created_at: null,
      updated_at: null,
    });
    const initial = toolToForm(tool);
    expect(initial.method).toBe('GET');
    const r = parseToolForm({ ...initial, timeout: 20, headers: [] });
    expect(r.success).toBe(true);
    if (r.success) expect(formToUpdateToolRequest(initial, r.data)).toEqual({ timeout: 20, headers: [] });
  });
});

describe('tool form schema in German', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('says what is wrong in German, naming the field as the form labels it', () => {
    void setLocale('de', { reload: false });
    expect(errorsOf(valid({ timeout: null })).timeout).toEqual(['Das Feld „Timeout“ ist erforderlich.']);
    expect(errorsOf(valid({ endpoint: 'not a url' })).endpoint).toEqual(['Das Feld „Endpunkt-URL“ muss eine gültige URL sein.']);
    expect(errorsOf(valid({ schema: [{ name: 'a', type: 'string', description: '' }] }))['schema.0.name']).toEqual([
      `Das Feld „Name von Parameter 1“ muss mindestens ${TOOL_LIMITS.paramNameMin} Zeichen lang sein.`,
    ]);
  });
});
