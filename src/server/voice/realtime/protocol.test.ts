import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { realtimeUrl } from './client';
import { realtimeBanner, realtimeModelsUrl } from './models';
import { Framer, ItemAudio } from './output';
import { realtimeVoice, turnDetection } from './protocol';

/*
 * The realtime session's small rules: REALTIME_* read and checked, the endpoint's URLs, the assistant's turn
 * detection and voice as the endpoint takes them, and the frames and heard words of an answer.
 */

describe('REALTIME_BASE_URL', () => {
  it('is read with its key and model, and only as a ws(s) URL', () => {
    expect(loadConfig({}).realtime).toBeNull();
    expect(loadConfig({ REALTIME_BASE_URL: ' wss://api.openai.com/v1/ ', REALTIME_API_KEY: 'k', REALTIME_MODEL: 'gpt-realtime' }).realtime).toEqual({ baseUrl: 'wss://api.openai.com/v1', apiKey: 'k', model: 'gpt-realtime' });
    expect(loadConfig({ REALTIME_BASE_URL: 'ws://127.0.0.1:8080/v1' }).realtime).toEqual({ baseUrl: 'ws://127.0.0.1:8080/v1', apiKey: undefined, model: undefined });
    expect(() => loadConfig({ REALTIME_BASE_URL: 'https://api.openai.com/v1' })).toThrow(/REALTIME_BASE_URL must be a ws\(s\) URL/);
    expect(() => loadConfig({ REALTIME_BASE_URL: 'not a url' })).toThrow(/REALTIME_BASE_URL/);
  });

  it('is named by the start banner, set or not', () => {
    expect(realtimeBanner(null)).toContain('Set REALTIME_BASE_URL');
    expect(realtimeBanner({ baseUrl: 'wss://api.openai.com/v1', apiKey: 'secret', model: 'gpt-realtime' })).toBe('Speech-to-speech: wss://api.openai.com/v1 (REALTIME_MODEL=gpt-realtime for every multimodal and dualplex assistant).');
    expect(realtimeBanner({ baseUrl: 'ws://localhost:8080/v1', apiKey: undefined, model: undefined })).toContain("each assistant's multimodal model");
  });

  it('gives the socket and the model list their URLs', () => {
    expect(realtimeUrl({ baseUrl: 'wss://api.openai.com/v1' }, 'gpt-realtime')).toBe('wss://api.openai.com/v1/realtime?model=gpt-realtime');
    expect(realtimeModelsUrl({ baseUrl: 'wss://api.openai.com/v1' })).toBe('https://api.openai.com/v1/models');
    expect(realtimeModelsUrl({ baseUrl: 'WS://localhost:8080/v1/' })).toBe('http://localhost:8080/v1/models');
  });
});

describe('turn detection', () => {
  it('is server_vad with the pipeline’s pause for vad, semantic_vad by thirds for ai, interrupting as allowed', () => {
    expect(turnDetection('vad', 2.5, true)).toEqual({ type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 650, create_response: true, interrupt_response: true });
    expect(turnDetection('vad', 5, false)).toMatchObject({ silence_duration_ms: 300, interrupt_response: false });
    expect(turnDetection('vad', Number.NaN, true)).toMatchObject({ silence_duration_ms: 650 });
    expect(turnDetection('ai', 0, true)).toEqual({ type: 'semantic_vad', eagerness: 'low', create_response: true, interrupt_response: true });
    expect(turnDetection('ai', 2.5, true)).toMatchObject({ eagerness: 'medium' });
    expect(turnDetection('ai', 4, true)).toMatchObject({ eagerness: 'high' });
  });

  it('takes OpenAI’s voice names and falls back to alloy', () => {
    expect(realtimeVoice('Shimmer')).toBe('shimmer');
    expect(realtimeVoice('Rachel')).toBe('alloy');
    expect(realtimeVoice(null)).toBe('alloy');
  });
});

describe('the answer’s frames', () => {
  it('cuts a stream into whole frames and pads the last', () => {
    const framer = new Framer(4, (n) => new Uint8Array(n));
    expect(framer.push(Uint8Array.from([1, 2, 3]))).toEqual([]);
    expect(framer.push(Uint8Array.from([4, 5, 6, 7, 8, 9]))).toEqual([Uint8Array.from([1, 2, 3, 4]), Uint8Array.from([5, 6, 7, 8])]);
    expect(framer.flush(0xff)).toEqual(Uint8Array.from([9, 0xff, 0xff, 0xff]));
    expect(framer.flush(0xff)).toBeNull();
  });

  it('counts what was played by a moment, and the words heard', () => {
    const item = new ItemAudio('item_1');
    const s = item.segment(0);
    s.text = 'one two three four';
    s.frames = 10;
    // Ten 20 ms frames sent to play from t = 1000 on.
    for (let i = 0; i < 10; i++) s.playAt.push(1000 + 20 * i);
    expect(item.playedMs(1000)).toBe(0);
    expect(item.playedMs(1100)).toBe(100);
    expect(item.playedMs(5000)).toBe(200);
    expect(item.heardText(1100)).toEqual({ text: 'one two', cut: true });
    expect(item.heardText(1200)).toEqual({ text: 'one two three four', cut: false });
    expect(item.playedBy).toBe(1200);
  });
});
