import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { espeakSource, probeEspeak } from '../../speech/espeak';
import { CallerFeed, RecordingSink, RecordingTransport } from '../../test/voice-call';
import { voicemailFixtures } from '../../test/voicemail-fixtures';
import { realClock } from '../clock';
import type { VoiceEndReason, VoiceSessionInput } from '../session-types';
import { Speaker, speechVoice } from '../speaker';
import { VoicemailGate } from './gate';
import type { VoicemailPolicy } from './policy';
import { deliverLineVerdict } from './verdicts';

/*
 * The gate on a line that detects machines itself (Twilio's AMD), each AnsweredBy the line may send, with a
 * session that only records what reaches it, eSpeak NG as the voice and a fixture as the callee, fed in real time.
 */

const { machines, people } = voicemailFixtures();
let speaker: Speaker;
beforeAll(async () => {
  const espeak = await probeEspeak('espeak-ng');
  if (!espeak) throw new Error('espeak-ng is needed for the voice tests');
  const source = espeakSource(espeak, 10_000);
  speaker = new Speaker(source, speechVoice(source.engine, { name: 'Rachel', gender: 'female', accent: null, language: 'en', speed: 1 }));
});

class Sink extends RecordingSink {
  said: ('human' | 'machine')[] = [];
  answeredBy(by: 'human' | 'machine'): void {
    this.said.push(by);
  }
}

/** A session that keeps what the gate hands it. */
class Session implements VoiceSessionInput {
  samples = 0;
  ended: VoiceEndReason | null = null;
  pushAudio(samples: Float32Array): void {
    this.samples += samples.length;
  }
  end(reason: VoiceEndReason): Promise<void> {
    this.ended = reason;
    return Promise.resolve();
  }
}

let callIds = 1000;
const feeds: CallerFeed[] = [];
afterEach(() => {
  for (const f of feeds.splice(0)) f.stop();
});

function gate(policy: VoicemailPolicy, callee: Float32Array, lineTimeoutMs?: number) {
  const callId = (callIds += 1);
  const transport = new RecordingTransport();
  const sink = new Sink();
  const sessions: Session[] = [];
  const opened: { calleeSpoke: boolean }[] = [];
  const g = new VoicemailGate(
    { callId, userId: 1, assistantId: 1, variables: {}, direction: 'outbound', answeredAt: Date.now(), machineDetection: 'line' },
    policy,
    { clock: realClock(), speaker, transcriber: null, detector: null, log: () => undefined, ...(lineTimeoutMs ? { lineTimeoutMs } : {}) },
    transport,
    sink,
    (options) => {
      opened.push(options);
      const s = new Session();
      sessions.push(s);
      return s;
    },
  );
  const feed = new CallerFeed(() => g);
  feeds.push(feed);
  const t0 = performance.now();
  feed.start();
  void feed.say(callee);
  return { callId, transport, sink, sessions, opened, gate: g, t0 };
}

const until = async (what: string, test: () => boolean, ms = 15_000) => {
  const t0 = performance.now();
  while (!test()) {
    if (performance.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const MESSAGE = 'Please call Acme back.';

describe("the voicemail gate on a line's own verdict", () => {
  it('fax: a machine, hung up at once with nothing said', async () => {
    const c = gate({ message: MESSAGE, hangUp: false, outboundAssistant: true }, machines[0]!.samples);
    deliverLineVerdict(c.callId, 'fax');
    await until('the end', () => c.sink.result !== null);
    expect(c.transport.hungUp).toBe('voicemail_hang_up');
    expect(c.sink.said).toEqual(['machine']);
    expect(c.sessions).toHaveLength(0);
    expect(c.transport.firstSound(0)).toBeNull();
  });

  it('no verdict in time: unknown, and the call goes on as a person\'s (the session starts)', async () => {
    const c = gate({ message: MESSAGE, hangUp: true, outboundAssistant: true }, people[0]!.samples, 300);
    await until('the session', () => c.sessions.length === 1);
    expect(c.gate.report.verdict?.answeredBy).toBe('unknown');
    // Nobody was heard: an assistant that waits for the customer still waits.
    expect(c.opened).toEqual([{ calleeSpoke: false }]);
    await until('audio after the verdict', () => c.sessions[0]!.samples > 0);
    await c.gate.end('caller_ended');
    expect(c.sessions[0]!.ended).toBe('caller_ended');
    expect(c.sink.said).toEqual([]);
  });

  it('machine_start (MachineDetection=Enable): our detector finds the beep, and the message follows it', async () => {
    const machine = machines[0]!;
    const c = gate({ message: MESSAGE, hangUp: true, outboundAssistant: true }, machine.samples);
    // Early, as Enable answers: a second and a half into the greeting.
    await new Promise((r) => setTimeout(r, machine.speechStartMs + 1_500));
    deliverLineVerdict(c.callId, 'machine_start');
    await until('the end', () => c.sink.result !== null, 25_000);
    const first = c.transport.firstSound(0)!;
    const beepEnd = c.t0 + machine.beep!.endMs;
    expect(first).toBeGreaterThanOrEqual(beepEnd - 40);
    expect(first - beepEnd).toBeLessThan(800);
    expect(c.gate.report).toMatchObject({ verdict: { answeredBy: 'machine_start' }, cue: { by: 'beep' } });
    expect(c.transport.hungUp).toBe('voicemail');
    expect(c.sink.result!.entries.at(-1)).toMatchObject({ sender: 'bot', text: MESSAGE });
  }, 30_000);

  it('a machine with neither a message nor end_call_on_voicemail: the session starts as before, the call is a machine\'s', async () => {
    const c = gate({ message: null, hangUp: false, outboundAssistant: true }, machines[1]!.samples);
    deliverLineVerdict(c.callId, 'machine_end_beep');
    await until('the session', () => c.sessions.length === 1);
    expect(c.sink.said).toEqual(['machine']);
    expect(c.transport.hungUp).toBeNull();
    await c.gate.end('caller_ended');
  });

  it('human: the session starts, told the callee has spoken (a wait_for_customer assistant greets at once)', async () => {
    const c = gate({ message: MESSAGE, hangUp: true, outboundAssistant: true }, people[0]!.samples);
    deliverLineVerdict(c.callId, 'human');
    await until('the session', () => c.sessions.length === 1);
    expect(c.opened).toEqual([{ calleeSpoke: true }]);
    expect(c.sink.said).toEqual([]);
    await c.gate.end('caller_ended');
    expect(c.sessions[0]!.ended).toBe('caller_ended');
  });
});
