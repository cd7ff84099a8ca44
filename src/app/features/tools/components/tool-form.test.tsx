import type { ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOOL_PLAN_LIMIT_MESSAGE } from '@contract';
import { ApiError } from '@/api/errors';
import { renderOnPage } from '@/test/render';
import { stubDocumentFonts } from '@/test/variants';
import { emptyToolForm, type ToolFormValues } from '../lib/form-schema';
import { ToolForm } from './tool-form';

stubDocumentFonts();

function renderWithRouter(ui: () => ReactElement) {
  return renderOnPage(ui);
}

function filled(): ToolFormValues {
  return { ...emptyToolForm(), name: 'check_order', description: 'Looks up an order.', endpoint: 'https://api.example.com/o' };
}

describe('ToolForm', () => {
  it('checks the name as it is typed and offers a name that passes', async () => {
    renderWithRouter(() => <ToolForm initialValues={emptyToolForm()} save={vi.fn()} onSaved={() => {}} onCancel={() => {}} submitLabel="Create tool" />);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Check Order' } });
    expect(screen.getByText(/Not allowed: capital "C", space, capital "O"\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use “check_order”' }));
    expect(name).toHaveValue('check_order');
    expect(screen.getByText('Valid name')).toBeInTheDocument();
  });

  it('after a refused save a bad name still says precisely what is wrong, and nothing is sent', async () => {
    const save = vi.fn();
    renderWithRouter(() => <ToolForm initialValues={{ ...filled(), name: '_order' }} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Create tool" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create tool' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await vi.waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Start with a lowercase letter, not "_".')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use “order”' })).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows the plan limit message in full, and the typed tool stays', async () => {
    const save = vi.fn().mockRejectedValue(new ApiError({ kind: 'http', status: 422, message: TOOL_PLAN_LIMIT_MESSAGE }));
    renderWithRouter(() => <ToolForm initialValues={filled()} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Create tool" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create tool' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOOL_PLAN_LIMIT_MESSAGE);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('check_order');
  });

  it('puts a server field error on its field', async () => {
    const save = vi.fn().mockRejectedValue(
      new ApiError({ kind: 'validation', status: 422, message: 'x', fieldErrors: { name: ['The name field format is invalid.'], 'headers.0.value': ['Too long.'] } }),
    );
    renderWithRouter(() => (
      <ToolForm initialValues={{ ...filled(), headers: [{ name: 'X-Key', value: 'k' }] }} save={save} onSaved={() => {}} onCancel={() => {}} submitLabel="Save" />
    ));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name field format is invalid.')).toBeInTheDocument();
    expect(screen.getByText('Too long.')).toBeInTheDocument();
  });

  it('header values are masked until shown', async () => {
    renderWithRouter(() => (
      <ToolForm initialValues={{ ...filled(), headers: [{ name: 'X-Key', value: 's3cret' }] }} save={vi.fn()} onSaved={() => {}} onCancel={() => {}} submitLabel="Save" />
    ));
    const value = await screen.findByLabelText('Header 1 value');
    expect(value).toHaveAttribute('type', 'password');
  });
});
