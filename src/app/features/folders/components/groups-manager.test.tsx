import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeHost, renderWithHost, resetHost, type Handler } from '@/test/host';
import { GroupsManager } from './groups-manager';

afterEach(resetHost);
beforeAll(() => {
  window.scrollTo = () => {};
});

interface Row {
  id: number;
  name: string;
  color: string | null;
  assistants_count: number;
}

const page = (data: Row[]) => ({ data, current_page: 1, last_page: 1, per_page: 100, total: data.length });

/**
 * A host holding folders and labels in memory, answering list, create, update and delete as the service
 * does (a taken name is a 422 on `name`), so the manager's refetches show what changed.
 */
function groupsHost(initial: { folders: Row[]; labels: Row[] }, override?: Handler) {
  const store = { folders: [...initial.folders], labels: [...initial.labels] };
  let nextId = 100;
  return fakeHost(async (req) => {
    const custom = await override?.(req);
    if (custom) return custom;
    const match = /^\/user\/(folders|labels)(?:\/(\d+))?$/.exec(req.path);
    if (!match) return undefined;
    const kind = match[1] as 'folders' | 'labels';
    const id = match[2] === undefined ? null : Number(match[2]);
    const list = store[kind];
    const body = (req.body ?? {}) as { name?: string; color?: string | null };
    if (req.method === 'GET') return { body: page(list) };
    if (req.method === 'POST') {
      if (list.some((g) => g.name.toLowerCase() === body.name?.toLowerCase())) {
        return { status: 422, body: { message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } } };
      }
      const row = { id: nextId++, name: body.name ?? '', color: body.color ?? null, assistants_count: 0 };
      list.push(row);
      return { status: 201, body: { message: 'Created', data: row } };
    }
    const row = list.find((g) => g.id === id);
    if (!row) return { status: 404, body: { message: 'Not found' } };
    if (req.method === 'PUT') {
      Object.assign(row, body);
      return { body: { message: 'Updated', data: row } };
    }
    if (req.method === 'DELETE') {
      store[kind] = list.filter((g) => g.id !== id);
      return { body: { message: 'Deleted' } };
    }
    return undefined;
  });
}

const card = (title: string) => screen.getByRole('region', { name: title });
const selectInput = (scope: HTMLElement, label: string) => within(scope).getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
/** The options of the list a Select input controls (each card has its own colour list). */
const listOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-controls') ?? '')!;

describe('GroupsManager', () => {
  it('shows folders and labels with their colour badges and counts, and says when there are none', async () => {
    groupsHost({ folders: [{ id: 1, name: 'Clinics', color: 'teal', assistants_count: 3 }], labels: [] });
    renderWithHost(() => <GroupsManager />);
    const folders = await screen.findByRole('region', { name: 'Folders' });
    const row = (await within(folders).findByText('Clinics')).closest('tr')!;
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(row.querySelector('[data-kind="folder"]')).not.toBeNull();
    expect(await within(card('Labels')).findByText('No labels yet. Add the first one above.')).toBeInTheDocument();
  });

  it('adds a folder with its colour, then lists it; the form starts again empty', async () => {
    const host = groupsHost({ folders: [], labels: [] });
    renderWithHost(() => <GroupsManager />);
    const folders = await screen.findByRole('region', { name: 'Folders' });
    await userEvent.type(within(folders).getByRole('textbox', { name: /New folder/ }), 'Brand A');
    const colour = selectInput(folders, 'Colour');
    await userEvent.click(colour);
    await userEvent.click(await within(listOf(colour)).findByRole('option', { name: 'Purple', hidden: true }));
    await userEvent.click(within(folders).getByRole('button', { name: 'Add folder' }));
    await waitFor(() => expect(host.of('POST', '/user/folders')).toHaveLength(1));
    expect(host.of('POST', '/user/folders')[0]!.body).toEqual({ name: 'Brand A', color: 'purple' });
    expect(await within(folders).findByText('Brand A')).toBeInTheDocument();
    await waitFor(() => expect(within(folders).getByRole('textbox', { name: /New folder/ })).toHaveValue(''));
  });

  it('puts the service’s refusal of a taken name on the name field, keeping what was typed', async () => {
    const host = groupsHost({ folders: [], labels: [{ id: 7, name: 'Evening', color: null, assistants_count: 0 }] });
    renderWithHost(() => <GroupsManager />);
    const labels = await screen.findByRole('region', { name: 'Labels' });
    await within(labels).findByText('Evening');
    const name = within(labels).getByRole('textbox', { name: /New label/ });
    await userEvent.type(name, 'evening');
    await userEvent.click(within(labels).getByRole('button', { name: 'Add label' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(labels).getByText('The name has already been taken.')).toBeInTheDocument();
    expect(name).toHaveValue('evening');
    expect(host.of('POST', '/user/labels')).toHaveLength(1);
  });

  it('does not send an empty name', async () => {
    const host = groupsHost({ folders: [], labels: [] });
    renderWithHost(() => <GroupsManager />);
    const folders = await screen.findByRole('region', { name: 'Folders' });
    await userEvent.click(within(folders).getByRole('button', { name: 'Add folder' }));
    await waitFor(() => expect(within(folders).getByRole('textbox', { name: /New folder/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(host.of('POST', '/user/folders')).toHaveLength(0);
  });

  it('renames and recolours in a dialog, and deletes after asking', async () => {
    const host = groupsHost({ folders: [], labels: [{ id: 7, name: 'Evening', color: 'red', assistants_count: 2 }] });
    renderWithHost(() => <GroupsManager />);
    const labels = await screen.findByRole('region', { name: 'Labels' });
    await userEvent.click(await within(labels).findByRole('button', { name: 'Edit label Evening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit label Evening' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(host.of('PUT', '/user/labels/7')).toHaveLength(1));
    expect(host.of('PUT', '/user/labels/7')[0]!.body).toEqual({ name: 'Late', color: 'red' });
    expect(await within(labels).findByText('Late')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit label Evening' })).not.toBeInTheDocument());

    await userEvent.click(within(labels).getByRole('button', { name: 'Delete label Late' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete label Late' });
    expect(confirm).toHaveTextContent('taken off its assistants (2)');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(host.of('DELETE', '/user/labels/7')).toHaveLength(1));
    expect(await within(labels).findByText('No labels yet. Add the first one above.')).toBeInTheDocument();
  });

  it('shows a load error with a retry instead of the list', async () => {
    groupsHost({ folders: [], labels: [] }, (req) => (req.method === 'GET' && req.path === '/user/folders' ? { status: 500, body: { message: 'Server Error' } } : undefined));
    renderWithHost(() => <GroupsManager />);
    const folders = await screen.findByRole('region', { name: 'Folders' });
    expect(await within(folders).findByText('The folders could not be loaded', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
