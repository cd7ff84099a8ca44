import { startStandInServer } from '../stand-in-server';
import { readWav, resample } from '../../audio/pcm';

/*
 * An OpenAI-compatible transcription server of our own (POST /v1/audio/transcriptions, multipart `file` WAV,
 * `model`, `language`, `response_format` → `{text}`), for the voice tests and `npm run bench:voice`: a real
 * HTTP server, so the transcriber's protocol code runs for real. It cannot recognise speech; tests register
 * each phrase with its audio (`register(text, samples)`), and a posted WAV is answered with the registered
 * phrase whose loudness envelope (10 ms frames, trimmed to its voiced span) correlates best with the posted
 * one's. Audio shorter than a phrase (an utterance cut, a barge-in's first words) is matched against the
 * phrase's beginning and answered with as many of its words as its share of the duration. Audio under the
 * energy floor is silence: "".
 *
 * Each phrase has a language (English unless registered with another, e.g. German phrases eSpeak NG said with
 * its `de` voice). `response_format=verbose_json` is answered as OpenAI documents it: `{task, language,
 * duration, text, segments}`, `language` the matched phrase's language by its English name ("german"), as
 * OpenAI's endpoint names it (the assistant's own language when nothing matched).
 */

export interface TranscriptionRequest {
  model: string | null;
  language: string | null;
  responseFormat: string | null;
  authorization: string | undefined;
  /** The WAV's duration (ms) and what was answered. */
  audioMs: number;
  text: string;
}

export interface StandInStt {
  /** http://127.0.0.1:PORT/v1 (what STT_BASE_URL would hold). */
  baseUrl: string;
  requests: TranscriptionRequest[];
  /** Wait this long before each answer (a transcription's own time). */
  delayMs: number;
  /** Answer with this status (and a JSON error) instead; null to transcribe again. */
  failWith: number | null;
  /** A phrase and its audio (mono, `sampleRate`, default 16 kHz), in `language` (ISO-639-1, default `en`). */
  register(text: string, samples: Float32Array, sampleRate?: number, language?: string): void;
  close(): Promise<void>;
}

const RATE = 16_000;
const FRAME = RATE / 100;
/** A 10 ms frame under this RMS is silence (about −40 dBFS). */
export const ENERGY_FLOOR = 0.01;
/** Voiced frames needed before audio counts as speech. */
const MIN_VOICED_FRAMES = 8;
const POINTS = 64;
const MIN_SCORE = 0.2;

/** RMS of each 10 ms frame. */
function envelope(samples: Float32Array): Float32Array {
  const out = new Float32Array(Math.floor(samples.length / FRAME));
  for (let f = 0; f < out.length; f++) {
    let sum = 0;
    for (let i = f * FRAME; i < (f + 1) * FRAME; i++) sum += samples[i]! * samples[i]!;
    out[f] = Math.sqrt(sum / FRAME);
  }
  return out;
}

/** The envelope from its first to its last voiced frame; null when too little is voiced. */
function voicedSpan(env: Float32Array): Float32Array | null {
  let first = -1;
  let last = -1;
  let voiced = 0;
  env.forEach((v, i) => {
    if (v < ENERGY_FLOOR) return;
    voiced += 1;
    if (first < 0) first = i;
    last = i;
  });
  return voiced < MIN_VOICED_FRAMES ? null : env.subarray(first, last + 1);
}

function stretch(env: Float32Array, points: number): Float64Array {
  const out = new Float64Array(points);
  for (let i = 0; i < points; i++) {
    const p = (i * (env.length - 1)) / Math.max(1, points - 1);
    const k = Math.floor(p);
    const a = env[k] ?? 0;
    out[i] = a + ((env[Math.min(env.length - 1, k + 1)] ?? a) - a) * (p - k);
  }
  return out;
}

/** Pearson correlation of two envelopes brought to the same number of points. */
function correlation(a: Float32Array, b: Float32Array): number {
  const n = Math.max(8, Math.min(POINTS, a.length, b.length));
  const x = stretch(a, n);
  const y = stretch(b, n);
  const mean = (v: Float64Array) => v.reduce((s, t) => s + t, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/** Whisper's names of the languages the tests speak (verbose_json's `language`). */
const LANGUAGE_NAMES: Record<string, string> = { en: 'english', de: 'german', fr: 'french', es: 'spanish', it: 'italian', nl: 'dutch' };

interface Phrase {
  text: string;
  span: Float32Array;
  language: string;
}

/** The registered phrase the audio sounds like (or its beginning), "" for silence. */
export function matchPhrase(phrases: readonly Phrase[], samples: Float32Array): string {
  return matchPhraseOf(phrases, samples).text;
}

function matchPhraseOf(phrases: readonly Phrase[], samples: Float32Array): { text: string; language: string | null } {
  const span = voicedSpan(envelope(samples));
  if (!span) return { text: '', language: null };
  let best = { score: -Infinity, text: '', language: null as string | null };
  for (const p of phrases) {
    const partial = span.length < 0.75 * p.span.length;
    const reference = partial ? p.span.subarray(0, span.length) : p.span;
    const score = correlation(span, reference);
    if (score <= best.score) continue;
    const words = p.text.split(/\s+/);
    const share = Math.min(1, span.length / p.span.length);
    best = { score, text: partial ? words.slice(0, Math.max(1, Math.round(words.length * share))).join(' ') : p.text, language: p.language };
  }
  return best.score >= MIN_SCORE ? best : { text: '', language: null };
}

export async function startStandInStt(options: { port?: number; delayMs?: number } = {}): Promise<StandInStt> {
  const phrases: Phrase[] = [];
  const state: StandInStt = {
    baseUrl: '',
    requests: [],
    delayMs: options.delayMs ?? 0,
    failWith: null,
    register(text, samples, sampleRate = RATE, language = 'en') {
      const at16k = resample({ sampleRate, samples }, RATE).samples;
      const span = voicedSpan(envelope(at16k));
      if (!span) throw new Error(`The audio registered for "${text}" is silent`);
      phrases.push({ text, span, language });
    },
    close: async () => undefined,
  };
  const server = await startStandInServer(async (req, raw, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    // Under /v1 as OpenAI serves it, and at the root as whisper.cpp's server does.
    if (req.method !== 'POST' || (req.url !== '/v1/audio/transcriptions' && req.url !== '/audio/transcriptions')) return json(404, { error: { message: 'not found' } });
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
    } catch {
      return json(400, { error: { message: 'expected multipart/form-data' } });
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) return json(400, { error: { message: 'file is required' } });
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : null;
    };
    let samples: Float32Array;
    let audioMs: number;
    try {
      const pcm = readWav(new Uint8Array(await file.arrayBuffer()));
      samples = resample(pcm, RATE).samples;
      audioMs = Math.round((pcm.samples.length / pcm.sampleRate) * 1000);
    } catch (e) {
      return json(400, { error: { message: `not a WAV file: ${e instanceof Error ? e.message : String(e)}` } });
    }
    const { text, language } = matchPhraseOf(phrases, samples);
    state.requests.push({ model: field('model'), language: field('language'), responseFormat: field('response_format'), authorization: req.headers.authorization, audioMs, text });
    if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.failWith !== null) return json(state.failWith, { error: { message: 'stand-in failure' } });
    if (field('response_format') === 'verbose_json') {
      const spoken = language ?? field('language') ?? 'en';
      const duration = audioMs / 1000;
      return json(200, { task: 'transcribe', language: LANGUAGE_NAMES[spoken] ?? spoken, duration, text, segments: text ? [{ id: 0, seek: 0, start: 0, end: duration, text, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1, no_speech_prob: 0.01 }] : [] });
    }
    return json(200, { text });
  }, options.port);
  state.baseUrl = `http://127.0.0.1:${server.port}/v1`;
  state.close = server.close;
  return state;
}
