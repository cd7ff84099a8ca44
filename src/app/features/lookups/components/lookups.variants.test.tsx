import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { languageSchema, listOf, llmModelSchema, voiceSchema } from '@contract/lookups';
import { allFieldsVariants, renderInConsole, singleFieldVariants, VARIANT_RUNS, variantArbitrary, variantsQueryClient, type JsonRecord } from '@/test/variants';
import { lookupKeys } from '@/api/query-keys';
import { LanguagesCard } from './languages-card';
import { ModelsCard } from './models-card';
import { VoicesCard, type VoiceFilter } from './voices-card';

/** Full records of each lookup, as the hosted service (and the spec) fill them. */
const VOICE: JsonRecord = {
  id: 512,
  name: 'Marlene',
  mode: 'pipeline',
  language_id: 2,
  gender: 'female',
  accent: 'German',
  age: 'middle_aged',
  preview_url: 'https://voices.example/marlene.mp3',
  synthesizer_provider_id: 3,
};
const MODEL: JsonRecord = { id: 10, name: 'gpt-4o-mini', type: 'llm' };
const LANGUAGE: JsonRecord = { id: 2, name: 'German', iso_2: 'de' };

/** Every single-field and every-field variant, read as the console reads the list. */
function variantsOf<T extends z.ZodType>(item: T, example: JsonRecord): z.output<T>[] {
  const records = [example, ...singleFieldVariants(example, 20_000), ...allFieldsVariants(example, 10_000)];
  const list = listOf(item).parse(records);
  expect(list).toHaveLength(records.length);
  return list;
}

/** The table row whose last cell is the record's id. */
function rowOf(id: number): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.lastElementChild?.textContent === String(id));
  expect(row, `row of ${id}`).toBeDefined();
  return row!;
}

async function renderVoices(filter: VoiceFilter, all: unknown[], forMode: unknown[] = all) {
  const qc = variantsQueryClient();
  qc.setQueryData(lookupKeys.voices(undefined), all);
  if (filter !== 'all') qc.setQueryData(lookupKeys.voices(filter), forMode);
  renderInConsole(() => <VoicesCard filter={filter} onFilterChange={() => {}} />, qc);
  return screen.findByTestId('voices');
}

async function renderSeeded(key: readonly unknown[], data: unknown[], ui: () => ReactNode, testId: string) {
  const qc = variantsQueryClient();
  qc.setQueryData(key, data);
  renderInConsole(ui, qc);
  return screen.findByTestId(testId);
}

afterEach(cleanup);

describe('VoicesCard with hosted variants', () => {
  it('lists every variant by its name (or "—") and id, and says "—" for a mode it is not told', async () => {
    const voices = variantsOf(voiceSchema, VOICE);
    await renderVoices('all', voices);
    await screen.findAllByText('Marlene');
    for (const v of voices) {
      const cells = within(rowOf(v.id)).getAllByRole('cell');
      expect(cells[0]!.textContent, `voice ${v.id}`).toBe(v.name || '—');
      expect(cells[1]!.textContent, `voice ${v.id}`).toBe(v.mode || '—');
    }
  });

  it('under a mode filter, still offers the voices whose mode is not stated', async () => {
    const voices = variantsOf(voiceSchema, VOICE);
    const pipeline = voices.filter((v) => v.mode === 'pipeline');
    await renderVoices('pipeline', voices, pipeline);
    await screen.findAllByText('Marlene');
    for (const v of voices.filter((x) => x.mode === 'pipeline' || x.mode === '')) rowOf(v.id);
  });

  it('renders random combinations of drift', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(variantArbitrary(VOICE), { minLength: 1, maxLength: 5 }), fc.constantFrom<VoiceFilter>('all', 'pipeline', 'multimodal'), async (records, filter) => {
        const voices = listOf(voiceSchema).parse(records.map((r, i) => ({ ...r, id: i + 1 })));
        await renderVoices(filter, voices, voices.filter((v) => v.mode === filter));
        cleanup();
      }),
      VARIANT_RUNS,
    );
  });
});

describe('ModelsCard with hosted variants', () => {
  it('lists every variant by its name (or "—") and id', async () => {
    const models = variantsOf(llmModelSchema, MODEL);
    await renderSeeded(lookupKeys.models(), models, () => <ModelsCard />, 'models');
    for (const m of models) expect(within(rowOf(m.id)).getAllByRole('cell')[0]!.textContent, `model ${m.id}`).toBe(m.name || '—');
  });
});

describe('LanguagesCard with hosted variants', () => {
  it('lists every variant by its name (or "—") and id, and says "—" for a missing code', async () => {
    const languages = variantsOf(languageSchema, LANGUAGE);
    await renderSeeded(lookupKeys.languages(), languages, () => <LanguagesCard />, 'languages');
    for (const l of languages) {
      const cells = within(rowOf(l.id)).getAllByRole('cell');
      expect(cells[0]!.textContent, `language ${l.id}`).toBe(l.name || '—');
      expect(cells[1]!.textContent, `language ${l.id}`).toBe(l.iso_2 || '—');
    }
  });

  it('filters variants without a name or a code without throwing', async () => {
    const languages = variantsOf(languageSchema, LANGUAGE);
    await renderSeeded(lookupKeys.languages(), languages, () => <LanguagesCard />, 'languages');
    const filter = screen.getByRole('textbox', { name: 'Filter languages' });
    fireEvent.change(filter, { target: { value: 'de' } });
    expect(screen.getAllByRole('row').length).toBeGreaterThan(1);
  });
});
