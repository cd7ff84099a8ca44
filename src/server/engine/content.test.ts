import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PostCallField } from '../db/schema';
import { callContent, fillVariables, languageOf, type ContentAssistant, type ContentInput } from './content';
import { makePlan } from './plan';

const assistant = (over: Partial<ContentAssistant> = {}): ContentAssistant => ({
  name: 'Ada',
  initial_message: 'Hi {{customer_name}}, this is {{agent}} from {{company}}.',
  wait_for_customer: false,
  variables: { agent: 'Max', company: 'Default Co' },
  post_call_schema: [],
  post_call_evaluation: false,
  voice_mail_message: null,
  ...over,
});

const contentFor = (number: string, over: Partial<ContentInput> = {}, callId = 1) =>
  callContent({
    plan: makePlan({ callId, type: 'outbound', customerNumber: number, maxDuration: 600, endCallOnVoicemail: false, inputVariables: {}, engineSeed: 't' }),
    type: 'outbound',
    assistant: assistant(),
    language: 'en',
    variables: { customer_name: 'Jane', company: 'Acme' },
    goalVariable: null,
    customerPhone: number,
    answeredAt: Date.parse('2026-03-02T10:00:03Z'),
    ...over,
  });

describe('fillVariables', () => {
  it('fills from the first source that has the key and leaves unknown placeholders as written', () => {
    expect(fillVariables('Hi {{ name }}, {{n}} {{b}} {{missing}} {{obj}}', { name: 'Jo', n: 3, obj: { a: 1 } }, { b: false, name: 'X' })).toBe(
      'Hi Jo, 3 false {{missing}} {{obj}}',
    );
  });
});

describe('languageOf', () => {
  it('reads German from the name or the ISO code, and falls back to English', () => {
    expect(languageOf('German', null)).toBe('de');
    expect(languageOf(null, 'de')).toBe('de');
    expect(languageOf('Deutsch', null)).toBe('de');
    expect(languageOf('French', 'fr')).toBe('en');
    expect(languageOf(null, null)).toBe('en');
  });
});

describe('callContent', () => {
  it('starts with the initial message, the call’s variables over the assistant’s defaults', () => {
    const c = contentFor('+12025550100');
    expect(c.transcript?.[0]).toMatchObject({ sender: 'assistant', text: 'Hi Jane, this is Max from Acme.' });
    expect(c.transcript?.at(-1)?.sender).toBe('user');
  });

  it('lets the customer speak first when the assistant waits for them', () => {
    const c = contentFor('+12025550100', { assistant: assistant({ wait_for_customer: true }) });
    expect(c.transcript?.[0]?.sender).toBe('user');
    expect(c.transcript?.[1]).toMatchObject({ sender: 'assistant', text: 'Hi Jane, this is Max from Acme.' });
  });

  it('speaks German for a German assistant', () => {
    const de = contentFor('+12025550100', { language: 'de', assistant: assistant({ initial_message: '' }) });
    const text = de.transcript?.map((l) => l.text).join('\n') ?? '';
    expect(text).toMatch(/Guten Tag/);
    expect(text).toMatch(/auf Wiederhören/i);
    const en = contentFor('+12025550100', { assistant: assistant({ initial_message: '' }) });
    expect(en.transcript?.map((l) => l.text).join('\n')).not.toMatch(/Guten Tag|Wiederhören/);
  });

  it('has no transcript and collects nothing when nobody answered', () => {
    for (const number of ['+12025550101', '+12025550102', '+12025550104']) {
      const c = contentFor(number, { assistant: assistant({ post_call_schema: [{ name: 'x', type: 'string', description: '' }] }) });
      expect(c.transcript).toBeNull();
      expect(c.extracted).toEqual({});
    }
  });

  it('leaves the voicemail message on a machine, or hangs up silently', () => {
    const left = contentFor('+12025550103', { assistant: assistant({ voice_mail_message: 'Call {{company}} back.' }) });
    expect(left.transcript?.map((l) => l.sender)).toEqual(['user', 'assistant']);
    expect(left.transcript?.[1]?.text).toBe('Call Acme back.');
    const plan = makePlan({ callId: 1, type: 'outbound', customerNumber: '+12025550103', maxDuration: 600, endCallOnVoicemail: true, inputVariables: {}, engineSeed: 't' });
    const hungUp = contentFor('+12025550103', { plan });
    expect(hungUp.transcript?.map((l) => l.sender)).toEqual(['user']);
  });

  it('gives an evaluation only with post_call_evaluation', () => {
    expect(contentFor('+12025550100').evaluation).toEqual({});
    const e = contentFor('+12025550100', { assistant: assistant({ post_call_evaluation: true }) }).evaluation;
    expect(e).toMatchObject({ successful: true, sentiment: 'positive', summary: expect.any(String), score: expect.any(Number) });
    expect(contentFor('+12025550105', { assistant: assistant({ post_call_evaluation: true }) }).evaluation.successful).toBe(false);
  });

  it('sets the campaign’s goal variable true only when the conversation reached its goal', () => {
    const schema: PostCallField[] = [{ name: 'booked', type: 'bool', description: '' }];
    for (const [number, reached] of [
      ['+12025550100', true],
      ['+12025550105', false],
      ['+12025550106', false],
      ['+12025550103', false],
      ['+12025550101', false],
    ] as const) {
      const c = contentFor(number, { goalVariable: 'booked', assistant: assistant({ post_call_schema: schema }) });
      expect(c.extracted.booked, number).toBe(reached);
    }
  });

  it('fills every post-call field with a value of its type, the same for the same call', () => {
    const field = fc.record({
      name: fc.stringMatching(/^[a-z][a-z_]{0,20}$/),
      type: fc.constantFrom('string', 'number', 'bool'),
      description: fc.string({ maxLength: 40 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(field, { selector: (f) => f.name, maxLength: 12 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('+12025550100', '+12025550103', '+12025550105', '+14155552671'),
        fc.constantFrom<'en' | 'de'>('en', 'de'),
        (schema, callId, number, language) => {
          const c = contentFor(number, { assistant: assistant({ post_call_schema: schema }), language }, callId);
          if (c.transcript === null) {
            expect(c.extracted).toEqual({});
            return;
          }
          expect(Object.keys(c.extracted).sort()).toEqual(schema.map((f) => f.name).sort());
          for (const f of schema) {
            const expected = f.type === 'bool' ? 'boolean' : f.type;
            expect(typeof c.extracted[f.name], `${f.name}: ${f.type}`).toBe(expected);
          }
          expect(contentFor(number, { assistant: assistant({ post_call_schema: schema }), language }, callId)).toEqual(c);
        },
      ),
      { numRuns: 100 },
    );
  });
});
