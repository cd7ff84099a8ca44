import { describe, expect, it } from 'vitest';
import { assistantSchema, type Assistant } from '@contract';
import { parseAssistantForm, type AssistantFormOutput, type AssistantFormValues } from './form-schema';
import { assistantToForm, duplicateToForm, formToCreateRequest, formToUpdateRequest, rowsToVariables } from './form-values';

const lookups = {
  languages: [
    { id: 1, name: 'English', iso_2: 'en' },
    { id: 2, name: 'German', iso_2: 'de' },
  ],
  models: [
    { id: 10, name: 'gpt-4o-mini' },
    { id: 11, name: 'gpt-4o' },
  ],
};

/** A record as the hosted service might send it: numbers as strings, 0/1 booleans, a built-in tool. */
function record(overrides: Record<string, unknown> = {}): Assistant {
  return assistantSchema.parse({
    id: 7,
    user_id: 1,
    phone_number_id: 3,
    voice_id: 5,
    name: 'Front desk',
    variables: { company: 'Acme', seats: 12, vip: true },
    post_call_evaluation: 1,
    fillers: 0,
    post_call_schema: [{ name: 'ok', type: 'boolean', description: 'Did it work' }],
    tools: [
      { id: 4, name: 'lookup_order', description: 'x', endpoint: 'https://e.x', method: 'GET', timeout: 10, headers: [], schema: [] },
      { id: 9, name: 'book_slot' },
      { type: 'end_call', data: { description: 'Hang up after goodbye.' } },
    ],
    is_webhook_active: true,
    webhook_url: 'https://example.com/hook',
    inbound_webhook_url: null,
    language: 'german',
    type: 'inbound',
    status: 'active',
    max_duration: 900,
    record: true,
    initial_message: 'Hello',
    system_prompt: 'Be kind.',
    timezone: 'Europe/Berlin',
    created_at: '2026-01-01T00:00:00.000000Z',
    updated_at: '2026-01-02T00:00:00.000000Z',
    max_silence_duration: '20',
    reengagement_interval: 45,
    end_call_on_voicemail: 1,
    llm_temperature: '0.40',
    voice_stability: '0.50',
    voice_similarity: '0.75',
    speech_speed: '1.10',
    allow_interruptions: true,
    enable_noise_cancellation: false,
    endpoint_sensitivity: 3,
    interrupt_sensitivity: '2.5',
    endpoint_type: 'ai',
    wait_for_customer: true,
    mode: 'pipeline',
    language_id: 2,
    llm_model_id: 11,
    ambient_sound: 'office',
    ambient_sound_volume: '0.30',
    uuid: 'u',
    send_webhook_only_on_completed: false,
    include_recording_in_webhook: true,
    filler_config: null,
    min_interrupt_words: 2,
    ...overrides,
  });
}

function output(values: AssistantFormValues): AssistantFormOutput {
  const result = parseAssistantForm(values);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

describe('assistantToForm', () => {
  it('reads a record with the hosted service’s quirks into the form', () => {
    const v = assistantToForm(record(), lookups);
    expect(v).toMatchObject({
      assistant_name: 'Front desk',
      calls_direction: 'receive',
      engine_type: 'pipeline',
      language: 'German',
      llm_model: 'gpt-4o',
      llm_temperature: 0.4,
      speech_speed: 1.1,
      max_silence_duration: 20,
      re_engagement_interval: 45,
      max_call_duration: 900,
      who_speaks_first: 'Customer',
      use_min_interrupt_words: true,
      min_interrupt_words: 2,
      end_call_on_voicemail: true,
      filler_audios: false,
      tool_ids: [4, 9],
      end_call_tool: { description: 'Hang up after goodbye.' },
      post_call_schema: [{ name: 'ok', type: 'bool', description: 'Did it work' }],
      variables: [
        { key: 'company', value: 'Acme' },
        { key: 'seats', value: '12' },
        { key: 'vip', value: 'true' },
      ],
    });
    expect(parseAssistantForm(v).success).toBe(true);
  });

  it('a duplicate is a copy without the inbound number', () => {
    const v = duplicateToForm(record(), lookups);
    expect(v.assistant_name).toBe('Front desk (copy)');
    expect(v.phone_number_id).toBeNull();
    expect(v.tool_ids).toEqual([4, 9]);
    expect(duplicateToForm(record({ type: 'outbound' }), lookups).phone_number_id).toBe(3);
  });
});

describe('requests', () => {
  it('create: the end-call description under its dotted key, no number when none', () => {
    const v = assistantToForm(record({ phone_number_id: null }), lookups);
    const body = formToCreateRequest(output(v));
    expect(body['end_call_tool.description']).toBe('Hang up after goodbye.');
    expect('phone_number_id' in body).toBe(false);
    expect(body.variables).toEqual({ company: 'Acme', seats: '12', vip: 'true' });
  });

  it('update: nothing changed sends nothing', () => {
    const r = record();
    const v = assistantToForm(r, lookups);
    expect(formToUpdateRequest(v, output(v), r.variables)).toEqual({});
  });

  it('update: only what changed, with the fields that belong with it', () => {
    const r = record();
    const initial = assistantToForm(r, lookups);
    const changed = output({
      ...initial,
      tool_ids: [4],
      llm_temperature: 0.5,
      webhook_url: 'https://example.com/new',
      variables: [...initial.variables, { key: 'extra', value: 'x' }],
    });
    expect(formToUpdateRequest(initial, changed, r.variables)).toEqual({
      tool_ids: [4],
      llm_temperature: 0.5,
      is_webhook_active: true,
      webhook_url: 'https://example.com/new',
      // Untouched values keep their types.
      variables: { company: 'Acme', seats: 12, vip: true, extra: 'x' },
    });
  });

  it('update: a new direction sends the number, a new mode the voice', () => {
    const r = record();
    const initial = assistantToForm(r, lookups);
    expect(formToUpdateRequest(initial, output({ ...initial, calls_direction: 'make' }), r.variables)).toEqual({
      calls_direction: 'make',
      phone_number_id: 3,
    });
    expect(formToUpdateRequest(initial, output({ ...initial, engine_type: 'multimodal' }), r.variables)).toEqual({
      engine_type: 'multimodal',
      voice_id: 5,
    });
  });

  it('update: clearing the end-call description sends null', () => {
    const r = record();
    const initial = assistantToForm(r, lookups);
    expect(formToUpdateRequest(initial, output({ ...initial, end_call_tool: { description: '' } }), r.variables)).toEqual({
      'end_call_tool.description': null,
    });
  });

  it('rowsToVariables skips empty keys and keeps the last of a key', () => {
    expect(rowsToVariables([{ key: ' a ', value: '1' }, { key: '', value: 'x' }])).toEqual({ a: '1' });
  });
});

describe('filler phrases (filler_config)', () => {
  it('reads each kind’s list as lines, and sends the lines as lists without blanks', () => {
    const r = record({ fillers: 1, filler_config: { neutral: ['One moment.', 'Let me see.'], question: [], positive: null, negative: ['I understand.'] } });
    const form = assistantToForm(r, lookups);
    expect(form.filler_config).toEqual({ neutral: 'One moment.\nLet me see.', question: '', positive: '', negative: 'I understand.' });
    const edited = output({ ...form, filler_config: { ...form.filler_config, question: '  Good question.  \n\n Let me check. ' } });
    expect(formToUpdateRequest(form, edited, r.variables)).toEqual({
      filler_config: { neutral: ['One moment.', 'Let me see.'], question: ['Good question.', 'Let me check.'], positive: [], negative: ['I understand.'] },
    });
  });

  it('a blank line or a trailing space is no change', () => {
    const r = record({ filler_config: { neutral: ['One moment.'] } });
    const form = assistantToForm(r, lookups);
    expect(formToUpdateRequest(form, output({ ...form, filler_config: { ...form.filler_config, neutral: 'One moment.  \n\n' } }), r.variables)).toEqual({});
  });

  it('refuses more than 20 phrases or a phrase over 200 characters, on that kind’s box', () => {
    const form = assistantToForm(record(), lookups);
    const tooMany = parseAssistantForm({ ...form, filler_config: { ...form.filler_config, neutral: Array.from({ length: 21 }, (_, i) => `p${i}`).join('\n') } });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['filler_config.neutral', 'At most 20 phrases per kind.']]);
    const tooLong = parseAssistantForm({ ...form, filler_config: { ...form.filler_config, question: `ok\n${'x'.repeat(201)}` } });
    expect(tooLong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['filler_config.question', 'Phrase 2 is longer than 200 characters.']]);
  });
});
