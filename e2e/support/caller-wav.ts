import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeWav, readWav } from '../../src/server/audio/pcm';

/*
 * The caller of the web-call browser test, spoken by eSpeak NG: "Where is my order A-1234?" with silence
 * before (the call is still connecting when Chromium's fake microphone starts playing) and after (the
 * service's voice-activity detector hears the end of the turn). Chromium plays it as its microphone
 * (`--use-file-for-fake-audio-capture=<wav>%noloop`); the transcription stand-in (e2e/serve/transcription.ts) is
 * given the speech part to recognise. Made once per run in the run's folder; the same in every process
 * that asks (the spec and the stand-in).
 */

export const CALLER_TEXT = 'Where is my order A-1234?';
const LEAD_SILENCE_S = 2;
const TAIL_SILENCE_S = 4;

export interface CallerAudio {
  /** The WAV Chromium plays: 16-bit PCM mono, silence, the speech, silence. */
  path: string;
  /** The speech alone, as floats (-1..1), at `rate`: what the transcription stand-in registers. */
  speech: Float32Array;
  rate: number;
}

/** The caller's WAV in `dir` (made the first time), and its speech for the stand-in. */
export function callerAudio(dir: string = process.env.VC_E2E_DIR ?? join('test-results', 'web-call')): CallerAudio {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'web-call-caller.wav');
  const speechPath = join(dir, 'web-call-caller-speech.wav');
  if (!existsSync(path) || !existsSync(speechPath)) {
    // Made aside and renamed: a process reading meanwhile sees the whole file or none.
    const work = mkdtempSync(join(dir, 'caller-'));
    try {
      const raw = join(work, 'speech.wav');
      execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, CALLER_TEXT], { stdio: 'pipe' });
      const { sampleRate: rate, samples } = readWav(readFileSync(raw));
      const padded = new Float32Array(Math.round(rate * LEAD_SILENCE_S) + samples.length + Math.round(rate * TAIL_SILENCE_S));
      padded.set(samples, Math.round(rate * LEAD_SILENCE_S));
      writeFileSync(join(work, 'speech-only.wav'), encodeWav(samples, rate));
      writeFileSync(join(work, 'caller.wav'), encodeWav(padded, rate));
      renameSync(join(work, 'speech-only.wav'), speechPath);
      renameSync(join(work, 'caller.wav'), path);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const { sampleRate: rate, samples } = readWav(readFileSync(speechPath));
  return { path, speech: samples, rate };
}
