import { describe, expect, it } from 'vitest';
import { ASSISTANT_BOUNDS, createAssistantRequest, toFieldErrors } from '@contract';
import { emptyAssistantForm, parseAssistantForm, type AssistantFormValues } from './form-schema';
import { chosenAssistantForm } from './form-fixtures';
import { formToCreateRequest } from './form-values';

/** A form a person could send: every required field chosen. */
const validForm = (overrides: Partial<AssistantFormValues> = {}) => chosenAssistantForm('Europe/Berlin', overrides);

function errorsOf(values: AssistantFormValues): Record<string, string[]> {
  const result = parseAssistantForm(values);
  return result.success ? {} : toFieldErrors(result.error);
}

const B = ASSISTANT_BOUNDS;

/** The numeric fields and their bounds, as the contract states them. */
const numericBounds = [
  ['speech_speed', B.speech_speed],
  ['voice_stability', B.voice_stability],
  ['voice_similarity', B.voice_similarity],
  ['llm_temperature', B.llm_temperature],
  ['endpoint_sensitivity', B.endpoint_sensitivity],
  ['interrupt_sensitivity', B.interrupt_sensitivity],
  ['ambient_sound_volume', B.ambient_sound_volume],
  ['max_silence_duration', B.max_silence_duration],
  ['re_engagement_interval', B.re_engagement_interval],
  ['max_call_duration', B.max_call_duration],
  ['min_interrupt_words', B.min_interrupt_words],
] as const;

describe('assistant form schema', () => {
  it('takes a complete form, and what it gives the create request passes the contract', () => {
    const result = parseAssistantForm(validForm());
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(createAssistantRequest.safeParse(formToCreateRequest(result.data)).success).toBe(true);
  });

  it('names every required field with the service’s own sentence', () => {
    const errors = errorsOf(emptyAssistantForm('UTC'));
    expect(errors).toMatchObject({
      assistant_name: ['The assistant name field is required.'],
      voice_id: ['The voice id field is required.'],
      language: ['The language field is required.'],
      llm_model: ['The llm model field is required.'],
      system_prompt: ['The system prompt field is required.'],
    });
  });

  describe.each(numericBounds)('%s', (name, bound) => {
    const step = 'step' in bound ? bound.step : 1;
    const value = (v: number) => validForm({ [name]: v } as Partial<AssistantFormValues>);

    it(`takes the bounds ${bound.min} and ${bound.max}`, () => {
      expect(errorsOf(value(bound.min))[name]).toBeUndefined();
      expect(errorsOf(value(bound.max))[name]).toBeUndefined();
    });

    it(`refuses one step outside, below ${bound.min} and above ${bound.max}`, () => {
      const field = name.replace(/_/g, ' ');
      const below = Math.round((bound.min - step) * 100) / 100;
      const above = Math.round((bound.max + step) * 100) / 100;
      expect(errorsOf(value(below))[name]).toEqual([`The ${field} field must be at least ${bound.min}.`]);
      expect(errorsOf(value(above))[name]).toEqual([`The ${field} field must not be greater than ${bound.max}.`]);
    });

    it('calls an emptied input required', () => {
      expect(errorsOf(value(null as unknown as number))[name]?.[0]).toMatch(/field is required\.$/);
    });
  });

  it.each([
    ['assistant_name', B.assistant_name.max],
    ['initial_message', B.initial_message.max],
    ['system_prompt', B.system_prompt.max],
  ] as const)('%s takes %i characters and refuses one more', (name, max) => {
    expect(errorsOf(validForm({ [name]: 'a'.repeat(max) }))[name]).toBeUndefined();
    expect(errorsOf(validForm({ [name]: 'a'.repeat(max + 1) }))[name]).toEqual([
      `The ${name.replace(/_/g, ' ')} field must not be greater than ${max} characters.`,
    ]);
  });

  it(`end-call description takes ${B.end_call_tool_description.max} characters and refuses one more`, () => {
    const max = B.end_call_tool_description.max;
    expect(errorsOf(validForm({ end_call_tool: { description: 'a'.repeat(max) } }))['end_call_tool.description']).toBeUndefined();
    expect(errorsOf(validForm({ end_call_tool: { description: 'a'.repeat(max + 1) } }))['end_call_tool.description']).toEqual([
      `The end call tool.description field must not be greater than ${max} characters.`,
    ]);
  });

  it('post-call rows: names and descriptions at their bounds, rows up to the maximum', () => {
    const { nameMax, descriptionMax, maxRows } = B.post_call_schema;
    const row = (name: string, description = '') => ({ name, type: 'string', description });
    expect(errorsOf(validForm({ post_call_schema: [row('n'.repeat(nameMax), 'd'.repeat(descriptionMax))] }))).toEqual({});
    const errors = errorsOf(validForm({ post_call_schema: [row('n'.repeat(nameMax + 1), 'd'.repeat(descriptionMax + 1))] }));
    expect(Object.keys(errors).sort()).toEqual(['post_call_schema.0.description', 'post_call_schema.0.name']);
    expect(errorsOf(validForm({ post_call_schema: [row('')] }))['post_call_schema.0.name']).toEqual([
      'The post call schema.0.name field is required.',
    ]);
    expect(errorsOf(validForm({ post_call_schema: Array.from({ length: maxRows }, (_, i) => row(`f${i}`)) }))).toEqual({});
    expect(errorsOf(validForm({ post_call_schema: Array.from({ length: maxRows + 1 }, (_, i) => row(`f${i}`)) })).post_call_schema).toEqual([
      `The post call schema field must not have more than ${maxRows} items.`,
    ]);
  });

  it('post-call types: only the contract’s', () => {
    expect(errorsOf(validForm({ post_call_schema: [{ name: 'x', type: 'boolean', description: '' }] }))['post_call_schema.0.type']).toEqual([
      'The selected post call schema.0.type is invalid.',
    ]);
  });

  it('variables: up to the maximum of keys, keys required and unique', () => {
    const max = B.variables.maxKeys;
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    expect(errorsOf(validForm({ variables: rows(max) }))).toEqual({});
    expect(errorsOf(validForm({ variables: rows(max + 1) })).variables).toEqual([
      `The variables field must not have more than ${max} items.`,
    ]);
    expect(errorsOf(validForm({ variables: [{ key: ' ', value: 'x' }] }))['variables.0.key']).toEqual([
      'The variables.0.key field is required.',
    ]);
    expect(
      errorsOf(validForm({ variables: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] }))['variables.1.key']?.[0],
    ).toMatch(/already used in row 1/);
  });

  it('webhook: a live one needs a URL, said together with other mistakes', () => {
    const errors = errorsOf(validForm({ is_webhook_active: true, webhook_url: '', assistant_name: '' }));
    expect(errors.webhook_url).toEqual(['The webhook url field is required when is webhook active is true.']);
    expect(errors.assistant_name).toEqual(['The assistant name field is required.']);
    expect(errorsOf(validForm({ webhook_url: 'ftp://example.com' })).webhook_url).toEqual([
      'The webhook url field must be a valid URL.',
    ]);
    expect(errorsOf(validForm({ is_webhook_active: true, webhook_url: 'https://example.com/hook' }))).toEqual({});
  });

  it('time zone: an IANA name', () => {
    expect(errorsOf(validForm({ timezone: 'America/New_York' })).timezone).toBeUndefined();
    expect(errorsOf(validForm({ timezone: 'Mars/Olympus' })).timezone).toEqual(['The timezone field must be a valid timezone.']);
  });
});
