import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The caller of the web-call browser test, spoken by eSpeak NG: "Where is my order A-1234?" with silence
 * before (the call is still connecting when Chromium's fake microphone starts playing) and after (the
 * service's voice-activity detector hears the end of the turn). Chromium plays it as its microphone
 * (`--use-file-for-fake-audio-capture=<wav>%noloop`); the transcription stand-in (e2e/stt/serve.ts) is
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

/** 16-bit PCM mono WAV: the format chunk's rate and the data chunk's samples (eSpeak may leave sizes unset). */
export function readWav(bytes: Buffer): { rate: number; samples: Int16Array } {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('Not a WAV file.');
  let at = 12;
  let rate = 0;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      const format = bytes.readUInt16LE(body);
      const channels = bytes.readUInt16LE(body + 2);
      rate = bytes.readUInt32LE(body + 4);
      const bits = bytes.readUInt16LE(body + 14);
      if (format !== 1 || channels !== 1 || bits !== 16) throw new Error(`Expected 16-bit PCM mono, got format ${format}, ${channels} channels, ${bits} bits.`);
    } else if (id === 'data') {
      const end = Math.min(bytes.length, size === 0xffffffff || size === 0 ? bytes.length : body + size);
      const count = Math.floor((end - body) / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(body + i * 2);
      return { rate, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error('The WAV file has no data chunk.');
}

export function writeWav(samples: Int16Array, rate: number): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i]!, 44 + i * 2);
  return out;
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
      const { rate, samples } = readWav(readFileSync(raw));
      const padded = new Int16Array(Math.round(rate * LEAD_SILENCE_S) + samples.length + Math.round(rate * TAIL_SILENCE_S));
      padded.set(samples, Math.round(rate * LEAD_SILENCE_S));
      writeFileSync(join(work, 'speech-only.wav'), writeWav(samples, rate));
      writeFileSync(join(work, 'caller.wav'), writeWav(padded, rate));
      renameSync(join(work, 'speech-only.wav'), speechPath);
      renameSync(join(work, 'caller.wav'), path);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const { rate, samples } = readWav(readFileSync(speechPath));
  return { path, speech: Float32Array.from(samples, (v) => v / 0x8000), rate };
}
