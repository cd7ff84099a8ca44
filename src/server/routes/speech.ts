import { Hono } from 'hono';
import { speechRequest } from '../../contract';
import { encodeWav } from '../audio/pcm';
import type { AppEnv, Deps } from '../http/context';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import { speakAtTelephoneRate } from '../recordings/render';
import { SpeechError } from '../speech/speech';

export const NO_SPEECH_MESSAGE =
  'No speech is available: set TTS_BASE_URL to an OpenAI-compatible speech endpoint, or install espeak-ng (Debian: apt-get install espeak-ng), and restart the service.';

/**
 * GET /api/speech: which speech the service has (the console hides its speaker when none).
 * POST /api/speech: a text spoken in the recordings' voices, as an 8 kHz WAV; 503 without speech (the
 * murmur is not speech), 502 when the speech source failed.
 */
export function speechRoutes({ speech }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/speech', (c) => c.json({ engine: speech?.engine ?? 'none' }));

  r.post('/speech', async (c) => {
    const input = await parseBody(c, speechRequest);
    if (!speech) throw new HttpError(503, NO_SPEECH_MESSAGE);
    let samples: Float32Array;
    try {
      samples = await speakAtTelephoneRate(speech, { text: input.text, language: input.language ?? 'en', voice: input.voice ?? 'assistant' });
    } catch (e) {
      if (e instanceof SpeechError) throw new HttpError(502, e.message);
      throw e;
    }
    const wav = encodeWav(samples);
    return c.body(wav, 200, { 'Content-Type': 'audio/wav', 'Content-Length': String(wav.byteLength), 'Cache-Control': 'no-store' });
  });

  return r;
}
