import { resample } from '../audio/pcm';
import { ambientSound } from './ambient';
import { CallRecorder } from './recorder';
import { PIPELINE_RATE } from './session-types';
import { sileroVad, VAD_FRAME } from './vad';

/*
 * What a call costs the machine, per minute of call: the detector's inference (every 32 ms of the caller's
 * audio), the resampling of the assistant's speech (eSpeak NG's 22,050 Hz to 16 kHz, sentence by sentence),
 * the ambient noise, and the recording's final mix and resampling to 8 kHz. Measured as process CPU time
 * (process.cpuUsage: onnxruntime's native threads included) over `seconds` of audio, scaled to a minute. The
 * voice test prints it; `npm run bench:voice` can call it beside its calls.
 */

export interface VoiceCpu {
  /** CPU ms per call-minute for each part. */
  detectorMs: number;
  speechResampleMs: number;
  ambientMs: number;
  recordingMs: number;
  /** The detector's wall time per frame (the event loop waits for none of it). */
  detectorFrameMs: number;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** A voice-like test signal: a harmonic buzz whose loudness rises and falls like syllables. */
function buzz(seconds: number, rate: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    let v = 0;
    for (let h = 1; h <= 6; h++) v += Math.sin(2 * Math.PI * 140 * h * t) / h;
    out[i] = 0.2 * v * (0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t));
  }
  return out;
}

export async function measureVoiceCpu(seconds = 20): Promise<VoiceCpu> {
  const scale = 60 / seconds;
  const vad = await sileroVad();
  const detector = vad.create();
  const caller = buzz(seconds, PIPELINE_RATE);
  let t = cpuMs();
  const wall = performance.now();
  let frames = 0;
  for (let i = 0; i + VAD_FRAME <= caller.length; i += VAD_FRAME, frames++) await detector.probability(caller.subarray(i, i + VAD_FRAME));
  const detectorFrameMs = (performance.now() - wall) / Math.max(1, frames);
  const detectorMs = (cpuMs() - t) * scale;

  // The assistant's speech as eSpeak NG gives it, in sentences of about three seconds.
  const speech = buzz(seconds, 22_050);
  const sentence = 3 * 22_050;
  t = cpuMs();
  for (let i = 0; i < speech.length; i += sentence) resample({ sampleRate: 22_050, samples: speech.subarray(i, i + sentence) }, PIPELINE_RATE);
  const speechResampleMs = (cpuMs() - t) * scale;

  const ambient = ambientSound('cafe', 0.2, PIPELINE_RATE)!;
  t = cpuMs();
  for (let i = 0; i < (seconds * 1000) / 20; i++) ambient(PIPELINE_RATE / 50);
  const ambientMs = (cpuMs() - t) * scale;

  // Both sides as the session gives them: the caller in 20 ms chunks, the assistant in 20 ms frames.
  const recorder = new CallRecorder(0);
  const chunk = PIPELINE_RATE / 50;
  t = cpuMs();
  for (let i = 0; i + chunk <= caller.length; i += chunk) {
    recorder.caller(caller.subarray(i, i + chunk), ((i + chunk) / PIPELINE_RATE) * 1000);
    recorder.assistant(caller.subarray(i, i + chunk), (i / PIPELINE_RATE) * 1000);
  }
  await recorder.wav(seconds * 1000);
  const recordingMs = (cpuMs() - t) * scale;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { detectorMs: round(detectorMs), speechResampleMs: round(speechResampleMs), ambientMs: round(ambientMs), recordingMs: round(recordingMs), detectorFrameMs: Math.round(detectorFrameMs * 1000) / 1000 };
}
