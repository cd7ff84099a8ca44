import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { assistantGroupKeys, lookupKeys } from '@/api/query-keys';
import { setLocale } from '@/paraglide/runtime.js';
import { renderOnPage } from '@/test/render';
import { stubDocumentFonts } from '@/test/variants';
import type { AssistantFormOutput, AssistantFormValues } from '../lib/form-schema';
import { chosenAssistantForm } from '../lib/form-fixtures';
import { formToRequest } from '../lib/form-values';
import { AssistantForm } from './assistant-form';

/*
 * secondary_language_ids in the assistant form: a multiselect of the languages lookup (the assistant's own
 * language left out), saved as the ids, and the service's refusal of one (`secondary_language_ids.0`) shown on it.
 */

stubDocumentFonts();

function seededClient() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(lookupKeys.voices('pipeline'), [{ id: 3, name: 'Anna', mode: 'pipeline' }]);
  qc.setQueryData(lookupKeys.voices('multimodal'), []);
  qc.setQueryData(lookupKeys.voices(undefined), [{ id: 3, name: 'Anna', mode: 'pipeline' }]);
  qc.setQueryData(lookupKeys.phoneNumbers('outbound'), []);
  qc.setQueryData(lookupKeys.phoneNumbers('inbound'), []);
  qc.setQueryData(lookupKeys.phoneNumbers(undefined), []);
  qc.setQueryData(lookupKeys.languages(), [
    { id: 1, name: 'English', iso_2: 'en' },
    { id: 2, name: 'German', iso_2: 'de' },
    { id: 3, name: 'French', iso_2: 'fr' },
  ]);
  qc.setQueryData(lookupKeys.models(), [{ id: 10, name: 'gpt-4o-mini' }]);
  qc.setQueryData(assistantGroupKeys.list('folders'), null);
  qc.setQueryData(assistantGroupKeys.list('labels'), null);
  return qc;
}

const tools = { tools: [], loading: false, error: null };
const filled = (overrides: Partial<AssistantFormValues> = {}) => chosenAssistantForm('UTC', overrides);
const picker = () => screen.getByTestId('secondary-languages');
const pickerRoot = () => picker().closest('.mantine-MultiSelect-root') as HTMLElement;
/** The picker's own options (the language select beside it has its own list). */
const pickerOptions = () => {
  const list = document.getElementById(picker().getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the picker has no list open');
  return within(list).getAllByRole('option', { hidden: true });
};

describe('secondary languages in the assistant form', () => {
  it('offers the other languages, shows those held by name, and saves the ids', async () => {
    const save = vi.fn<(v: AssistantFormOutput) => Promise<unknown>>().mockResolvedValue({});
    renderOnPage(
      () => <AssistantForm initialValues={filled({ secondary_language_ids: [3] })} toolChoices={tools} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Save" />,
      seededClient(),
    );
    const label = await screen.findByText('Secondary languages');
    expect(label).toBeInTheDocument();
    // The held language shows as its name.
    await waitFor(() => expect(within(pickerRoot()).getByText('French (fr)')).toBeInTheDocument());
    fireEvent.click(picker());
    // The assistant's own language is not offered as a secondary one (nor the one held).
    await waitFor(() => expect(pickerOptions().map((o) => o.textContent)).toEqual(['German (de)']));
    fireEvent.click(pickerOptions()[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const sent = save.mock.calls[0]![0];
    expect(sent.secondary_language_ids).toEqual([3, 2]);
    // Through the existing API field.
    expect(formToRequest(sent).secondary_language_ids).toEqual([3, 2]);
  });

  it('puts the service’s refusal of a secondary language on the picker; an id the list lacks shows as its number', async () => {
    const refusal = new ApiError({
      kind: 'validation',
      status: 422,
      message: 'The given data was invalid.',
      fieldErrors: { 'secondary_language_ids.0': ['The selected secondary language ids.0 is invalid.'] },
    });
    const save = vi.fn<(v: AssistantFormOutput) => Promise<never>>().mockRejectedValue(refusal);
    renderOnPage(
      () => <AssistantForm initialValues={filled({ secondary_language_ids: [99] })} toolChoices={tools} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Save" />,
      seededClient(),
    );
    await waitFor(() => expect(within(pickerRoot()).getByText('#99')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('The selected secondary language ids.0 is invalid.');
    // On the picker's own wrapper, not elsewhere in the form.
    expect(within(pickerRoot()).getByText('The selected secondary language ids.0 is invalid.')).toBe(error);
    expect(picker()).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks German', async () => {
    void setLocale('de', { reload: false });
    try {
      renderOnPage(
        () => <AssistantForm initialValues={filled()} toolChoices={tools} save={vi.fn()} onSaved={() => {}} onCancel={() => {}} submitLabel="Speichern" />,
        seededClient(),
      );
      expect(await screen.findByText('Weitere Sprachen')).toBeInTheDocument();
      expect(picker()).toHaveAttribute('placeholder', 'Sprachen hinzufügen');
    } finally {
      void setLocale('en', { reload: false });
    }
  });
});
