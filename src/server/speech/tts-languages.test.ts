import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startStandInTts, type StandInTts } from '../test/stand-ins/speech';
import { speechVoice, Speaker } from '../voice/speaker';
import { ttsSource } from './tts';

/*
 * TTS_VOICE_<LANG>: the TTS endpoint's voice per language, read from the environment, asked of the endpoint for
 * the assistant's speech in that language (over the assistant's own voice), and nowhere else: the customer's
 * voice and the other languages keep theirs. Against the speech stand-in, a real HTTP server.
 */

let tts: StandInTts;
beforeAll(async () => {
  tts = await startStandInTts();
});
afterAll(() => tts?.close());

describe('TTS_VOICE_<LANG>', () => {
  it('is read per two-letter language, lower-cased; other TTS_VOICE_ names are not languages', () => {
    const config = loadConfig({ TTS_BASE_URL: 'http://127.0.0.1:1/v1', TTS_VOICE_DE: ' de_voice ', TTS_VOICE_FR: 'ff_siwis', TTS_VOICE_ASSISTANT: 'af_heart', TTS_VOICE_XYZ: 'x', TTS_VOICE_ES: ' ' });
    expect(config.speech.tts).toMatchObject({ voiceAssistant: 'af_heart', voicesByLanguage: { de: 'de_voice', fr: 'ff_siwis' } });
    expect(loadConfig({ TTS_BASE_URL: 'http://127.0.0.1:1/v1' }).speech.tts!.voicesByLanguage).toEqual({});
  });

  it('speaks the assistant in German with TTS_VOICE_DE, in English with its own voice, the customer as before', async () => {
    const source = ttsSource({ baseUrl: tts.baseUrl, apiKey: undefined, model: 'kokoro', voiceAssistant: 'af_heart', voiceCustomer: 'am_adam', voicesByLanguage: { de: 'de_voice' } }, 5_000);
    const voiceOf = (language: string) => speechVoice('tts', { name: 'Alloy', gender: null, accent: null, language, speed: 1 });
    const before = tts.requests.length;
    await new Speaker(source, voiceOf('de')).speak('Guten Tag.');
    await new Speaker(source, voiceOf('en')).speak('Good day.');
    await source.synthesize({ text: 'Hallo.', language: 'de', voice: 'customer' });
    expect(tts.requests.slice(before).map((r) => [r.body.input, r.body.voice])).toEqual([
      ['Guten Tag.', 'de_voice'],
      ['Good day.', 'alloy'],
      ['Hallo.', 'am_adam'],
    ]);
  });

  it('without it, nothing changes: the assistant voice for every language', async () => {
    const source = ttsSource({ baseUrl: tts.baseUrl, apiKey: undefined, model: 'kokoro', voiceAssistant: 'af_heart', voiceCustomer: 'am_adam' }, 5_000);
    const before = tts.requests.length;
    await source.synthesize({ text: 'Guten Tag.', language: 'de', voice: 'assistant' });
    expect(tts.requests.slice(before).map((r) => r.body.voice)).toEqual(['af_heart']);
  });
});
