import { describe, expect, it } from 'vitest';
import { currentLanguageLine, matchLanguage, multilingualSystem } from './languages';

const en = { iso: 'en', name: 'English' };
const de = { iso: 'de', name: 'German' };
const fr = { iso: 'fr', name: 'French' };

describe('the call languages', () => {
  it('reads the detected language as OpenAI names it, as a code, or a tag; others are none of the call', () => {
    expect(matchLanguage('german', [en, de])).toBe(de);
    expect(matchLanguage('German', [en, de])).toBe(de);
    expect(matchLanguage('de', [en, de])).toBe(de);
    expect(matchLanguage('de-DE', [en, de])).toBe(de);
    expect(matchLanguage('english', [en, de])).toBe(en);
    expect(matchLanguage('french', [en, de])).toBeNull();
    expect(matchLanguage('', [en, de])).toBeNull();
    expect(matchLanguage(undefined, [en, de])).toBeNull();
  });

  it('replaces the one-language rule of the prompt, or adds the line when the prompt has none', () => {
    const system = 'You are Acme.\n\nAlways answer in English, whatever language the other side writes in.\n\nBe brief.';
    const many = multilingualSystem(system, en, [de, fr]);
    expect(many).toBe('You are Acme.\n\nYou speak English, German and French. Answer in the language the caller speaks, if it is one of these; otherwise in English.\n\nBe brief.');
    expect(multilingualSystem('You are Acme.', en, [de])).toBe('You are Acme.\n\nYou speak English and German. Answer in the language the caller speaks, if it is one of these; otherwise in English.');
    expect(currentLanguageLine(de)).toBe('The caller speaks German now: answer in German.');
  });
});
