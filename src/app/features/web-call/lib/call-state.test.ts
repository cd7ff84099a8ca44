import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webCallServerMessage, type WebCallServerMessage } from '@contract/voice';
import { callReducer, initialCallView, type CallEvent, type CallView, type TranscriptLine } from './call-state';

const server = (raw: unknown, at = 1_000): CallEvent => ({ type: 'server', message: webCallServerMessage.parse(raw), at });
const run = (events: CallEvent[], from: CallView = initialCallView) => events.reduce(callReducer, from);
const lines = (view: CallView) => view.items.filter((i): i is TranscriptLine => i.kind === 'line');

describe('the web call’s transcript and state', () => {
  it('grows a line by its id, then marks it final', () => {
    const view = run([
      { type: 'socket-open' },
      server({ type: 'ready', call_id: 41 }),
      server({ type: 'transcript', id: 'u1', sender: 'human', text: 'Where', final: false }),
      server({ type: 'transcript', id: 'u1', sender: 'human', text: 'Where is my order', final: false }),
      server({ type: 'transcript', id: 'b1', sender: 'bot', text: 'Let me', final: false }),
      server({ type: 'transcript', id: 'u1', sender: 'human', text: 'Where is my order A-1234?', final: true }),
    ]);
    expect(view.phase).toBe('live');
    expect(view.callId).toBe(41);
    expect(lines(view).map((l) => [l.key, l.sender, l.text, l.final])).toEqual([
      ['line:u1', 'human', 'Where is my order A-1234?', true],
      ['line:b1', 'bot', 'Let me', false],
    ]);
  });

  it('keeps an interrupted line marked, with the words that were played', () => {
    const view = run([
      server({ type: 'ready', call_id: 1 }),
      server({ type: 'transcript', id: 'b1', sender: 'bot', text: 'Your order is on its way and', final: false }),
      server({ type: 'clear' }),
      server({ type: 'transcript', id: 'b1', sender: 'bot', text: 'Your order is on', final: true, interrupted: true }),
      // A late repeat without the flag does not unmark it.
      server({ type: 'transcript', id: 'b1', sender: 'bot', text: 'Your order is on', final: true }),
    ]);
    expect(lines(view)).toEqual([{ kind: 'line', key: 'line:b1', sender: 'bot', text: 'Your order is on', final: true, interrupted: true }]);
  });

  it('adds tool calls as cards between the lines, and follows the state', () => {
    const view = run([
      server({ type: 'ready', call_id: 1 }),
      server({ type: 'state', state: 'thinking' }),
      server({ type: 'tool', name: 'order_status', arguments: { order_id: 'A-1234' }, result: { status: 'shipped' } }),
      server({ type: 'state', state: 'speaking' }),
      server({ type: 'state', state: 'something-new' }),
    ]);
    expect(view.items).toMatchObject([{ kind: 'tool', name: 'order_status', result: { status: 'shipped' } }]);
    expect(view.state).toBe('listening');
  });

  it('ends with the call’s id and reason; a socket that drops mid-call ends it with a note', () => {
    const ended = run([{ type: 'socket-open' }, server({ type: 'ready', call_id: 7 }), server({ type: 'ended', call_id: 7, reason: 'caller-ended' }), { type: 'socket-closed', code: 1000 }]);
    expect(ended).toMatchObject({ phase: 'ended', callId: 7, endedReason: 'caller-ended', problem: null });
    const dropped = run([{ type: 'socket-open' }, server({ type: 'ready', call_id: 8 }), { type: 'socket-closed', code: 1006 }]);
    expect(dropped).toMatchObject({ phase: 'ended', callId: 8, problem: { kind: 'dropped' } });
  });

  it('tells a refused socket from a refused ticket, and End call from a drop', () => {
    expect(run([{ type: 'socket-closed', code: 1006 }])).toMatchObject({ phase: 'failed', problem: { kind: 'socket-refused' } });
    expect(run([{ type: 'socket-closed', code: 4401 }])).toMatchObject({ phase: 'failed', problem: { kind: 'socket-ticket' } });
    expect(run([{ type: 'socket-closed', code: 4503 }])).toMatchObject({ phase: 'failed', problem: { kind: 'unavailable' } });
    // Accepted, then closed at once with the service's code: still the ticket.
    expect(run([{ type: 'socket-open' }, { type: 'socket-closed', code: 4401 }])).toMatchObject({ phase: 'failed', problem: { kind: 'socket-ticket' } });
    expect(run([{ type: 'socket-open' }, { type: 'ending' }, { type: 'socket-closed', code: 1006 }])).toMatchObject({ phase: 'ended', problem: null });
  });

  it('keeps the service’s own words when it closes the socket after an error', () => {
    const view = run([{ type: 'socket-open' }, server({ type: 'ready', call_id: 3 }), server({ type: 'error', message: 'The model is not reachable.' }), { type: 'socket-closed', code: 1011 }]);
    expect(view).toMatchObject({ phase: 'ended', callId: 3, problem: { kind: 'service-error', message: 'The model is not reachable.' } });
  });

  it('shows an error message and goes on', () => {
    const view = run([{ type: 'socket-open' }, server({ type: 'error', message: 'Transcription failed' })]);
    expect(view).toMatchObject({ phase: 'live', problem: { kind: 'service-error', message: 'Transcription failed' } });
  });
});

/** Any message the socket might carry, as the contract's schema reads it (odd values included). */
const rawMessage = fc.oneof(
  fc.record({ type: fc.constant('ready'), call_id: fc.oneof(fc.integer({ min: 1, max: 99 }), fc.constant('12')) }),
  fc.record({ type: fc.constant('state'), state: fc.constantFrom('listening', 'thinking', 'speaking', 'ended', 'odd', '') }),
  fc.record(
    {
      type: fc.constant('transcript'),
      id: fc.oneof(fc.constantFrom('a', 'b', 'c', '#1', 'line:a', 'anon:1', 'tool:1'), fc.integer({ min: 0, max: 3 }), fc.constant(null)),
      sender: fc.constantFrom('human', 'bot', 'robot'),
      text: fc.oneof(fc.string(), fc.constant(null)),
      final: fc.boolean(),
      interrupted: fc.boolean(),
    },
    { requiredKeys: ['type', 'id', 'sender', 'text', 'final'] },
  ),
  fc.record({ type: fc.constant('tool'), name: fc.string(), arguments: fc.jsonValue(), result: fc.jsonValue() }),
  fc.constant({ type: 'clear' }),
  fc.record({ type: fc.constant('ended'), call_id: fc.oneof(fc.integer({ min: 1, max: 99 }), fc.constant(null)), reason: fc.string() }),
  fc.record({ type: fc.constant('error'), message: fc.string() }),
);

const browserEvent = fc.oneof(
  fc.constant<CallEvent>({ type: 'socket-open' }),
  fc.constant<CallEvent>({ type: 'ending' }),
  fc.integer({ min: 1000, max: 4999 }).map((code): CallEvent => ({ type: 'socket-closed', code })),
  fc.constant<CallEvent>({ type: 'failed', problem: { kind: 'mic-denied' } }),
);

const anyEvent = fc.oneof(
  { weight: 4, arbitrary: rawMessage.map((raw) => ({ raw })) },
  { weight: 1, arbitrary: browserEvent.map((event) => ({ event })) },
);

describe('the web call’s reducer, for any sequence of messages', () => {
  it('never throws, keeps keys unique, and keeps a line’s final and interrupted marks once set', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 60 }), (steps) => {
        let view = initialCallView;
        const finalKeys = new Set<string>();
        const interruptedKeys = new Set<string>();
        for (const step of steps) {
          let event: CallEvent;
          if ('raw' in step) {
            const parsed = webCallServerMessage.safeParse(step.raw);
            if (!parsed.success) continue;
            event = { type: 'server', message: parsed.data as WebCallServerMessage, at: 5 };
          } else event = step.event;
          view = callReducer(view, event);
          const keys = view.items.map((i) => i.key);
          expect(new Set(keys).size).toBe(keys.length);
          for (const line of lines(view)) {
            if (finalKeys.has(line.key)) expect(line.final).toBe(true);
            if (interruptedKeys.has(line.key)) expect(line.interrupted).toBe(true);
            if (line.final) finalKeys.add(line.key);
            if (line.interrupted) interruptedKeys.add(line.key);
          }
        }
        // Nothing changes once the call is over.
        if (view.phase === 'ended' || view.phase === 'failed') {
          expect(callReducer(view, { type: 'server', message: { type: 'transcript', id: 'late', sender: 'bot', text: 'x', final: true }, at: 9 })).toBe(view);
        }
      }),
      { numRuns: 300 },
    );
  });
});
