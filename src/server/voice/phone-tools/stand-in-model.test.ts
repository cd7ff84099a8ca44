import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../model/chat-model';
import { createChatModel } from '../../model/openai-compatible';
import { conversation, startStandInModel } from '../../test/stand-ins/model';
import { PhoneTools } from './functions';

/* The model stand-in's browser-test script calls the telephone tools when asked, and says their answers. */

const model = await startStandInModel({ fallback: conversation });
afterAll(() => model.close());
const chat = createChatModel({ baseUrl: model.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 5_000, maxRetries: 0, retryDelayMs: 10 });
const tools = new PhoneTools([
  { type: 'dtmf_input', data: { description: 'Press keys.' } },
  { type: 'collect_keypad', data: {} },
  { type: 'call_transfer', data: { phone_number: '+4930123456', description: 'To sales.' } },
  { type: 'warm_call_transfer', data: { supervisor_phone: '+4930999000', outbound_phone_id: 1, description: 'To a supervisor.' } },
]).offered;
const ask = (messages: ChatMessage[]) => chat.reply({ model: 'gpt-4o', system: 'You are a phone assistant.', messages, tools });

describe('the model stand-in and the telephone tools', () => {
  it('calls each tool when asked in words', async () => {
    const called = async (words: string) => (await ask([{ role: 'user', content: words }])).toolCalls.map((c) => [c.name, c.arguments]);
    expect(await called('Please press 1 2 # for me.')).toEqual([['dtmf_input', { keys: '12#' }]]);
    expect(await called('I will type my number on the keypad.')).toEqual([['collect_keypad', {}]]);
    expect(await called('Can you transfer me?')).toEqual([['call_transfer', {}]]);
    expect(await called('I want your supervisor.')).toEqual([['warm_call_transfer', {}]]);
  });

  it('answers the caller\'s keys and the tools\' results', async () => {
    expect((await ask([{ role: 'user', content: '(The caller pressed these keys on their phone: 42#)' }])).text).toBe('You pressed 42#.');
    const after = (name: string, result: unknown) =>
      ask([
        { role: 'user', content: 'Go on.' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name, arguments: {} }] },
        { role: 'tool', toolCallId: 'c1', name, result, isError: false },
      ]);
    expect((await after('collect_keypad', { digits: '9081', ended_by: 'stop_key' })).text).toBe('You typed 9081.');
    expect((await after('warm_call_transfer', { transferred: false })).text).toBe('Nobody answered. I am back with you.');
  });
});
