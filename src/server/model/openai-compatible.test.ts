import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../config';
import { startStandInModel, type StandInModel } from '../test/stand-ins/model';
import { chooseModel, ModelCallError, UnknownModelError, type ChatModel } from './chat-model';
import { createChatModel } from './openai-compatible';
import { retryDelayMs } from './retry';

/* The adapter against the stand-in server: the protocol, tool calls, streaming, retries, time-outs. */

let stand: StandInModel;
let model: ChatModel;
const config = (over: Partial<LlmConfig> = {}): LlmConfig => ({
  baseUrl: stand.baseUrl,
  apiKey: 'sk-test',
  model: undefined,
  timeoutMs: 2_000,
  maxRetries: 2,
  retryDelayMs: 5,
  ...over,
});

beforeAll(async () => {
  stand = await startStandInModel();
  model = createChatModel(config());
});
afterAll(() => stand.close());

const ask = { model: 'stand-in-small', system: 'Be brief.', messages: [{ role: 'user' as const, content: 'Hi' }], tools: [] };

describe('reply', () => {
  it('sends the system prompt, the history and the key, and reads the text and usage', async () => {
    stand.script({ text: 'Hello there.', usage: { prompt_tokens: 12, completion_tokens: 3 } });
    const before = stand.requests.length;
    const r = await model.reply(ask);
    expect(r).toMatchObject({ text: 'Hello there.', toolCalls: [], usage: { inputTokens: 12, outputTokens: 3 }, attempts: 1 });
    expect(r.latencyMs).toBeGreaterThanOrEqual(0);
    const seen = stand.requests[before]!;
    expect(seen.headers.authorization).toBe('Bearer sk-test');
    expect(seen.body.model).toBe('stand-in-small');
    expect(seen.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('offers tools as functions and reads the calls, several in one step', async () => {
    stand.script({ toolCalls: [{ name: 'weather', arguments: { city: 'Berlin' }, id: 'c1' }, { name: 'weather', arguments: { city: 'Rome' }, id: 'c2' }] });
    const before = stand.requests.length;
    const tools = [{ name: 'weather', description: 'The weather', parameters: { type: 'object' as const, properties: { city: { type: 'string', description: 'A city' } }, required: ['city'] } }];
    const r = await model.reply({ ...ask, tools });
    expect(r.toolCalls).toEqual([
      { id: 'c1', name: 'weather', arguments: { city: 'Berlin' } },
      { id: 'c2', name: 'weather', arguments: { city: 'Rome' } },
    ]);
    expect(stand.requests[before]!.body.tools).toEqual([
      { type: 'function', function: { name: 'weather', description: 'The weather', parameters: tools[0]!.parameters } },
    ]);
  });

  it('sends earlier tool calls and their results back in the protocol form', async () => {
    stand.script({ text: 'It is sunny.' });
    const before = stand.requests.length;
    await model.reply({
      ...ask,
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c9', name: 'weather', arguments: { city: 'Oslo' } }] },
        { role: 'tool', toolCallId: 'c9', name: 'weather', result: { sky: 'clear' }, isError: false },
      ],
    });
    const messages = stand.requests[before]!.body.messages;
    expect(messages[2]).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'c9', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }] });
    expect(messages[3]).toMatchObject({ role: 'tool', tool_call_id: 'c9', content: '{"sky":"clear"}' });
  });

  it('marks a call whose arguments are not JSON as invalid', async () => {
    stand.script({ toolCalls: [{ name: 'weather', arguments: '{city: Berlin', id: 'bad' }] });
    const tools = [{ name: 'weather', description: 'The weather', parameters: { type: 'object' as const, properties: {} } }];
    const r = await model.reply({ ...ask, tools });
    expect(r.toolCalls).toHaveLength(1);
    expect(r.toolCalls[0]).toMatchObject({ id: 'bad', name: 'weather' });
    expect(r.toolCalls[0]!.invalid).toBeTruthy();
  });
});

describe('stream', () => {
  it('hands out the text as it comes and gives the same reply at the end', async () => {
    stand.script({ text: 'One two three four five.' });
    const pieces: string[] = [];
    const r = await model.stream(ask, { onText: (d) => pieces.push(d) });
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe('One two three four five.');
    expect(r.text).toBe('One two three four five.');
    expect(r.usage.inputTokens).toBe(10);
  });

  it('assembles streamed tool calls', async () => {
    stand.script({ toolCalls: [{ name: 'lookup', arguments: { q: 'abc', n: 2 }, id: 's1' }] });
    const tools = [{ name: 'lookup', description: 'Look up', parameters: { type: 'object' as const, properties: {} } }];
    const r = await model.stream({ ...ask, tools }, { onText: () => undefined });
    expect(r.toolCalls).toEqual([{ id: 's1', name: 'lookup', arguments: { q: 'abc', n: 2 } }]);
  });
});

describe('failures', () => {
  it('retries a 429 and a 500, then answers', async () => {
    stand.script({ status: 429, headers: { 'retry-after-ms': '10' } }, { status: 500 }, { text: 'Third time.' });
    const r = await model.reply(ask);
    expect(r).toMatchObject({ text: 'Third time.', attempts: 3 });
  });

  it('gives up after LLM_MAX_RETRIES with the endpoint\'s words', async () => {
    stand.script({ status: 503, body: { error: { message: 'overloaded' } } }, { status: 503, body: { error: { message: 'overloaded' } } }, { status: 503, body: { error: { message: 'overloaded' } } });
    const err = await model.reply(ask).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    expect((err as ModelCallError).message).toBe('The model endpoint answered 503: overloaded');
    expect((err as ModelCallError).statusCode).toBe(503);
  });

  it('does not retry a 400', async () => {
    const before = stand.requests.length;
    stand.script({ status: 400, body: { error: { message: 'bad request' } } });
    await expect(model.reply(ask)).rejects.toThrow('The model endpoint answered 400: bad request');
    expect(stand.requests.length - before).toBe(1);
  });

  it('cuts a slow answer off at LLM_TIMEOUT_MS, without retrying it', async () => {
    const slow = createChatModel(config({ timeoutMs: 150 }));
    const before = stand.requests.length;
    stand.script({ text: 'late', delayMs: 1_000 });
    const t0 = Date.now();
    await expect(slow.reply(ask)).rejects.toThrow('The model did not answer within 150 ms (LLM_TIMEOUT_MS).');
    expect(Date.now() - t0).toBeLessThan(900);
    expect(stand.requests.length - before).toBe(1);
  });

  it('names an unknown model and the ones the endpoint has', async () => {
    const err = await model.reply({ ...ask, model: 'llama-nope' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnknownModelError);
    expect((err as Error).message).toBe(`The model endpoint ${stand.baseUrl} has no model "llama-nope" (it has: stand-in-small, gpt-4o).`);
  });

  it('says so when the endpoint cannot be reached', async () => {
    const nowhere = createChatModel(config({ baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 }));
    await expect(nowhere.reply(ask)).rejects.toThrow(/^The model endpoint http:\/\/127\.0\.0\.1:9\/v1 could not be reached/);
  });
});

describe('listModels and chooseModel', () => {
  it('lists the endpoint\'s models', async () => {
    expect(await model.listModels()).toEqual(['stand-in-small', 'gpt-4o']);
  });

  it('LLM_MODEL wins over the assistant\'s model', () => {
    expect(chooseModel({ baseUrl: 'x', model: 'm1' }, 'gpt-4o')).toEqual({ model: 'm1', source: 'LLM_MODEL' });
    expect(chooseModel({ baseUrl: 'x', model: undefined }, 'gpt-4o')).toEqual({ model: 'gpt-4o', source: 'assistant' });
    expect(chooseModel({ baseUrl: 'x', model: undefined }, null)).toBeNull();
  });

  it('waits per Retry-After up to 10 s, else doubles the base', () => {
    expect(retryDelayMs(1, 100, undefined)).toBe(100);
    expect(retryDelayMs(3, 100, {})).toBe(400);
    expect(retryDelayMs(1, 100, { 'retry-after': '2' })).toBe(2000);
    expect(retryDelayMs(1, 100, { 'retry-after-ms': '15' })).toBe(15);
    expect(retryDelayMs(1, 100, { 'retry-after': '120' })).toBe(100);
  });
});
