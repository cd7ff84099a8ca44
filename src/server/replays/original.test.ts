import { describe, expect, it } from 'vitest';
import type { TalkEntry } from '../engine/talk/entries';
import { customerSystemPrompt } from '../engine/talk/persona';
import { LINES_MARKER, replayPersona, type CallFacts } from './original';

const at = '2026-03-09T10:00:00Z';

function original(transcript: TalkEntry[], over: Partial<CallFacts> = {}): CallFacts {
  return { call_id: 7, type: 'inbound', status: 'completed', end_reason: null, turns: 4, transcript, input_variables: { customer_name: 'Ada Lovelace', order: 'A-17' }, variables: {}, evaluation: {}, persona: null, created_at: at, ...over };
}

describe("a replay's caller", () => {
  it('is the original caller with their details and their lines in order, in one paragraph', () => {
    const p = replayPersona(
      original([
        { sender: 'bot', type: 'message', text: 'Hallo!', timestamp: at },
        { sender: 'human', type: 'message', text: 'Guten Tag, wo ist "meine"\nBestellung?', timestamp: at },
        { sender: 'human', type: 'message', text: 'Danke, tschüss.', timestamp: at },
      ]),
      'de',
    );
    expect(p).toMatch(/^Your name is Ada Lovelace\./);
    expect(p).toContain('Your details: customer_name: Ada Lovelace; order: A-17.');
    expect(p).toContain(`${LINES_MARKER} (1) "Guten Tag, wo ist \\"meine\\" Bestellung?" (2) "Danke, tschüss."`);
    expect(p).toMatch(/stay in character/);
    expect(p).not.toContain('\n');
    // The customer's prompt takes it as one paragraph.
    expect(customerSystemPrompt({ persona: p, assistantName: 'Acme', type: 'inbound', language: 'German' })).toContain(p);
  });

  it("keeps the persona the original call was placed with, and says when the caller said nothing", () => {
    const p = replayPersona(original([], { persona: 'You are Grace.\nYou are in a hurry.' }), 'en');
    expect(p).toMatch(/^You are Grace\. You are in a hurry\./);
    expect(p).toContain('In the earlier call you said nothing');
    expect(p).not.toContain(LINES_MARKER);
  });
});
