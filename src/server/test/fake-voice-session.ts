import { encodeWav, resample } from '../audio/pcm';
import type { StartVoiceSession } from '../live-calls/services';
import { PIPELINE_RATE, type VoiceCallStart, type VoiceEndReason, type VoiceEntry, type VoiceSessionSink, type VoiceTransport } from '../voice/session-types';

/*
 * A stand-in for the voice pipeline (voice/start-session.ts), so the transports and call records are tested
 * without it: it greets with a tone, and each time the caller has spoken (energy, then 300 ms of quiet) it writes
 * the caller's line and answers with a fixed reply (a tone); caller speech over its reply clears the audio
 * (barge-in). Its recording is the caller's audio as heard, 8 kHz.
 */

export interface FakeSession {
  call: VoiceCallStart;
  transport: VoiceTransport;
  entries: VoiceEntry[];
  /** Caller samples received (16 kHz). */
  heard: number;
  ended: VoiceEndReason | null;
  /** The assistant hangs up (its end_call): the transport is told, the call ends. */
  hangUp(reason: VoiceEndReason): Promise<void>;
}

export interface FakeVoice {
  startSession: StartVoiceSession;
  sessions: FakeSession[];
}

const tone = (ms: number, hz = 440) => {
  const n = Math.round((PIPELINE_RATE * ms) / 1000);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = 0.4 * Math.sin((2 * Math.PI * hz * i) / PIPELINE_RATE);
  return out;
};

export function fakeVoiceSessions(options: { heardText?: string; reply?: string } = {}): FakeVoice {
  const sessions: FakeSession[] = [];
  const startSession: StartVoiceSession = async (call, transport, sink: VoiceSessionSink) => {
    const caller: Float32Array[] = [];
    let speaking = false;
    let quietSamples = 0;
    let replying = false;
    const stamp = () => new Date().toISOString();
    const session: FakeSession = {
      call,
      transport,
      entries: [],
      heard: 0,
      ended: null,
      async hangUp(reason) {
        transport.hangUp(reason);
        await finish(reason);
      },
    };
    sessions.push(session);
    const entry = async (e: VoiceEntry) => {
      session.entries.push(e);
      await sink.entry(e);
    };
    const say = async (text: string) => {
      replying = true;
      transport.state?.('speaking');
      transport.sendAudio(tone(400));
      transport.line?.({ id: `b${session.entries.length}`, sender: 'bot', text, final: true, latency_ms: 420 });
      await entry({ sender: 'bot', type: 'message', text, timestamp: stamp(), latency_ms: 420, endpointing_ms: 200, stt_ms: 100, llm_ms: 80, tts_ms: 40 });
      // The reply "plays" for 400 ms.
      setTimeout(() => {
        replying = false;
        transport.state?.('listening');
      }, 400).unref();
    };
    const finish = async (reason: VoiceEndReason) => {
      if (session.ended) return;
      session.ended = reason;
      const all = new Float32Array(caller.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of caller) {
        all.set(c, at);
        at += c.length;
      }
      const heard8k = resample({ sampleRate: PIPELINE_RATE, samples: all }, 8000).samples;
      await sink.ended({ reason, wav: encodeWav(heard8k), audioMs: Math.round((all.length / PIPELINE_RATE) * 1000), entries: session.entries });
    };
    await say('Hello, how can I help?');
    return {
      pushAudio(samples) {
        if (session.ended) return;
        caller.push(samples);
        session.heard += samples.length;
        let energy = 0;
        for (const s of samples) energy += s * s;
        const loud = Math.sqrt(energy / Math.max(1, samples.length)) > 0.05;
        if (loud) {
          if (!speaking && replying) transport.clearAudio();
          speaking = true;
          quietSamples = 0;
        } else if (speaking) {
          quietSamples += samples.length;
          if (quietSamples >= PIPELINE_RATE * 0.3) {
            speaking = false;
            void entry({ sender: 'human', type: 'message', text: options.heardText ?? 'Where is my order?', timestamp: stamp() }).then(() => say(options.reply ?? 'Your order ships today.'));
          }
        }
      },
      end: finish,
    };
  };
  return { startSession, sessions };
}
