import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rms } from '../test/voice-call';
import { pcmOf, rmsBetween } from '../test/audio';
import { ambientSound } from './ambient';
import { CallRecorder } from './recorder';
import { speechVoice } from './speaker';
import { openAiTranscriber, TranscriptionError } from './transcriber';
import { TurnDetector, turnTimings, type TurnEvent } from './turn-detector';

/** Probabilities for `ms` of audio, one per 32 ms frame, from `at` ms; the events they give. */
function feed(d: TurnDetector, probs: [number, number][], startMs = 0): TurnEvent[] {
  const out: TurnEvent[] = [];
  let t = startMs;
  for (const [p, ms] of probs) {
    for (let k = 0; k < ms / 32; k++) {
      t += 32;
      out.push(...d.update(p, t));
    }
  }
  return out;
}

describe('turn timings', () => {
  it('maps endpoint and interrupt sensitivity as the table says', () => {
    expect(turnTimings({ endpointSensitivity: 2.5, endpointType: 'vad', interruptSensitivity: 2.5 })).toMatchObject({ pauseMs: 650, holdMs: 0, interruptMs: 150 });
    expect(turnTimings({ endpointSensitivity: 0, endpointType: 'vad', interruptSensitivity: 0 })).toMatchObject({ pauseMs: 1000, interruptMs: 275 });
    expect(turnTimings({ endpointSensitivity: 5, endpointType: 'ai', interruptSensitivity: 5 })).toMatchObject({ pauseMs: 180, holdMs: 300, interruptMs: 32 });
    expect(turnTimings({ endpointSensitivity: Number.NaN, endpointType: 'vad', interruptSensitivity: 9 }).pauseMs).toBe(650);
    expect(turnTimings({ endpointSensitivity: 0, endpointType: 'vad', interruptSensitivity: 0 }).interruptProb).toBeCloseTo(0.85);
  });
});

describe('the turn detector', () => {
  it('starts speech after two voiced frames and ends it after the pause, with the voiced span', () => {
    const d = new TurnDetector(turnTimings({ endpointSensitivity: 2.5, endpointType: 'vad', interruptSensitivity: 2.5 }));
    const events = feed(d, [
      [0.1, 320],
      [0.9, 640],
      [0.4, 64], // between the thresholds: still speech
      [0.1, 320], // a pause shorter than 650 ms: the same turn
      [0.9, 320],
      [0.05, 704],
    ]);
    expect(events).toEqual([
      { type: 'speech_start', atMs: 320 },
      { type: 'speech_end', startMs: 320, endMs: 1664, voicedMs: 1024 },
    ]);
  });

  it('counts the pause from where the probability started falling, and ends it at the frame nearest the pause', () => {
    const timings = turnTimings({ endpointSensitivity: 5, endpointType: 'vad', interruptSensitivity: 2.5 }); // a 300 ms pause
    const d = new TurnDetector(timings);
    // Speech to 640 ms, then Silero's decay (0.45, 0.38) before the silence: the pause began at 640, the utterance
    // (for the transcription) keeps the decay's frames, to 704.
    const frames: [number, number][] = [[0.9, 640], [0.45, 32], [0.38, 32], [0.05, 640]];
    const ends: number[] = [];
    let t = 0;
    for (const [p, ms] of frames) {
      for (let k = 0; k < ms / 32; k++) {
        t += 32;
        for (const e of d.update(p, t)) if (e.type === 'speech_end') ends.push(t, e.endMs, e.voicedMs);
      }
    }
    // 288 ms of pause (9 frames) is the frame nearest 300; 320 (10) was the first past it.
    expect(ends).toEqual([640 + 288, 704, 640]);
  });

  it('a dip between the thresholds that rises again is speech, its frames voiced', () => {
    const d = new TurnDetector(turnTimings({ endpointSensitivity: 5, endpointType: 'vad', interruptSensitivity: 2.5 }));
    const events = feed(d, [[0.1, 320], [0.9, 320], [0.45, 32], [0.4, 32], [0.8, 320], [0.05, 640]]);
    expect(events).toEqual([
      { type: 'speech_start', atMs: 320 },
      { type: 'speech_end', startMs: 320, endMs: 1024, voicedMs: 704 },
    ]);
  });

  it('a single voiced frame (a click) is not speech', () => {
    const d = new TurnDetector(turnTimings({ endpointSensitivity: 2.5, endpointType: 'vad', interruptSensitivity: 2.5 }));
    expect(feed(d, [[0.9, 32], [0.1, 1000], [0.9, 32], [0.1, 1000]])).toEqual([]);
  });

  it('barges in over the assistant once speech is sure for the interrupt duration, counted from its first sure frame', () => {
    const d = new TurnDetector(turnTimings({ endpointSensitivity: 2.5, endpointType: 'vad', interruptSensitivity: 2.5 }));
    d.assistantActive = true;
    const events = feed(d, [[0.1, 320], [0.6, 64], [0.95, 320]]);
    // 0.6 is speech but not sure enough (0.675 at 2.5): the 150 ms count starts at the first 0.95 frame (384 ms).
    expect(events).toEqual([
      { type: 'speech_start', atMs: 320 },
      { type: 'barge_in', atMs: 544, onsetMs: 384 },
    ]);
    const calm = new TurnDetector(turnTimings({ endpointSensitivity: 2.5, endpointType: 'vad', interruptSensitivity: 2.5 }));
    expect(feed(calm, [[0.95, 640]]).map((e) => e.type)).toEqual(['speech_start']);
  });
});

describe('ambient sound', () => {
  it('is generated noise under speech level, none for none/off or volume 0, and the same for the same seed', () => {
    for (const kind of ['office', 'cafe', 'crowded_room', 'city', 'forest', 'nature']) {
      const a = ambientSound(kind, 1, 16_000, 7)!;
      const level = rms(a(16_000 * 4));
      expect(level, kind).toBeGreaterThan(0.01);
      expect(level, kind).toBeLessThan(0.12);
    }
    expect(ambientSound('none', 1, 16_000)).toBeNull();
    expect(ambientSound('off', 1, 16_000)).toBeNull();
    expect(ambientSound('office', 0, 16_000)).toBeNull();
    expect(ambientSound('office', 0.2, 16_000, 3)!(500)).toEqual(ambientSound('office', 0.2, 16_000, 3)!(500));
  });
});

describe('the assistant voice on each source', () => {
  it('maps lookup voices onto eSpeak NG variants and OpenAI voice names, with the speed clamped', () => {
    expect(speechVoice('espeak-ng', { name: 'Daniel', gender: null, accent: null, language: 'en', speed: 1.1 })).toEqual({ language: 'en', voice: 'assistant', rate: 1.1, voiceName: 'en-gb+m2' });
    expect(speechVoice('espeak-ng', { name: 'Daniel', gender: null, accent: null, language: 'de', speed: 1 })).toMatchObject({ language: 'de', voiceName: 'm2' });
    expect(speechVoice('espeak-ng', { name: 'My clone', gender: 'male', accent: 'British', language: null, speed: 3 })).toEqual({ language: 'en', voice: 'assistant', rate: 1.2, voiceName: 'en-gb+m3' });
    expect(speechVoice('tts', { name: 'Shimmer', gender: null, accent: null, language: 'en', speed: 0.7 })).toEqual({ language: 'en', voice: 'assistant', rate: 0.7, voiceName: 'shimmer' });
    expect(speechVoice('tts', { name: 'Rachel', gender: null, accent: null, language: 'en', speed: 1 })).toEqual({ language: 'en', voice: 'assistant', rate: 1 });
  });
});

describe('the transcription adapter', () => {
  it('reports an endpoint that fails, is slow, or answers without text as a TranscriptionError', async () => {
    let mode: 'fail' | 'slow' | 'odd' = 'fail';
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (mode === 'fail') res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":"loading model"}');
        else if (mode === 'odd') res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"segments":[]}');
        else setTimeout(() => res.writeHead(200).end('{"text":"late"}'), 3_000).unref();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const stt = openAiTranscriber({ baseUrl, apiKey: undefined, model: 'whisper-1', timeoutMs: 200 });
    const wav = new Uint8Array(44);
    try {
      await expect(stt.transcribe(wav, 'en')).rejects.toMatchObject({ name: 'TranscriptionError', status: 503, message: expect.stringContaining('HTTP 503: {"error":"loading model"}') });
      mode = 'slow';
      await expect(stt.transcribe(wav, 'en')).rejects.toThrow(/took longer than 200 ms/);
      mode = 'odd';
      await expect(stt.transcribe(wav, null)).rejects.toBeInstanceOf(TranscriptionError);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('the recording', () => {
  it('puts both sides at their times, cuts the assistant where it was cleared, and comes out as 8 kHz WAV', async () => {
    const tone = (ms: number, hz: number) => Float32Array.from({ length: ms * 16 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * hz * i) / 16_000));
    const r = new CallRecorder(1_000);
    // The caller from 0.5 s to 1.5 s, in 20 ms chunks as they arrive (a little late: jitter does not move them).
    for (let t = 0; t < 1_000; t += 20) r.caller(tone(20, 200).subarray(0, 320), 1_000 + 500 + t + 20 + (t % 60 === 0 ? 7 : 0));
    // The assistant from 2 s, 20 ms frames, cleared at 2.6 s although sent until 3 s.
    for (let t = 0; t < 1_000; t += 20) r.assistant(tone(20, 300).subarray(0, 320), 1_000 + 2_000 + t);
    r.cutAssistant(1_000 + 2_600);
    const { wav, audioMs } = await r.wav(1_000 + 4_000);
    const pcm = pcmOf(wav);
    expect(pcm.sampleRate).toBe(8000);
    expect(audioMs).toBe(4_000);
    expect(rmsBetween(pcm, 0, 0.45)).toBeLessThan(50);
    expect(rmsBetween(pcm, 0.55, 1.45)).toBeGreaterThan(5_000);
    expect(rmsBetween(pcm, 1.6, 1.95)).toBeLessThan(50);
    expect(rmsBetween(pcm, 2.05, 2.55)).toBeGreaterThan(5_000);
    expect(rmsBetween(pcm, 2.65, 4)).toBeLessThan(50);
  });

  it('reads its settled part while the call goes on, and the whole recording comes out the same', async () => {
    const tone = (ms: number) => Float32Array.from({ length: ms * 16 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 250 * i) / 16_000));
    const feed = (r: CallRecorder, fromMs: number, toMs: number) => {
      for (let t = fromMs; t < toMs; t += 20) r.caller(tone(20), 1_000 + t + 20);
    };
    const plain = new CallRecorder(1_000);
    feed(plain, 0, 4_000);
    const checked = new CallRecorder(1_000);
    feed(checked, 0, 2_500);
    const partial = checked.settled();
    // A second behind the latest audio (SETTLE_MS), in whole blocks: the first second only.
    expect(partial.audioMs).toBe(1_000);
    expect(rmsBetween(pcmOf(partial.wav), 0, 0.95)).toBeGreaterThan(5_000);
    feed(checked, 2_500, 4_000);
    expect(Buffer.from((await checked.wav(1_000 + 4_000)).wav)).toEqual(Buffer.from((await plain.wav(1_000 + 4_000)).wav));
  });
});
