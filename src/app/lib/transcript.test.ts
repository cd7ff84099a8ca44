import { describe, expect, it } from 'vitest';
import { transcriptSchema } from '@contract/call';
import { formatTurnTime, parseTranscript, sideOf, transcriptText } from './transcript';

describe('parseTranscript, string form', () => {
  it('reads AI:/User: lines as the two sides', () => {
    const turns = parseTranscript('AI: Hello, this is Anna.\nUser: Hi Anna.\nAI: How can I help?');
    expect(turns.map((t) => [t.side, t.text])).toEqual([
      ['assistant', 'Hello, this is Anna.'],
      ['customer', 'Hi Anna.'],
      ['assistant', 'How can I help?'],
    ]);
  });

  it('reads Assistant:/Customer: and other casings, CRLF and blank lines', () => {
    const turns = parseTranscript('assistant: Good morning\r\n\r\nCUSTOMER: Morning\r\nBot: Bye\nHuman: Bye');
    expect(turns.map((t) => t.side)).toEqual(['assistant', 'customer', 'assistant', 'customer']);
    expect(turns[1]?.text).toBe('Morning');
  });

  it('keeps lines without a speaker with the turn before, even ones with a colon', () => {
    const turns = parseTranscript('AI: Your options:\n1. Monday\nNote: bring ID\nUser: Monday works.');
    expect(turns).toHaveLength(2);
    expect(turns[0]?.text).toBe('Your options:\n1. Monday\nNote: bring ID');
    expect(turns[1]).toMatchObject({ side: 'customer', text: 'Monday works.' });
  });

  it('keeps text before the first speaker as a note', () => {
    const turns = parseTranscript('Call started\nAI: Hello');
    expect(turns.map((t) => t.side)).toEqual(['other', 'assistant']);
  });

  it('reads a bracketed time before the speaker', () => {
    expect(parseTranscript('[00:05] AI: Hi')[0]).toMatchObject({ side: 'assistant', text: 'Hi', timestamp: '00:05' });
  });

  it('gives no turns for null, undefined, empty and whitespace', () => {
    expect(parseTranscript(null)).toEqual([]);
    expect(parseTranscript(undefined)).toEqual([]);
    expect(parseTranscript('')).toEqual([]);
    expect(parseTranscript('  \n ')).toEqual([]);
    expect(parseTranscript('AI:   \nUser:')).toEqual([]);
  });

  it('keeps markup and script-like text exactly as text', () => {
    const turns = parseTranscript('AI: <script>alert(1)</script>\nUser: <img src=x onerror="alert(2)">');
    expect(turns[0]?.text).toBe('<script>alert(1)</script>');
    expect(turns[1]?.text).toBe('<img src=x onerror="alert(2)">');
  });
});

describe('parseTranscript, list form', () => {
  it('reads sender bot/human as the hosted call endpoints send it', () => {
    const parsed = transcriptSchema.parse([
      { text: 'Hello', type: 'transcript', sender: 'bot', timestamp: '2025-05-12 14:03:09' },
      { text: 'Hi', type: 'transcript', sender: 'human', timestamp: '2025-05-12 14:03:11' },
    ]);
    const turns = parseTranscript(parsed);
    expect(turns.map((t) => [t.side, t.text])).toEqual([
      ['assistant', 'Hello'],
      ['customer', 'Hi'],
    ]);
  });

  it('reads sender assistant/user, role/content, and skips empty entries', () => {
    const turns = parseTranscript([
      { sender: 'assistant', text: 'A' },
      { sender: 'user', text: 'B' },
      { role: 'assistant', content: 'C' },
      { sender: 'bot', text: '' },
      { sender: 'human', text: null },
    ]);
    expect(turns.map((t) => [t.side, t.text])).toEqual([
      ['assistant', 'A'],
      ['customer', 'B'],
      ['assistant', 'C'],
    ]);
  });

  it('shows an unknown sender as it came, on neither side', () => {
    expect(parseTranscript([{ sender: 'system', text: 'Transferred' }])[0]).toMatchObject({
      side: 'other',
      speaker: 'system',
    });
  });

  it('takes numeric text and keeps the timestamp', () => {
    const parsed = transcriptSchema.parse([{ sender: 'human', text: 42, timestamp: 12 }]);
    expect(parseTranscript(parsed)[0]).toMatchObject({ text: '42', timestamp: 12 });
  });
});

describe('helpers', () => {
  it('sideOf knows the usual names', () => {
    expect(sideOf('AI')).toBe('assistant');
    expect(sideOf('Human')).toBe('customer');
    expect(sideOf(null)).toBe('other');
  });

  it('transcriptText gives labelled lines for either form', () => {
    expect(transcriptText('AI: Hi\nUser: Hello')).toBe('Assistant: Hi\nCustomer: Hello');
    expect(transcriptText([{ sender: 'bot', text: 'Hi' }])).toBe('Assistant: Hi');
    expect(transcriptText(null)).toBe('');
  });

  it('reads keys a caller pressed (type keypress) as the customer\'s keys', () => {
    const turns = parseTranscript([{ sender: 'human', type: 'keypress', text: '12#', timestamp: '2026-12-07T06:00:00.000Z' }]);
    expect(turns).toMatchObject([{ side: 'customer', kind: 'keys', text: '12#' }]);
    expect(transcriptText([{ sender: 'human', type: 'keypress', text: '12#' }])).toBe('Customer (keys pressed): 12#');
  });

  it('formatTurnTime reads offsets as m:ss and leaves odd values as they came', () => {
    expect(formatTurnTime(75)).toBe('1:15');
    expect(formatTurnTime('9')).toBe('0:09');
    expect(formatTurnTime('00:05')).toBe('00:05');
    expect(formatTurnTime(null)).toBeNull();
    expect(formatTurnTime('2025-05-12 14:03:09')).toMatch(/\d{2}.\d{2}.\d{2}/);
  });
});

describe('parseTranscript, a hand-over (assistant_transfer)', () => {
  it('shows where the call went on with another assistant as a note, and nothing for an entry it cannot name', () => {
    const entries = transcriptSchema.parse([
      { sender: 'bot', type: 'message', text: 'One moment, I am handing you over.', timestamp: '2026-03-02T10:00:01Z' },
      { sender: 'tool', type: 'handover', text: '', timestamp: '2026-03-02T10:00:03Z', from_assistant_id: 1, assistant_id: 2, assistant_name: 'Acme sales' },
      { sender: 'bot', type: 'message', text: 'Hi, this is Sam.', timestamp: '2026-03-02T10:00:03Z' },
    ]);
    const turns = parseTranscript(entries);
    expect(turns.map((t) => [t.side, t.text])).toEqual([
      ['assistant', 'One moment, I am handing you over.'],
      ['other', 'Handed over to the assistant Acme sales'],
      ['assistant', 'Hi, this is Sam.'],
    ]);
    expect(transcriptText(entries).split('\n')[1]).toBe('Note: Handed over to the assistant Acme sales');
  });
});
