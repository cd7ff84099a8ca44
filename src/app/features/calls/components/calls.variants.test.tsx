import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { callSchema, transcriptEntrySchema, type Call } from '@contract/call';
import { paginatedSchema } from '@contract/pagination';
import { allFieldsVariants, checkRandomLists, checkRandomTables, checkRandomVariants, numbered, renderInConsole, singleFieldVariants, type JsonRecord } from '@/test/variants';
import { CallDetail } from './call-detail';
import { CallFacts } from './call-facts';
import { CallsTable } from './calls-table';
import { TranscriptView } from '@/components/transcript-view';

/** A transcript line as the hosted call endpoints send it. */
const FULL_LINE: JsonRecord = { sender: 'bot', type: 'transcript', text: 'Harbor Dental, how can I help?', timestamp: 2 };

/** A call as the hosted log sends it, every field filled. */
const FULL: JsonRecord = {
  id: 88101,
  assistant_id: 4101,
  assistant_name: 'Harbor Dental Reception',
  campaign_id: 7001,
  campaign_name: 'Autumn Renewals',
  type: 'outbound',
  duration: 125,
  assistant_phone_number: '+4940555010',
  client_phone_number: '+4930901820',
  status: 'completed',
  transcript: [FULL_LINE, { sender: 'human', type: 'transcript', text: 'I would like an appointment.', timestamp: '5' }],
  variables: { customer_name: 'Ada Weber', slot: '2025-10-02 09:30' },
  evaluation: { wants_appointment: true, summary: 'Booked for Thursday.' },
  webhook_response: { status: 200, body: { ok: true } },
  carrier_cost: '0.01200000',
  total_cost: 0.0832,
  answered_by: 'human',
  recording_url: 'https://recordings.example/88101.mp3',
  created_at: '2025-10-01 14:03:09',
  updated_at: '2025-10-01T14:05:20.000000Z',
};

/** What the detail's sections (not its facts) read. */
const SECTION_FIELDS = ['recording_url', 'transcript', 'variables', 'evaluation', 'webhook_response'];

const parse = (records: JsonRecord[]): Call[] => records.map((r) => callSchema.parse(r));

async function renderTable(calls: Call[], compact = false) {
  renderInConsole(() => (
    <CallsTable
      calls={calls}
      skeletonRows={0}
      stale={false}
      selectedId={null}
      onPreload={() => undefined}
      onOpen={() => {}}
      compact={compact}
      stateKey="variants"
    />
  ));
  return screen.findByTestId('calls-table');
}

async function renderDetail(call: Call) {
  renderInConsole(() => <CallDetail call={call} />);
  return screen.findByRole('region', { name: 'Transcript' });
}

/** The value the facts list shows beside a label. */
function fact(label: string, within: ParentNode = document): string {
  const dt = [...within.querySelectorAll('dt')].find((d) => d.textContent === label);
  expect(dt, `fact ${label}`).toBeDefined();
  return dt!.nextElementSibling!.textContent!;
}

afterEach(cleanup);

describe('CallsTable with hosted variants', () => {
  it('shows every single-field variant as a row known by its id, wide and compact, read through a bare paginator', async () => {
    const records = [...singleFieldVariants(FULL, 1), ...allFieldsVariants(FULL, 10_000)];
    const page = paginatedSchema(callSchema).parse({ data: records });
    expect(page.data).toHaveLength(records.length);
    for (const compact of [false, true]) {
      await renderTable(page.data, compact);
      expect(screen.getAllByTestId('call-row')).toHaveLength(page.data.length);
      for (const c of page.data) {
        const row = document.querySelector(`[data-call-id="${c.id}"]`);
        expect(row, `call ${c.id}`).not.toBeNull();
        expect(row!.querySelector(`a[href="/calls/${c.id}"]`), `link of call ${c.id}`).not.toBeNull();
      }
      cleanup();
    }
  });

  it('a call with nothing but its id shows "—" in every cell', async () => {
    const [bare] = parse([{ id: 88102 }]);
    await renderTable([bare!]);
    const cells = document.querySelectorAll('[data-call-id="88102"] td');
    expect(cells).toHaveLength(10);
    for (const cell of cells) expect(cell.textContent).toBe('—');
  });

  it('renders random combinations of drift, wide and compact', async () => {
    await checkRandomTables(FULL, 4, async (records, compact) => {
      const calls = parse(numbered(records));
      await renderTable(calls, compact);
      expect(screen.getAllByTestId('call-row')).toHaveLength(calls.length);
    });
  });
});

describe('CallDetail with hosted variants', () => {
  it('opens every variant of its sections\' fields and every every-field-drifted variant', async () => {
    // The facts read the other fields; they have their own exhaustive test below (a detail costs ~40 ms).
    const others = Object.keys(FULL).filter((k) => !SECTION_FIELDS.includes(k));
    const calls = parse([FULL, ...singleFieldVariants(FULL, 1, others), ...allFieldsVariants(FULL, 10_000)]);
    renderInConsole(() =>
      calls.map((call) => (
        <div key={call.id} data-detail-of={call.id}>
          <CallDetail call={call} />
        </div>
      )),
    );
    await screen.findAllByRole('region', { name: 'Transcript' });
    for (const call of calls) {
      const detail = document.querySelector<HTMLElement>(`[data-detail-of="${call.id}"]`);
      expect(detail, `call ${call.id}`).not.toBeNull();
      expect(fact('Assistant', detail!), `call ${call.id}`).toBe(call.assistant_name || '—');
    }
  });

  it('a call with nothing but its id says "—" for each fact and "no" for each section', async () => {
    const [bare] = parse([{ id: 88103 }]);
    await renderDetail(bare!);
    for (const label of ['Status', 'Type', 'Numbers', 'Assistant', 'Campaign', 'Duration', 'Answered by', 'Carrier cost', 'Total cost', 'Started', 'Last update']) {
      expect(fact(label), label).toBe('—');
    }
    expect(screen.getByText('No recording for this call.')).toBeInTheDocument();
    expect(screen.getByText('No transcript for this call.')).toBeInTheDocument();
    expect(screen.getByText('No variables were collected.')).toBeInTheDocument();
    expect(screen.getByText('No evaluation for this call.')).toBeInTheDocument();
  });

  it('opens random combinations of drift', async () => {
    await checkRandomVariants(FULL, async (record) => {
      const [call] = parse([record]);
      await renderDetail(call!);
    });
  });
});

describe('CallFacts', () => {
  it('shows every single-field variant and names its assistant (or says "—")', async () => {
    const calls = parse(singleFieldVariants(FULL, 1, SECTION_FIELDS));
    renderInConsole(() =>
      calls.map((call) => (
        <div key={call.id} data-facts-of={call.id}>
          <CallFacts call={call} />
        </div>
      )),
    );
    await screen.findAllByText('Numbers');
    for (const call of calls) {
      const facts = document.querySelector<HTMLElement>(`[data-facts-of="${call.id}"]`)!;
      expect(fact('Assistant', facts), `call ${call.id}`).toBe(call.assistant_name || '—');
      expect(fact('Status', facts), `call ${call.id}`).not.toBe('');
    }
  });

  it('a call with one number shows it alone, whichever side it is on', async () => {
    const calls = parse([
      { id: 1, client_phone_number: '+4930901820', type: 'web' },
      { id: 2, assistant_phone_number: '+4940555010', type: 'inbound' },
    ]);
    for (const call of calls) {
      renderInConsole(() => <CallFacts call={call} />);
      await screen.findByText('Numbers');
      expect(screen.queryByLabelText('to')).toBeNull();
      expect(fact('Numbers')).not.toBe('—');
      cleanup();
    }
  });
});

describe('TranscriptView with hosted variants of its lines', () => {
  it('draws every line that still has text, and drops none that does', async () => {
    const lines = [FULL_LINE, ...singleFieldVariants(FULL_LINE, 1), ...allFieldsVariants(FULL_LINE, 100)].map(({ id: _id, ...line }) => line);
    const transcript = callSchema.parse({ id: 1, transcript: lines }).transcript;
    expect(Array.isArray(transcript) && transcript).toHaveLength(lines.length);
    renderInConsole(() => <TranscriptView transcript={transcript} />);
    const items = await screen.findAllByRole('listitem');
    const withText = lines.map((l) => transcriptEntrySchema.parse(l)).filter((l) => (l.text ?? '').trim() !== '');
    expect(items).toHaveLength(withText.length);
  });

  it('draws random combinations of drift', async () => {
    await checkRandomLists(FULL_LINE, 6, async (lines) => {
      const transcript = callSchema.parse({ id: 1, transcript: lines }).transcript;
      renderInConsole(() => <TranscriptView transcript={transcript} />);
      await screen.findAllByText(/./);
    });
  });
});
