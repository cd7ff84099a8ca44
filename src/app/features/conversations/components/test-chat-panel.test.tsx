import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeHost, renderWithRouter, resetHost, sseResponse, type FakeRequest, type Handler } from '../test/chat-host';
import type { TestChatAssistant } from '../lib/test-chat-assistant';
import TestChatPanel from './test-chat-panel';
import { TestChatButton } from './test-chat-button';

afterEach(resetHost);

const CONVERSATION = '3f0c9a52-1d7e-4b8a-9c41-7e2d5b6a8f10';
const ASSISTANT: TestChatAssistant = {
  id: 12,
  uuid: '9b1f7c3e-2a4d-4e6f-8b0a-1c2d3e4f5a6b',
  name: 'Order desk',
  variables: { customer_name: 'Ada', order_count: 2 },
};

const CALL = { name: 'order_status', arguments: { order_id: 'A-17' }, result: { status: 'shipped', eta: 'Friday' }, error: null, duration_ms: 120 };
const REPLY = { status: true, message: 'Your order A-17 has shipped and arrives Friday.', function_calls: [CALL] };

const created = (history: unknown[] = [{ role: 'assistant', content: 'Hello Ada, how can I help?' }]) => ({
  body: { status: true, conversation_id: CONVERSATION, history },
});

/** A host that opens the conversation and answers messages with `reply` (a request -> answer function). */
function chatHost(reply: Handler) {
  return fakeHost((req) => {
    if (req.method === 'POST' && req.path === '/conversations') return created();
    if (req.method === 'POST' && req.path === `/conversations/${CONVERSATION}/messages`) return reply(req);
    return undefined;
  });
}

const isStream = (req: FakeRequest) => req.accept.includes('text/event-stream');

function renderPanel(assistant: TestChatAssistant = ASSISTANT) {
  return renderWithRouter({ '/': () => <TestChatPanel assistant={assistant} />, '/conversations': () => null });
}

async function messageBox() {
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(box).toBeEnabled());
  return box as HTMLTextAreaElement;
}

describe('TestChatPanel', () => {
  it('opens a test conversation with the assistant’s uuid and variables, and shows its first message', async () => {
    const host = chatHost(() => ({ body: REPLY }));
    renderPanel();
    expect(await screen.findByText('Hello Ada, how can I help?')).toBeInTheDocument();
    expect(host.of('POST', '/conversations')[0]!.body).toEqual({
      assistant_id: ASSISTANT.uuid,
      type: 'test',
      variables: { customer_name: 'Ada', order_count: '2' },
    });
    // The first message is the assistant's, under its name.
    const [first] = screen.getAllByTestId('chat-message');
    expect(first).toHaveAttribute('data-role', 'assistant');
    expect(within(first!).getByText('Order desk')).toBeInTheDocument();
  });

  it('names the assistant by its integer id when its record has no uuid', async () => {
    const host = chatHost(() => ({ body: REPLY }));
    renderPanel({ ...ASSISTANT, uuid: null, variables: {} });
    await screen.findByText('Hello Ada, how can I help?');
    expect(host.of('POST', '/conversations')[0]!.body).toEqual({ assistant_id: 12, type: 'test' });
  });

  it('sends with Enter and streams the reply: text as it comes, then the function call as a card', async () => {
    const gate = deferred();
    const host = chatHost((req) =>
      isStream(req)
        ? sseResponse([
            ['function_call', { id: 'c1', name: 'order_status', arguments: { order_id: 'A-17' } }],
            gate.promise,
            ['function_result', { id: 'c1', ...CALL }],
            ['text', { delta: 'Your order A-17 ' }],
            ['text', { delta: 'has shipped and arrives Friday.' }],
            ['done', REPLY],
          ])
        : { status: 500, body: { message: 'the plain request was not expected' } },
    );
    renderPanel();
    const box = await messageBox();
    await userEvent.type(box, 'Where is my order?{Enter}');

    // The tool is running: its card says so; the box waits.
    const card = await screen.findByRole('group', { name: 'Function call order_status' });
    expect(within(card).getByText('Running')).toBeInTheDocument();
    expect(card).toHaveTextContent('"order_id": "A-17"');
    expect(box).toBeDisabled();
    expect(box.value).toBe('');
    expect(screen.getByText('Where is my order?')).toBeInTheDocument();

    await act(async () => gate.resolve());
    await screen.findByText('Your order A-17 has shipped and arrives Friday.');
    const done = screen.getByRole('group', { name: 'Function call order_status' });
    expect(within(done).getByText('Answered')).toBeInTheDocument();
    expect(done).toHaveTextContent('"status": "shipped"');
    expect(within(done).getByTestId('function-call-duration')).toHaveTextContent('took 120 ms');
    await waitFor(() => expect(box).toBeEnabled());

    const sent = host.of('POST', `/conversations/${CONVERSATION}/messages`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ message: 'Where is my order?' });
    expect(sent[0]!.accept).toContain('text/event-stream');
  });

  it('shows the text of a reply while it streams, before the reply is complete', async () => {
    const gate = deferred();
    chatHost(() => sseResponse([['text', { delta: 'Let me check ' }], gate.promise, ['text', { delta: 'that.' }], ['done', { status: true, message: 'Let me check that.', function_calls: [] }]]));
    renderPanel();
    await userEvent.type(await messageBox(), 'Hi{Enter}');
    expect(await screen.findByText('Let me check')).toBeInTheDocument();
    expect(screen.getByText('Writing…')).toBeInTheDocument();
    expect(screen.getByTestId('chat-transcript')).toHaveAttribute('aria-busy', 'true');
    await act(async () => gate.resolve());
    expect(await screen.findByText('Let me check that.')).toBeInTheDocument();
    expect(screen.queryByText('Writing…')).not.toBeInTheDocument();
  });

  it('Shift+Enter breaks the line and sends nothing', async () => {
    const host = chatHost(() => ({ body: REPLY }));
    renderPanel();
    const box = await messageBox();
    await userEvent.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box.value).toBe('First line\nsecond line');
    expect(host.of('POST', `/conversations/${CONVERSATION}/messages`)).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await screen.findByText('Your order A-17 has shipped and arrives Friday.');
    expect(host.of('POST', `/conversations/${CONVERSATION}/messages`)[0]!.body).toEqual({ message: 'First line\nsecond line' });
  });

  it('sends a message once however often Enter and Send are pressed while it is on its way', async () => {
    const hold = deferred();
    const host = chatHost(async () => {
      await hold.promise;
      return { body: REPLY };
    });
    renderPanel();
    const box = await messageBox();
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await act(async () => hold.resolve());
    await screen.findByText('Your order A-17 has shipped and arrives Friday.');
    expect(host.of('POST', `/conversations/${CONVERSATION}/messages`)).toHaveLength(1);
  });

  it('falls back to the plain request when the host does not stream (406), and shows the hosted reply with its calls', async () => {
    const hosted = { status: true, message: 'Done.', function_calls: [{ name: 'book_slot', arguments: { day: 'Monday' }, result: { booked: true } }] };
    const host = chatHost((req) => (isStream(req) ? { status: 406, body: { message: 'Not Acceptable' } } : { body: hosted }));
    renderPanel();
    await userEvent.type(await messageBox(), 'Book Monday{Enter}');
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    const card = screen.getByRole('group', { name: 'Function call book_slot' });
    expect(card).toHaveTextContent('"day": "Monday"');
    expect(card).toHaveTextContent('"booked": true');
    expect(within(card).queryByTestId('function-call-duration')).not.toBeInTheDocument();
    const sent = host.of('POST', `/conversations/${CONVERSATION}/messages`);
    expect(sent.map((r) => r.accept.includes('text/event-stream'))).toEqual([true, false]);

    // The host is remembered: the next message goes the plain way at once.
    await userEvent.type(await messageBox(), 'Thanks{Enter}');
    await waitFor(() => expect(host.of('POST', `/conversations/${CONVERSATION}/messages`)).toHaveLength(3));
    expect(host.of('POST', `/conversations/${CONVERSATION}/messages`)[2]!.accept).not.toContain('text/event-stream');
  });

  it('takes a JSON reply to the stream request as the reply, without sending the message again', async () => {
    const host = chatHost(() => ({ body: REPLY }));
    renderPanel();
    await userEvent.type(await messageBox(), 'Where is my order?{Enter}');
    await screen.findByText('Your order A-17 has shipped and arrives Friday.');
    expect(host.of('POST', `/conversations/${CONVERSATION}/messages`)).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Function call order_status' })).toBeInTheDocument();
  });

  it('shows a failed tool call with its error', async () => {
    chatHost(() =>
      sseResponse([
        ['function_call', { id: 'c1', name: 'order_status', arguments: { order_id: 'A-17' } }],
        ['function_result', { id: 'c1', name: 'order_status', arguments: { order_id: 'A-17' }, result: null, error: 'Timed out after 5 s', duration_ms: 5000 }],
        ['done', { status: true, message: 'I could not look that up.', function_calls: [{ name: 'order_status', arguments: { order_id: 'A-17' }, result: null, error: 'Timed out after 5 s', duration_ms: 5000 }] }],
      ]),
    );
    renderPanel();
    await userEvent.type(await messageBox(), 'Where is my order?{Enter}');
    await screen.findByText('I could not look that up.');
    const card = screen.getByRole('group', { name: 'Function call order_status' });
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(card).toHaveTextContent('Timed out after 5 s');
    expect(within(card).getByTestId('function-call-duration')).toHaveTextContent('took 5 s');
  });

  it('answers a 503 without a model with the setup card and its commands', async () => {
    const error = 'No language model is configured: set LLM_BASE_URL to an OpenAI-compatible endpoint (e.g. http://localhost:11434/v1) and restart.';
    chatHost(() => ({ status: 503, body: { status: false, error } }));
    renderPanel();
    await userEvent.type(await messageBox(), 'Hello{Enter}');
    const card = await screen.findByTestId('model-setup');
    expect(within(card).getByText('Connect a language model')).toBeInTheDocument();
    expect(card).toHaveTextContent(error);
    expect(card).toHaveTextContent('ollama serve');
    expect(card).toHaveTextContent('LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=llama3.2 npm start');
    expect(card).toHaveTextContent('llama-server -m model.gguf --port 8081');
    expect(card).toHaveTextContent('LLM_BASE_URL=http://localhost:8081/v1 npm start');
    expect(screen.getByText('No reply to this message')).toBeInTheDocument();
    // The box is free again for the next try.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled());
  });

  it('says plainly when the host has no conversation API (404 on create)', async () => {
    fakeHost(() => undefined);
    renderPanel();
    expect(await screen.findByTestId('host-lacks-chat')).toHaveTextContent('This service does not offer text conversations');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it('shows the service’s own 404 (an unknown assistant) as an error with a retry', async () => {
    fakeHost(() => ({ status: 404, body: { status: false, error: 'Assistant not found' } }));
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Assistant not found');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByTestId('host-lacks-chat')).not.toBeInTheDocument();
  });

  it('shows an error that arrives in the stream, and what came before it', async () => {
    chatHost(() => sseResponse([['text', { delta: 'Let me' }], ['error', { status: false, error: 'The model answered 500 three times.' }]]));
    renderPanel();
    await userEvent.type(await messageBox(), 'Hi{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The model answered 500 three times.');
    expect(screen.getByText('Let me')).toBeInTheDocument();
  });

  it('renders markup from the model and the host as text', async () => {
    const evil = '<img src=x onerror="alert(1)"><b>bold</b>';
    fakeHost((req) => {
      if (req.path === '/conversations') return created([{ role: 'assistant', content: `<script>alert(1)</script>` }]);
      return { body: { status: true, message: evil, function_calls: [{ name: '<i>tool</i>', arguments: { q: '<svg onload=alert(1)>' }, result: '<a href="javascript:alert(1)">x</a>' }] } };
    });
    const { container } = renderPanel();
    await userEvent.type(await messageBox(), 'Hi{Enter}');
    expect(await screen.findByText(evil)).toBeInTheDocument();
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(container.querySelector('img, b, script, svg[onload], a[href^="javascript"], i')).toBeNull();
  });

  it('says when AI replies are off and the message was only kept', async () => {
    chatHost(() => ({ body: { status: true, message: '', function_calls: [], ai_disabled: true } }));
    renderPanel();
    await userEvent.type(await messageBox(), 'Anyone there?{Enter}');
    expect(await screen.findByText(/AI replies are off in this conversation/)).toBeInTheDocument();
  });

  it('restarts with the variables as edited', async () => {
    const host = chatHost(() => ({ body: REPLY }));
    renderPanel();
    await screen.findByText('Hello Ada, how can I help?');
    await userEvent.click(screen.getByRole('button', { name: 'Variables (2)' }));
    const name = await screen.findByRole('textbox', { name: 'customer_name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Grace');
    await userEvent.click(screen.getByRole('button', { name: 'Restart with these values' }));
    await waitFor(() => expect(host.of('POST', '/conversations')).toHaveLength(2));
    expect(host.of('POST', '/conversations')[1]!.body).toMatchObject({ variables: { customer_name: 'Grace', order_count: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(host.of('POST', '/conversations')).toHaveLength(3));
  });

  it('copies the transcript with the function calls, and links to the conversation', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    chatHost(() => ({ body: REPLY }));
    renderPanel();
    await userEvent.type(await messageBox(), 'Where is my order?{Enter}');
    await screen.findByText('Your order A-17 has shipped and arrives Friday.');
    await userEvent.click(screen.getByRole('button', { name: 'Copy transcript' }));
    expect(writeText).toHaveBeenCalledWith(
      [
        'Order desk:\nHello Ada, how can I help?',
        'User:\nWhere is my order?',
        'Order desk:\n  Called order_status with {"order_id":"A-17"} (120 ms)\n    Result: {"status":"shipped","eta":"Friday"}\nYour order A-17 has shipped and arrives Friday.',
      ].join('\n\n'),
    );
    expect(screen.getByRole('link', { name: 'Open in Conversations' })).toHaveAttribute('href', `/conversations?open=${CONVERSATION}`);
  });
});

describe('TestChatButton', () => {
  it('opens the chat in a drawer, loading it on the first press', async () => {
    const host = chatHost(() => ({ body: REPLY }));
    renderWithRouter({ '/': () => <TestChatButton assistant={ASSISTANT} /> });
    const button = await screen.findByRole('button', { name: 'Test chat' });
    expect(host.calls).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByText('Hello Ada, how can I help?')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('Order desk');
  });
});
