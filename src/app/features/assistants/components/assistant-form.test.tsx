import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderOnPage } from '@/test/render';
import { stubDocumentFonts } from '@/test/variants';
import { assistantGroupKeys, lookupKeys } from '@/api/query-keys';
import { emptyAssistantForm, type AssistantFormOutput, type AssistantFormValues } from '../lib/form-schema';
import { chosenAssistantForm } from '../lib/form-fixtures';
import { AssistantForm } from './assistant-form';

stubDocumentFonts();

function seededClient() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(lookupKeys.voices('pipeline'), [{ id: 3, name: 'Anna', mode: 'pipeline' }]);
  qc.setQueryData(lookupKeys.voices('multimodal'), [{ id: 8, name: 'Nova', mode: 'multimodal' }]);
  qc.setQueryData(lookupKeys.phoneNumbers('outbound'), [
    { id: 1, phone_number: '+15550100', country_code: 'US', type_label: 'Normal', is_available: true },
  ]);
  qc.setQueryData(lookupKeys.phoneNumbers('inbound'), []);
  qc.setQueryData(lookupKeys.phoneNumbers(undefined), [
    { id: 1, phone_number: '+15550100', country_code: 'US', type_label: 'Normal', is_available: true },
  ]);
  qc.setQueryData(lookupKeys.languages(), [{ id: 1, name: 'English', iso_2: 'en' }]);
  qc.setQueryData(lookupKeys.models(), [{ id: 10, name: 'gpt-4o-mini' }]);
  qc.setQueryData(assistantGroupKeys.list('folders'), [{ id: 21, name: 'Clinics', color: 'teal', assistants_count: 0, created_at: null, updated_at: null }]);
  qc.setQueryData(assistantGroupKeys.list('labels'), [
    { id: 31, name: 'German', color: 'red', assistants_count: 0, created_at: null, updated_at: null },
    { id: 32, name: 'Evening', color: null, assistants_count: 0, created_at: null, updated_at: null },
  ]);
  return qc;
}

/** The form on a page of a throwaway router (the unsaved-changes guard needs one). */
function renderWithRouter(ui: () => ReactElement) {
  return renderOnPage(ui, seededClient());
}

function filled(overrides: Partial<AssistantFormValues> = {}): AssistantFormValues {
  return chosenAssistantForm('UTC', {
    post_call_schema: [{ name: 'date', type: 'string', description: '' }],
    tool_ids: [4],
    end_call_tool: { description: 'Hang up after goodbye.' },
    ...overrides,
  });
}

const tools = { tools: [{ id: 4, name: 'lookup_order', description: 'Finds an order' }], loading: false, error: null };

/** A Select's or MultiSelect's input by its label (Mantine labels the input and its hidden value both). */
const selectInput = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden')!;

describe('AssistantForm', () => {
  it('files the assistant in a folder with labels, shown with their names, and sends their ids', async () => {
    const save = vi.fn<(v: AssistantFormOutput) => Promise<unknown>>().mockResolvedValue({});
    renderWithRouter(() => (
      <AssistantForm initialValues={filled({ label_ids: [32] })} toolChoices={tools} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Create assistant" />
    ));
    // The label held is shown by its name.
    expect(await screen.findByText('Evening')).toBeInTheDocument();
    fireEvent.click(selectInput('Folder'));
    fireEvent.click(await screen.findByRole('option', { name: 'Clinics', hidden: true }));
    fireEvent.click(selectInput('Labels'));
    fireEvent.click(await screen.findByRole('option', { name: 'German', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Create assistant' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({ folder_id: 21, label_ids: [32, 31] });
  });

  it('puts the service’s refusal of a label on the labels field', async () => {
    const refusal = new ApiError({
      kind: 'validation',
      status: 422,
      message: 'The given data was invalid.',
      fieldErrors: { 'label_ids.0': ['The selected label ids.0 is invalid.'], folder_id: ['The selected folder id is invalid.'] },
    });
    const save = vi.fn<(v: AssistantFormOutput) => Promise<never>>().mockRejectedValue(refusal);
    renderWithRouter(() => (
      <AssistantForm initialValues={filled({ label_ids: [99], folder_id: 98 })} toolChoices={tools} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Create assistant" />
    ));
    // Ids the lists do not hold stay, as their number.
    expect(await screen.findByText('#99 (not in your list)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create assistant' }));
    expect(await screen.findByText('The selected label ids.0 is invalid.')).toBeInTheDocument();
    expect(screen.getByText('The selected folder id is invalid.')).toBeInTheDocument();
  });

  it('says what is missing before sending, on the fields, and sends nothing', async () => {
    const save = vi.fn();
    renderWithRouter(() => (
      <AssistantForm initialValues={emptyAssistantForm('UTC')} toolChoices={tools} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Create assistant" />
    ));
    fireEvent.click(await screen.findByRole('button', { name: 'Create assistant' }));
    expect(await screen.findByText('The assistant name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The voice id field is required.')).toBeInTheDocument();
    expect(screen.getByText('The system prompt field is required.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('puts the service’s 422 field errors on their fields, dotted keys too, and keeps what was typed', async () => {
    const refusal = new ApiError({
      kind: 'validation',
      status: 422,
      message: 'The given data was invalid.',
      fieldErrors: {
        assistant_name: ['The assistant name has already been taken.'],
        'post_call_schema.0.name': ['The post call schema.0.name may only contain letters.'],
        'end_call_tool.description': ['The end call tool.description is not allowed.'],
        'tool_ids.0': ['The selected tool ids.0 is invalid.'],
        voice_id: ['The selected voice is a multimodal voice: a pipeline assistant needs a pipeline voice.'],
      },
    });
    const save = vi.fn<(v: AssistantFormOutput) => Promise<never>>().mockRejectedValue(refusal);
    renderWithRouter(() => (
      <AssistantForm initialValues={filled()} toolChoices={tools} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Create assistant" />
    ));
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Front desk 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create assistant' }));

    expect(await screen.findByText('The assistant name has already been taken.')).toBeInTheDocument();
    // These land in the lower sections, which load on their own (deferred-section.tsx): on a busy machine a
    // moment after the first section's error shows.
    const lazy = { timeout: 10_000 };
    expect(await screen.findByText('The post call schema.0.name may only contain letters.', {}, lazy)).toBeInTheDocument();
    expect(await screen.findByText('The end call tool.description is not allowed.', {}, lazy)).toBeInTheDocument();
    expect(await screen.findByText('The selected tool ids.0 is invalid.', {}, lazy)).toBeInTheDocument();
    expect(screen.getByText(/a pipeline assistant needs a pipeline voice/)).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0].assistant_name).toBe('Front desk 2');
    // Every typed value is still there.
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Front desk 2');
    expect(screen.getByDisplayValue('Hang up after goodbye.')).toBeInTheDocument();
  });

  it('a refusal without field errors is said in full above the button', async () => {
    const save = vi.fn().mockRejectedValue(new ApiError({ kind: 'http', status: 500, message: 'The service had an error (HTTP 500).' }));
    renderWithRouter(() => (
      <AssistantForm initialValues={filled()} toolChoices={tools} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Save changes" />
    ));
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service had an error (HTTP 500).');
  });

  it('a save in flight disables the button: a second click sends nothing', async () => {
    let finish: (v: unknown) => void = () => {};
    const save = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const onSaved = vi.fn();
    renderWithRouter(() => (
      <AssistantForm initialValues={filled()} toolChoices={tools} save={save} onSaved={onSaved} onCancel={() => {}} submitLabel="Save changes" />
    ));
    const button = await screen.findByRole('button', { name: 'Save changes' });
    fireEvent.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    fireEvent.submit(screen.getByRole('form', { name: 'Assistant' }));
    await act(async () => finish({ ok: true }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ok: true }));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('shows the API’s text as text, never as markup', async () => {
    const markup = '<img src=x onerror="window.__pwned=1">';
    const { container } = renderWithRouter(() => (
      <AssistantForm
        initialValues={filled({ assistant_name: markup, system_prompt: markup })}
        toolChoices={{ tools: [{ id: 4, name: markup, description: markup }], loading: false, error: null }}
        save={vi.fn()}
        onSaved={() => {}}
        onCancel={() => {}}
        submitLabel="Save"
      />
    ));
    await screen.findByRole('button', { name: 'Save' });
    // The lower sections (the tool list among them) load on their own: wait for them before looking.
    await waitFor(() => expect(container.querySelector('section#section-tools')).not.toBeNull());
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue(markup);
  });

  describe('the lower sections, held back until needed', () => {
    /** An IntersectionObserver that reports only when the test says a part came near. */
    function stubObserver() {
      const watched = new Map<Element, (entries: { isIntersecting: boolean }[]) => void>();
      class Observer {
        constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
        observe(el: Element) {
          watched.set(el, this.report);
        }
        disconnect() {
          for (const [el, report] of watched) if (report === this.report) watched.delete(el);
        }
      }
      vi.stubGlobal('IntersectionObserver', Observer);
      return {
        near(id: string) {
          for (const [el, report] of watched) if (el.querySelector(`#section-${id}`)) act(() => report([{ isIntersecting: true }]));
        },
      };
    }
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('keeps their place and heading, and loads one when it comes near', async () => {
      const io = stubObserver();
      const { container } = renderWithRouter(() => (
        <AssistantForm initialValues={filled()} toolChoices={tools} save={vi.fn()} onSaved={() => {}} onCancel={() => {}} submitLabel="Save" />
      ));
      await screen.findByRole('button', { name: 'Save' });
      expect(container.querySelector('#section-tools')).not.toBeNull();
      expect(screen.getByRole('heading', { name: 'Tools' })).toBeInTheDocument();
      expect(container.querySelector('section#section-tools')).toBeNull();
      io.near('tools');
      await waitFor(() => expect(container.querySelector('section#section-tools')).not.toBeNull());
      expect(container.querySelector('section#section-conversation')).toBeNull();
    });

    it('loads them all once the person works in the form', async () => {
      stubObserver();
      const { container } = renderWithRouter(() => (
        <AssistantForm initialValues={filled()} toolChoices={tools} save={vi.fn()} onSaved={() => {}} onCancel={() => {}} submitLabel="Save" />
      ));
      fireEvent.focus(await screen.findByRole('textbox', { name: /^Name/ }));
      for (const id of ['conversation', 'after-call', 'webhooks', 'tools']) {
        await waitFor(() => expect(container.querySelector(`section#section-${id}`)).not.toBeNull());
      }
    });

    it('shows a held-back section at once when the service refuses one of its fields', async () => {
      stubObserver();
      const refusal = new ApiError({
        kind: 'validation',
        status: 422,
        message: 'The given data was invalid.',
        fieldErrors: { 'tool_ids.0': ['The selected tool ids.0 is invalid.'] },
      });
      const save = vi.fn<(v: AssistantFormOutput) => Promise<never>>().mockRejectedValue(refusal);
      const { container } = renderWithRouter(() => (
        <AssistantForm initialValues={filled()} toolChoices={tools} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Save" />
      ));
      fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
      expect(await screen.findByText('The selected tool ids.0 is invalid.')).toBeInTheDocument();
      expect(save).toHaveBeenCalledTimes(1);
      // Every value was sent, the held-back sections' too.
      expect(save.mock.calls[0]![0]).toMatchObject({ tool_ids: [4], end_call_tool: { description: 'Hang up after goodbye.' } });
      expect(container.querySelector('section#section-tools')).not.toBeNull();
      expect(container.querySelector('section#section-conversation')).toBeNull();
    });
  });
});

describe('the filler phrases editor', () => {
  it('shows the four lists only while fillers are on, and saves what was typed as lists', async () => {
    const save = vi.fn<(v: AssistantFormOutput) => Promise<void>>().mockResolvedValue(undefined);
    renderWithRouter(() => (
      <AssistantForm initialValues={filled()} toolChoices={tools} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Create assistant" />
    ));
    const fillers = await screen.findByRole('switch', { name: /^Filler sounds/ }, { timeout: 5000 });
    expect(screen.queryByRole('textbox', { name: /^After a question/ })).toBeNull();
    fireEvent.click(fillers);
    const question = await screen.findByRole('textbox', { name: /^After a question/ });
    for (const name of [/^Neutral/, /^Positive/, /^Negative/]) expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    fireEvent.change(question, { target: { value: 'Good question.\nLet me check.' } });
    expect(screen.getByText('2 of 20 phrases')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create assistant' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]?.[0].filler_config).toMatchObject({ question: 'Good question.\nLet me check.' });
  });
});
