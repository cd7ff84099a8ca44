import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assistantSchema, paginatedSchema, type Assistant } from '@contract';
import { allFieldsVariants, checkRandomLists, checkRandomVariants, numbered, renderInConsole, singleFieldVariants, stubWideScreen, variantsQueryClient, type JsonRecord } from '@/test/variants';
import { lookupKeys } from '@/api/query-keys';
import { assistantToForm } from '../lib/form-values';
import { AssistantForm } from './assistant-form';
import { AssistantsTable } from './assistants-table';

/** An assistant as the hosted list sends it, every field filled. */
const FULL: JsonRecord = {
  id: 4101,
  user_id: 77,
  phone_number_id: 9301,
  voice_id: 512,
  name: 'Harbor Dental Reception',
  variables: { clinic: 'Harbor' },
  post_call_evaluation: true,
  fillers: 1,
  post_call_schema: [{ name: 'wants_appointment', type: 'boolean', description: 'Asked for an appointment?' }],
  tools: [
    { id: 601, name: 'check_hours', description: 'Opening hours', endpoint: 'https://hooks.example/h', method: 'GET', timeout: 10, headers: [], schema: [] },
    { type: 'end_call', data: { description: 'End after goodbye.' } },
  ],
  is_webhook_active: true,
  webhook_url: 'https://hooks.example/post-call',
  inbound_webhook_url: 'https://hooks.example/inbound',
  language: 'English',
  type: 'inbound',
  status: 'active',
  max_duration: 900,
  record: true,
  initial_message: 'Harbor Dental, how can I help?',
  system_prompt: 'You answer the phone for a dental practice.',
  timezone: 'Europe/Berlin',
  created_at: '2025-09-02T08:15:00.000000Z',
  updated_at: '2025-10-11 16:40:12',
  max_silence_duration: 4,
  reengagement_interval: 6,
  end_call_on_voicemail: 0,
  llm_temperature: '0.40',
  voice_stability: '0.75',
  voice_similarity: '0.80',
  allow_interruptions: true,
  enable_noise_cancellation: true,
  endpoint_sensitivity: 0.5,
  speech_speed: '1.05',
  endpoint_type: 'ai',
  wait_for_customer: false,
  mode: 'pipeline',
  language_id: 1,
  llm_model_id: 10,
  multimodal_model_id: null,
  ambient_sound: 'office',
  uuid: '7f1e2b40-0c1d-4c55-9d0e-3a8b7d1f4e21',
  send_webhook_only_on_completed: false,
  include_recording_in_webhook: true,
  interrupt_sensitivity: 0.4,
  filler_config: { enabled: true },
  min_interrupt_words: 2,
  ambient_sound_volume: '0.20',
};

const parse = (records: JsonRecord[]): Assistant[] => records.map((r) => assistantSchema.parse(r));
const displayName = (a: Assistant) => a.name || `Assistant ${a.id}`;

const LANGUAGES = [{ id: 1, name: 'English', iso_2: 'en' }];
const MODELS = [{ id: 10, name: 'gpt-4o-mini' }];

function seeded() {
  const qc = variantsQueryClient();
  const voices = [
    { id: 512, name: 'Marlene', mode: 'pipeline' },
    { id: 513, name: 'Jonas', mode: '' },
  ];
  qc.setQueryData(lookupKeys.voices(undefined), voices);
  qc.setQueryData(lookupKeys.voices('pipeline'), [voices[0]]);
  qc.setQueryData(lookupKeys.voices('multimodal'), []);
  const numbers = [{ id: 9301, phone_number: '+4940555010', country_code: 'DE', type_label: 'Normal', is_available: true }];
  qc.setQueryData(lookupKeys.phoneNumbers(undefined), numbers);
  qc.setQueryData(lookupKeys.phoneNumbers('outbound'), numbers);
  qc.setQueryData(lookupKeys.phoneNumbers('inbound'), numbers);
  qc.setQueryData(lookupKeys.languages(), LANGUAGES);
  qc.setQueryData(lookupKeys.models(), MODELS);
  return qc;
}

/** Renders one page of raw records, read through the paginator schema as the console reads them. */
async function renderTable(records: JsonRecord[], paginator: JsonRecord = {}): Promise<Assistant[]> {
  const page = paginatedSchema(assistantSchema).parse({ ...paginator, data: records });
  expect(page.data).toHaveLength(records.length);
  renderInConsole(() => (
    <AssistantsTable page={page} fetching={false} phoneNumbers={new Map()} folders={new Map()} labels={new Map()} onPageChange={() => {}} onPerPageChange={() => {}} onDelete={() => {}} />
  ));
  await screen.findAllByRole('link', { name: displayName(page.data[0]!) });
  return page.data;
}

async function renderForm(assistant: Assistant) {
  const initial = assistantToForm(assistant, { languages: LANGUAGES, models: MODELS });
  renderInConsole(
    () => (
      <AssistantForm
        initialValues={initial}
        heldPhoneNumberId={assistant.phone_number_id}
        toolChoices={{ tools: [], loading: false, error: null }}
        save={async () => undefined}
        onSaved={() => {}}
        onCancel={() => {}}
        submitLabel="Save changes"
      />
    ),
    seeded(),
  );
  const name = await screen.findByRole('textbox', { name: /^Name/ });
  expect(name).toHaveValue(assistant.name);
}

beforeAll(stubWideScreen);
afterEach(cleanup);

describe('AssistantsTable with hosted variants', () => {
  it('lists every single-field variant by its name (or id), in a paginator that lacks most fields', async () => {
    // Today's hosted paginator has only data, current_page, per_page, total, last_page; here even those are missing.
    const assistants = await renderTable([...singleFieldVariants(FULL, 1), ...allFieldsVariants(FULL, 10_000)]);
    for (const a of assistants) expect(screen.getAllByRole('link', { name: displayName(a) }).length).toBeGreaterThan(0);
  });

  it('renders random combinations of drift', async () => {
    await checkRandomLists(FULL, 3, async (records) => {
      await renderTable(numbered(records), { current_page: '1', per_page: '10', total: String(records.length) });
    });
  });
});

describe('AssistantForm with hosted variants', () => {
  it('opens the full record and the every-field-drifted records', async () => {
    for (const record of [FULL, ...allFieldsVariants(FULL, 20_000)]) {
      const [assistant] = parse([record]);
      await renderForm(assistant!);
      cleanup();
    }
  });

  it('opens random combinations of drift', async () => {
    await checkRandomVariants(FULL, (record) => renderForm(parse([record])[0]!), 6);
  }, 60_000);
});
