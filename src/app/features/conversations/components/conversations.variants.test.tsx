import { cleanup, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversationHistorySchema, conversationReplySchema, conversationSchema, conversationsPageSchema, type Conversation } from '@contract/conversation';
import { allFieldsVariants, singleFieldVariants, stubDocumentFonts, VARIANT_RUNS, variantArbitrary, type JsonRecord } from '@/test/variants';
import { chatReducer, emptyChat, toChatMessage } from '../lib/chat-state';
import { renderWithRouter } from '../test/chat-host';
import { ChatTranscript } from './chat-transcript';
import { ConversationsTable } from './conversations-table';

/*
 * The hosted service's drift (shared/spec/hosted-quirks.md) in the conversation API's answers: a list item,
 * a history message and a function call with fields left out, null, stringified, `[]` for an object, a
 * number for a text, a word nobody knew. Each still renders, singly and in random combinations.
 */

/** A conversation as the hosted list documents it, every field filled. */
const FULL: JsonRecord = {
  id: '6f1d2c3b-4a5e-4f60-8172-93a4b5c6d7e8',
  assistant_id: '9b1f7c3e-2a4d-4e6f-8b0a-1c2d3e4f5a6b',
  assistant_name: 'Order desk',
  type: 'widget',
  variables: { customer_name: 'Ada' },
  external_identifier: 'crm-42',
  message_count: 6,
  total_cost: 0.03,
  ai_enabled: true,
  created_at: '2026-05-12 14:03:09',
  updated_at: '2026-05-12 14:05:00',
  ended_at: '2026-05-12 14:35:00',
};

/** A history message with a function call, every field filled (the call with the local additions). */
const CALL: JsonRecord = { name: 'order_status', arguments: { order_id: 'A-17' }, result: { status: 'shipped' }, error: null, duration_ms: 120 };
const MESSAGE: JsonRecord = { role: 'assistant', content: 'It has shipped.', function_calls: [CALL] };

/** Conversation ids are UUIDs: the variant helpers number their rows, so each gets a UUID of its own. */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const withUuids = (records: JsonRecord[]) => records.map((r, i) => ({ ...r, id: uuid(i + 1) }));

async function renderTable(conversations: Conversation[]) {
  renderWithRouter({ '/conversations': () => <ConversationsTable conversations={conversations} stale={false} /> }, '/conversations');
  return screen.findAllByTestId('conversation-row');
}

beforeAll(() => {
  stubDocumentFonts();
  window.scrollTo = () => {};
  // A wide screen: the table's columns are shown by media query.
  const narrow = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...narrow(query), matches: true });
});
afterEach(cleanup);

describe('ConversationsTable with hosted variants', () => {
  it('lists every single-field variant and the every-field-drifted ones, each with its link and switch', async () => {
    const records = withUuids([...singleFieldVariants(FULL, 1), ...allFieldsVariants(FULL, 10_000)]);
    const page = conversationsPageSchema.parse({ data: records, path: null, per_page: '15', next_cursor: null, prev_cursor: null });
    expect(page.data).toHaveLength(records.length);
    const rows = await renderTable(page.data);
    expect(rows).toHaveLength(records.length);
    for (const row of rows) {
      expect(within(row).getAllByRole('link').length).toBeGreaterThan(0);
      expect(within(row).getByRole('switch')).toBeInTheDocument();
    }
  });

  it('a conversation with nothing but its id reads as unnamed, unknown type, dashes and AI off', async () => {
    const [row] = await renderTable([conversationSchema.parse({ id: uuid(1) })]);
    expect(within(row!).getByRole('link', { name: /Unnamed assistant/ })).toBeInTheDocument();
    expect(row).toHaveTextContent('Unknown type');
    expect(row).toHaveTextContent('—');
    expect(within(row!).getByRole('switch')).not.toBeChecked();
  });

  it('renders random combinations of drift', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(variantArbitrary(FULL, ['id']), { minLength: 1, maxLength: 4 }), async (records) => {
        const conversations = withUuids(records).map((r) => conversationSchema.parse(r));
        expect(await renderTable(conversations)).toHaveLength(records.length);
        cleanup();
      }),
      VARIANT_RUNS,
    );
  });
});

async function renderHistory(body: unknown) {
  const history = conversationHistorySchema.parse(body);
  const messages = history.history.map((message, i) => toChatMessage(message, `h${i}`));
  renderWithRouter({ '/': () => <ChatTranscript messages={messages} assistantName="Order desk" /> });
  await screen.findByTestId('chat-transcript');
  return messages;
}

describe('A conversation’s history with hosted variants', () => {
  it('shows every single-field variant of a message and of its function call', async () => {
    const withoutId = ({ id: _id, ...rest }: JsonRecord): JsonRecord => rest;
    const messages: JsonRecord[] = [
      ...[...singleFieldVariants(MESSAGE, 1), ...allFieldsVariants(MESSAGE, 100)].map(withoutId),
      ...[...singleFieldVariants(CALL, 1), ...allFieldsVariants(CALL, 100)].map((call) => ({ ...MESSAGE, function_calls: [withoutId(call)] })),
    ];
    const shown = await renderHistory({ status: true, history: messages });
    expect(screen.getAllByTestId('chat-message')).toHaveLength(messages.length);
    // A call whose fields are all unreadable is still a card, named as unnamed.
    const cards = screen.getAllByTestId('function-call');
    expect(cards.length).toBe(shown.reduce((n, m) => n + m.calls.length, 0));
  });

  it('takes a history that is not a list, or messages that are not records, as no messages', async () => {
    await renderHistory({ status: 'true', history: { 0: MESSAGE } });
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(0);
    cleanup();
    await renderHistory({ history: [null, 7, 'text', MESSAGE] });
    expect(screen.getAllByTestId('chat-message').length).toBeGreaterThanOrEqual(1);
  });

  it('renders random combinations of drift in messages and calls', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(variantArbitrary(MESSAGE), { maxLength: 3 }), fc.array(variantArbitrary(CALL), { maxLength: 3 }), async (messages, calls) => {
        await renderHistory({ status: true, history: [...messages, { ...MESSAGE, function_calls: calls }] });
        cleanup();
      }),
      VARIANT_RUNS,
    );
  });
});

describe('A reply with hosted variants', () => {
  const REPLY: JsonRecord = { status: true, message: 'It has shipped.', function_calls: [CALL], ai_disabled: false };

  it('ends the streamed turn with any variant of the reply, leaving no reply half-written', async () => {
    const variants = [...singleFieldVariants(REPLY, 1), ...allFieldsVariants(REPLY, 100)].map(({ id: _id, ...r }) => r);
    for (const variant of variants) {
      const reply = conversationReplySchema.parse(variant);
      const state = chatReducer(chatReducer(emptyChat, { type: 'sent', text: 'Where is my order?' }), { type: 'replied', reply });
      expect(state.messages.some((m) => m.streaming)).toBe(false);
      renderWithRouter({ '/': () => <ChatTranscript messages={state.messages} assistantName="Order desk" /> });
      await screen.findByText('Where is my order?');
      cleanup();
    }
  });
});
