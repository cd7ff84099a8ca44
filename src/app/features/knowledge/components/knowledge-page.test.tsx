import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeHost, renderWithHost, resetHost, type Handler } from '@/test/host';
import { stubWideScreen } from '@/test/variants';
import { KnowledgePage } from './knowledge-page';

afterEach(resetHost);
beforeAll(() => stubWideScreen());

const BASES = [
  { id: 1, name: 'Help centre', description: 'What callers ask', status: 'active', status_label: 'Aktiv', documents_count: 4, documents_by_status: { processing: 1, ready: 2, failed: 1 }, language: 'german', updated_at: '2026-05-12T10:00:00.000000Z' },
  { id: 2, name: 'Price lists', description: null, status: 'empty', documents_count: 0 },
  { id: 3, name: 'Odd one', status: 'archived', status_label: 'Archived by host', documents_count: '2' },
];

function Page() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <>
      <KnowledgePage creating={creating} onCreating={setCreating} onCreated={(b) => { setCreating(false); setCreated(b.name); }} />
      {created ? <output data-testid="created">{created}</output> : null}
    </>
  );
}

function host(list: Handler, more: Handler = () => undefined) {
  return fakeHost(async (req) => (req.method === 'GET' && req.path === '/user/knowledgebases' ? list(req) : more(req)));
}

describe('KnowledgePage', () => {
  it('lists the bases with their status as words and their document counts', async () => {
    host(() => ({ body: { data: BASES } }));
    renderWithHost(() => <Page />);
    const table = await screen.findByRole('table', { name: 'Knowledge bases' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Help centre' })).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('knowledge-status')).toHaveTextContent('Ready');
    expect(within(rows[0]!).getByText('4 documents')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1 processing, 1 failed')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('German')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('knowledge-status')).toHaveTextContent('Empty');
    expect(within(rows[1]!).getByText('0 documents')).toBeInTheDocument();
    // A status the console does not know: the host's own label.
    expect(within(rows[2]!).getByTestId('knowledge-status')).toHaveTextContent('Archived by host');
    expect(within(rows[2]!).getByText('2 documents')).toBeInTheDocument();
  });

  it('says what to do when there is none yet, and shows a failed load with a retry', async () => {
    let fail = true;
    host(() => (fail ? { status: 500, body: { message: 'Server Error' } } : { body: { data: [] } }));
    renderWithHost(() => <Page />);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('The knowledge bases could not be loaded');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No knowledge bases yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a knowledge base' })).toBeInTheDocument();
  });

  it('creates a base with name, description and language; the service’s refusal lands on its field', async () => {
    const posted: unknown[] = [];
    host(
      () => ({ body: { data: [] } }),
      (req) => {
        if (req.method !== 'POST' || req.path !== '/user/knowledgebases') return undefined;
        posted.push(req.body);
        if (posted.length === 1) return { status: 422, body: { message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } } };
        return { status: 201, body: { message: 'Knowledgebase created successfully.', data: { id: 9, name: 'FAQ', status: 'empty' } } };
      },
    );
    renderWithHost(() => <Page />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New knowledge base' }));
    const dialog = await screen.findByRole('dialog', { name: 'New knowledge base' });
    await user.click(within(dialog).getByRole('button', { name: 'Create knowledge base' }));
    expect(await within(dialog).findByText('A name is required.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'FAQ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Questions callers ask');
    // A Mantine Select: the labelled input opens the list.
    await user.click(within(dialog).getByLabelText('Language', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'German', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Create knowledge base' }));
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('The name has already been taken.')).toBeInTheDocument();
    expect(posted[0]).toEqual({ name: 'FAQ', description: 'Questions callers ask', language: 'german' });

    await user.clear(name);
    await user.type(name, 'FAQ 2');
    await user.click(within(dialog).getByRole('button', { name: 'Create knowledge base' }));
    expect(await screen.findByTestId('created')).toHaveTextContent('FAQ');
  });

  it('deletes a base only after the confirmation', async () => {
    const deleted: string[] = [];
    host(
      () => ({ body: { data: BASES.slice(0, 1) } }),
      (req) => {
        if (req.method !== 'DELETE') return undefined;
        deleted.push(req.path);
        return { body: { message: 'Knowledgebase deleted successfully.' } };
      },
    );
    renderWithHost(() => <Page />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete “Help centre”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Help centre”?' });
    expect(dialog).toHaveTextContent('Its 4 documents and everything found in them are deleted for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete “Help centre”' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete “Help centre”?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['/user/knowledgebases/1']));
  });
});
