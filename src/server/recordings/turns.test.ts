import { describe, expect, it } from 'vitest';
import type { TranscriptLine } from '../db/schema';
import { espeakLanguage } from '../speech/espeak';
import { languageTag } from './queue';
import { spokenTurns } from './turns';

describe('spokenTurns', () => {
  const t0 = Date.parse('2026-03-02T09:30:00Z');
  const at = (s: number) => new Date(t0 + s * 1000).toISOString();

  it('speaks messages and fillers at their times from the answer; tool calls are silent', () => {
    const transcript = [
      { sender: 'bot', text: 'Hello!', timestamp: at(2) },
      { sender: 'human', text: '  I need a table. ', timestamp: at(5) },
      { sender: 'bot', type: 'filler', text: 'One moment…', timestamp: at(7) },
      { sender: 'tool', type: 'function_call', text: '', name: 'book', timestamp: at(8) },
      { sender: 'bot', text: '', timestamp: at(9) },
      { sender: 'assistant', text: 'Booked.', timestamp: at(10) },
    ] as unknown as TranscriptLine[];
    expect(spokenTurns(transcript, t0)).toEqual([
      { atMs: 2000, voice: 'assistant', text: 'Hello!' },
      { atMs: 5000, voice: 'customer', text: 'I need a table.' },
      { atMs: 7000, voice: 'assistant', text: 'One moment…' },
      { atMs: 10000, voice: 'assistant', text: 'Booked.' },
    ]);
    // Without an answer time (or one after the first turn), the first turn starts the recording.
    expect(spokenTurns(transcript, null)[0]?.atMs).toBe(0);
    expect(spokenTurns(transcript, t0 + 60_000)[1]?.atMs).toBe(3000);
  });

  it('speaks nothing of a transcript kept as one string, and places turns without a time after the one before', () => {
    expect(spokenTurns('AI: Hello\nUser: Hi', t0)).toEqual([]);
    expect(spokenTurns(null, t0)).toEqual([]);
    const turns = spokenTurns([{ sender: 'bot', text: 'A', timestamp: 'yesterday-ish' }, { sender: 'human', text: 'B', timestamp: '' }] as TranscriptLine[], null);
    expect(turns.map((t) => t.atMs)).toEqual([0, 600]);
  });
});

describe('the language spoken', () => {
  it("is the assistant's language as a tag", () => {
    expect(languageTag('German', 'de')).toBe('de');
    expect(languageTag('Deutsch', null)).toBe('de');
    expect(languageTag('pt_BR', null)).toBe('pt-br');
    expect(languageTag('English', null)).toBe('en');
    expect(languageTag(null, null)).toBe('en');
  });

  it("is the closest of eSpeak NG's voices", () => {
    const voices = new Set(['en-gb', 'en-us', 'de', 'fr-fr', 'fr-be', 'pt', 'pt-br']);
    expect(espeakLanguage('en', voices)).toBe('en-us');
    expect(espeakLanguage('en-GB', voices)).toBe('en-gb');
    expect(espeakLanguage('de-AT', voices)).toBe('de');
    expect(espeakLanguage('fr', voices)).toBe('fr-fr');
    expect(espeakLanguage('pt', voices)).toBe('pt-br');
    expect(espeakLanguage('tlh', voices)).toBe('en-us');
  });
});
