import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toolSchema, type Tool } from '@contract/tool';
import { listOf } from '@contract/lookups';
import { toolRecord } from '@contract/test/record-examples';
import { allFieldsVariants, checkRandomLists, checkRandomVariants, numbered, renderInConsole, singleFieldVariants, stubWideScreen, type JsonRecord } from '@/test/variants';
import { toolToForm } from '../lib/form-schema';
import { ToolForm } from './tool-form';
import { ToolsTable } from './tools-table';

/** A mid-call tool as the hosted tool list sends it, every field filled (the contract's full example). */
const FULL: JsonRecord = toolRecord;

const parse = (records: JsonRecord[]): Tool[] => records.map((r) => toolSchema.parse(r));
const displayName = (t: Tool) => t.name || `Tool ${t.id}`;

async function renderTable(tools: Tool[]) {
  renderInConsole(() => <ToolsTable tools={tools} onDelete={() => {}} />);
  await screen.findAllByRole('link', { name: displayName(tools[0]!) });
}

async function renderForm(tool: Tool) {
  renderInConsole(() => <ToolForm initialValues={toolToForm(tool)} save={async () => undefined} onSaved={() => {}} onCancel={() => {}} submitLabel="Save tool" />);
  return screen.findByRole('button', { name: 'Save tool' });
}

beforeAll(stubWideScreen);
afterEach(cleanup);

describe('ToolsTable with hosted variants', () => {
  it('lists every single-field variant by its name (or id), read from a bare list', async () => {
    const records = [...singleFieldVariants(FULL, 1), ...allFieldsVariants(FULL, 10_000)];
    const tools = listOf(toolSchema).parse(records);
    expect(tools).toHaveLength(records.length);
    await renderTable(tools);
    for (const t of tools) expect(screen.getAllByRole('link', { name: displayName(t) }).length, `tool ${t.id}`).toBeGreaterThan(0);
  });

  it('a tool with nothing but its id says "—" for its request, timeout and last change', async () => {
    const [bare] = parse([{ id: 602 }]);
    await renderTable([bare!]);
    const cells = [...screen.getAllByRole('row')[1]!.querySelectorAll('td')].map((td) => td.textContent);
    // Name, request, timeout, parameters, headers, updated, actions.
    expect(cells.slice(0, 6)).toEqual(['Tool 602—', '—', '—', '0', '0', '—']);
    expect(screen.getByRole('button', { name: 'Delete Tool 602' })).toBeInTheDocument();
  });

  it('renders random combinations of drift', async () => {
    await checkRandomLists(FULL, 4, async (records) => {
      await renderTable(parse(numbered(records)));
    });
  });
});

describe('ToolForm with hosted variants', () => {
  it('opens the full tool, every single-field variant and the every-field-drifted ones', async () => {
    // A form costs ~150 ms in jsdom: each distinct form it would open, once.
    const tools = parse([FULL, ...singleFieldVariants(FULL, 1, ['created_at', 'updated_at']), ...allFieldsVariants(FULL, 10_000)]);
    const distinct = new Map(tools.map((t) => [JSON.stringify(toolToForm(t)), t]));
    for (const tool of distinct.values()) {
      await renderForm(tool);
      expect(screen.getByRole('textbox', { name: /^Name/ }), `tool ${tool.id}`).toHaveValue(tool.name);
      cleanup();
    }
  });

  it('opens random combinations of drift', async () => {
    await checkRandomVariants(FULL, (record) => renderForm(parse([record])[0]!), 4);
  });
});
