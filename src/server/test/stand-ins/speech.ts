import type http from 'node:http';
import { startStandInServer } from '../stand-in-server';

/*
 * An OpenAI-compatible speech server of our own (POST /v1/audio/speech → WAV), for tests and
 * `npm run bench:recordings`: a real HTTP server, so the TTS adapter's protocol code runs for real. It
 * "speaks" a voiced buzz (a harmonic series, its loudness rising and falling four times a second like
 * syllables) at a pitch per voice, 24 kHz like Kokoro, as long as the text (55 ms a character).
 */

export interface SpeechCall {
  body: { model?: unknown; input?: unknown; voice?: unknown; response_format?: unknown };
  headers: http.IncomingHttpHeaders;
}

export interface StandInTtsOptions {
  /** Pitch (Hz) per voice name; others speak at 150 Hz. */
  pitches?: Record<string, number>;
  sampleRate?: number;
}

export interface StandInTts {
  /** http://127.0.0.1:PORT/v1 (what TTS_BASE_URL would hold). */
  baseUrl: string;
  requests: SpeechCall[];
  /** Answer the next requests with this status (and a JSON error) instead of audio; null to speak again. */
  failWith: number | null;
  /** Wait this long before each answer. */
  delayMs: number;
  close(): Promise<void>;
}

const MS_PER_CHAR = 55;

export function buzzWav(text: string, pitch: number, rate: number): Buffer {
  const n = Math.max(Math.round(rate * 0.3), Math.round((rate * MS_PER_CHAR * text.length) / 1000));
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    let v = 0;
    for (let h = 1; h <= 8 && h * pitch < rate / 2; h++) v += Math.sin(2 * Math.PI * h * pitch * t) / h;
    const syllables = 0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t);
    const edge = Math.min(1, i / (rate * 0.02), (n - i) / (rate * 0.02));
    data.writeInt16LE(Math.round(v * syllables * edge * 9000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export async function startStandInTts(options: StandInTtsOptions = {}): Promise<StandInTts> {
  const pitches = options.pitches ?? { alloy: 220, echo: 110 };
  const rate = options.sampleRate ?? 24_000;
  const state: StandInTts = {
    baseUrl: '',
    requests: [],
    failWith: null,
    delayMs: 0,
    close: async () => undefined,
  };
  const server = await startStandInServer(async (req, raw, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/audio/speech') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    let body: SpeechCall['body'];
    try {
      body = JSON.parse(raw.toString('utf8')) as SpeechCall['body'];
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'bad json' }));
      return;
    }
    state.requests.push({ body, headers: req.headers });
    if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.failWith !== null) {
      res.writeHead(state.failWith, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'stand-in failure' }));
      return;
    }
    if (typeof body.input !== 'string' || typeof body.voice !== 'string' || body.response_format !== 'wav') {
      res.writeHead(422, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'input, voice and response_format wav are required' }));
      return;
    }
    const wav = buzzWav(body.input, pitches[body.voice] ?? 150, rate);
    res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': String(wav.length) }).end(wav);
  });
  state.baseUrl = `http://127.0.0.1:${server.port}/v1`;
  state.close = server.close;
  return state;
}
