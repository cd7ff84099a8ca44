import { describe, expect, it } from 'vitest';
import { callSchema } from '@contract/call';
import { assistantSchema } from '@contract/assistant';
import { leadSchema } from '@contract/lead';
import { listOf, phoneNumberSchema, voiceSchema } from '@contract/lookups';
import { paginatedSchema } from '@contract/pagination';
import { createApiClient } from './client';
import { jsonResponse } from '@/test/render';

/*
 * What the hosted service really sends (shared/spec/hosted-quirks.md), through the client and the
 * contract's lenient schemas: nothing crashes, nothing is lost.
 */
function clientAnswering(body: unknown) {
  return createApiClient({
    fetch: (async () => jsonResponse(body)) as unknown as typeof fetch,
    getSession: () => ({ token: 't0ken', host: null, remember: false, startedAt: '' }),
  });
}

const hostedCall = {
  id: '1234569',
  assistant_name: 'Front desk',
  campaign_name: null,
  type: 'outbound',
  duration: '83',
  assistant_phone_number: '+4930123456',
  client_phone_number: null,
  status: 'voicemail-detected',
  transcript: [
    { text: 'Hello, this is Anna.', type: 'text', sender: 'bot', timestamp: 1700000000 },
    { text: 'Hi!', type: 'text', sender: 'human', timestamp: '2024-01-01 10:00:01' },
  ],
  variables: [],
  evaluation: [{ name: 'interested', value: true }],
  webhook_response: null,
  carrier_cost: '0.08000000',
  total_cost: 0.12,
  answered_by: null,
  recording_url: null,
  created_at: '2024-01-01 10:00:00',
  updated_at: '2024-01-01T10:01:23.000000Z',
  brand_new_field: { kept: true },
};

describe('lenient parsing of the hosted quirks', () => {
  it('a paginated call list with numbers as strings, [] for objects, nulls, an unknown status, extra fields', async () => {
    const page = {
      current_page: '1',
      data: [hostedCall, { ...hostedCall, id: 7, transcript: 'AI: Hello\nUser: Hi', carrier_cost: 0.05, total_cost: '1.5', status: 'completed' }],
      first_page_url: 'https://host/api/user/calls?page=1',
      from: 1,
      last_page: '3',
      last_page_url: 'https://host/api/user/calls?page=3',
      links: [{ url: null, label: '&laquo; Previous', active: false }],
      next_page_url: 'https://host/api/user/calls?page=2',
      path: 'https://host/api/user/calls',
      per_page: '15',
      prev_page_url: null,
      to: 2,
      total: '31',
    };
    const result = await clientAnswering(page).get('/user/calls', paginatedSchema(callSchema));
    expect(result).toMatchObject({ current_page: 1, last_page: 3, per_page: 15, total: 31 });
    const [first, second] = result.data;
    expect(first).toMatchObject({
      id: 1234569,
      duration: 83,
      carrier_cost: 0.08,
      total_cost: 0.12,
      status: 'voicemail-detected',
      variables: {},
      client_phone_number: null,
      answered_by: null,
      campaign_name: null,
    });
    expect(first!.transcript).toEqual(hostedCall.transcript);
    expect(first!.evaluation).toEqual([{ name: 'interested', value: true }]);
    expect((first as Record<string, unknown>).brand_new_field).toEqual({ kept: true });
    expect(second).toMatchObject({ id: 7, transcript: 'AI: Hello\nUser: Hi', carrier_cost: 0.05, total_cost: 1.5 });
  });

  it('an assistant with 0/1 booleans, numeric strings and built-in tools', async () => {
    const hosted = {
      id: 12,
      user_id: '3',
      phone_number_id: null,
      voice_id: '44',
      name: 'Front desk',
      variables: [],
      post_call_evaluation: 1,
      fillers: 0,
      post_call_schema: [{ name: 'interested', type: 'boolean', description: '' }],
      tools: [{ type: 'end_call', data: { description: 'End when done' } }, { id: 5, name: 'lookup_order' }],
      is_webhook_active: '1',
      webhook_url: null,
      inbound_webhook_url: null,
      language: 'English',
      type: 'inbound',
      status: 'paused-by-billing',
      max_duration: '600',
      record: true,
      end_call_on_voicemail: 1,
      llm_temperature: '0.30',
      voice_stability: '0.5',
      voice_similarity: '0.75',
      speech_speed: '1.00',
      allow_interruptions: 0,
      enable_noise_cancellation: 'true',
      endpoint_sensitivity: 2.5,
      interrupt_sensitivity: '2.5',
      mode: 'pipeline',
      language_id: '1',
      llm_model_id: 2,
      ambient_sound_volume: '0.20',
      filler_config: { neutral: ['hm'], negative: [], positive: [], question: [] },
      min_interrupt_words: '2',
      initial_message: null,
      system_prompt: 'You answer the phone.',
      timezone: 'Europe/Berlin',
      created_at: '2024-01-01T10:00:00.000000Z',
      updated_at: '2024-01-01T10:00:00Z',
      max_silence_duration: '15',
      reengagement_interval: 30,
      endpoint_type: 'vad',
      wait_for_customer: '0',
      ambient_sound: null,
      uuid: '7b0d1c1e-3c1f-4f55-9c3a-2a8d3f7e9a10',
      send_webhook_only_on_completed: 1,
      include_recording_in_webhook: false,
    };
    const a = assistantSchema.parse(hosted);
    expect(a).toMatchObject({
      user_id: 3,
      voice_id: 44,
      variables: {},
      post_call_evaluation: true,
      fillers: false,
      is_webhook_active: true,
      end_call_on_voicemail: true,
      allow_interruptions: false,
      enable_noise_cancellation: true,
      llm_temperature: 0.3,
      speech_speed: 1,
      ambient_sound_volume: 0.2,
      min_interrupt_words: 2,
      status: 'paused-by-billing',
      send_webhook_only_on_completed: true,
      wait_for_customer: false,
      max_silence_duration: 15,
    });
    expect(a.tools).toHaveLength(2);
    expect(a.post_call_schema[0]!.type).toBe('boolean');
  });

  it('lookups as bare arrays or wrapped in {data}', async () => {
    const numbers = [{ id: '1', phone_number: '+4930123456', country_code: 'DE', type_label: 'Caller ID', is_available: 0 }];
    await expect(clientAnswering(numbers).get('/user/assistants/phone-numbers', listOf(phoneNumberSchema))).resolves.toEqual([
      { id: 1, phone_number: '+4930123456', country_code: 'DE', type_label: 'Caller ID', is_available: false },
    ]);
    const wrapped = { data: [{ id: 3, name: 'Anna', mode: 'speech-to-speech' }] };
    await expect(clientAnswering(wrapped).get('/user/assistants/voices', listOf(voiceSchema))).resolves.toMatchObject([
      { id: 3, name: 'Anna', mode: 'speech-to-speech', language_id: null, gender: null },
    ]);
  });

  it('a lead with [] variables and a null campaign', () => {
    const lead = leadSchema.parse({ id: '9', campaign_id: '2', phone_number: '+4915112345678', variables: [], status: 'queued', created_at: '2024-01-01 10:00:00', updated_at: null, campaign: null });
    expect(lead).toMatchObject({ id: 9, campaign_id: 2, variables: {}, status: 'queued', campaign: null, secondary_contacts: [] });
  });
});
