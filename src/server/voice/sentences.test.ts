import { describe, expect, it } from 'vitest';
import { SentenceSplitter, splitSentences } from './sentences';

/** The text streamed in pieces of `size` characters, as a model sends it. */
function streamed(text: string, size: number): string[] {
  const s = new SentenceSplitter();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...s.push(text.slice(i, i + size)));
  const rest = s.flush();
  return rest === null ? out : [...out, rest];
}

describe('sentences', () => {
  it('cuts at full stops, questions and exclamations, whatever the pieces', () => {
    const text = 'Your order is shipped. It arrives Friday! Anything else? Bye';
    for (const size of [1, 3, 4, 7, 100]) expect(streamed(text, size)).toEqual(['Your order is shipped.', 'It arrives Friday!', 'Anything else?', 'Bye']);
  });

  it('hands a sentence out as soon as the next one begins, before the text is complete', () => {
    const s = new SentenceSplitter();
    expect(s.push('Hello there.')).toEqual([]);
    expect(s.push(' How')).toEqual(['Hello there.']);
    expect(s.push(' are you')).toEqual([]);
    expect(s.flush()).toBe('How are you');
  });

  it('keeps numbers, abbreviations and initials inside the sentence', () => {
    expect(splitSentences('It costs 3.50 dollars. Dr. Smith, e.g. at 10 a.m. today, or Mr. J. Doe will call.')).toEqual([
      'It costs 3.50 dollars.',
      'Dr. Smith, e.g. at 10 a.m. today, or Mr. J. Doe will call.',
    ]);
  });

  it('reads German: z. B., bzw., Nr., ordinals before months and lower-case words', () => {
    for (const size of [1, 5, 200]) {
      expect(streamed('Ihre Bestellung Nr. 1234 kommt am 3. Mai, z. B. vormittags bzw. mittags. Der 2. von rechts ist es. Danke!', size)).toEqual([
        'Ihre Bestellung Nr. 1234 kommt am 3. Mai, z. B. vormittags bzw. mittags.',
        'Der 2. von rechts ist es.',
        'Danke!',
      ]);
    }
  });

  it('a sentence ending in a number still ends, and a blank line between steps cuts too', () => {
    expect(splitSentences('The total is 12. Shall I book it?')).toEqual(['The total is 12.', 'Shall I book it?']);
    expect(splitSentences('Let me check\n\nYour order is on its way.')).toEqual(['Let me check', 'Your order is on its way.']);
    expect(splitSentences('Really?! "Yes." Fine…  ok')).toEqual(['Really?!', '"Yes."', 'Fine…', 'ok']);
  });
});
