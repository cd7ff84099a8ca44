import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test/harness';
import { insertCall } from '../test/fixtures';
import { WavSynth, wavByteLength, WAV_MAX_SECONDS } from '../audio/wav';
import { parseRange } from './recordings';

let svc: TestService;
const KEY = '5f0e8a4c-1b2d-4e3f-9a8b-7c6d5e4f3a2b';
const LONG_KEY = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const DURATION = 7;

beforeAll(async () => {
  svc = await startTestService();
  const owner = await svc.user();
  await insertCall(svc.handle.db, owner.id, { duration: DURATION, recording_key: KEY });
  await insertCall(svc.handle.db, owner.id, { duration: 3600, recording_key: LONG_KEY });
});
afterAll(() => svc.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${svc.api}${path}`, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

describe('GET /api/recordings/{key}.wav', () => {
  it('serves a RIFF/WAVE file as long as the call, without a token', async () => {
    const { res, bytes } = await get(`/recordings/${KEY}.wav`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const expected = 44 + DURATION * 8000 * 2;
    expect(Number(res.headers.get('content-length'))).toBe(expected);
    expect(bytes.length).toBe(expected);
    expect(ascii(bytes, 0, 4)).toBe('RIFF');
    expect(ascii(bytes, 8, 16)).toBe('WAVEfmt ');
    expect(ascii(bytes, 36, 40)).toBe('data');
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(4, true)).toBe(expected - 8);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(DURATION * 8000 * 2);

    // Audible: a real share of the samples carry sound, and it is not clipped noise.
    let loud = 0;
    let peak = 0;
    for (let i = 44; i < bytes.length; i += 2) {
      const v = Math.abs(view.getInt16(i, true));
      if (v > 2000) loud++;
      peak = Math.max(peak, v);
    }
    const samples = DURATION * 8000;
    expect(loud / samples).toBeGreaterThan(0.1);
    expect(loud / samples).toBeLessThan(0.9);
    expect(peak).toBeLessThan(32767);

    // Deterministic for a key.
    const again = await get(`/recordings/${KEY}.wav`);
    expect(Buffer.compare(Buffer.from(again.bytes), Buffer.from(bytes))).toBe(0);
  });

  it('answers Range requests with 206 and exactly those bytes', async () => {
    const whole = (await get(`/recordings/${KEY}.wav`)).bytes;
    const total = whole.length;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=40-47', 40, 47],
      ['bytes=1001-5000', 1001, 5000],
      [`bytes=${total - 10}-`, total - 10, total - 1],
      ['bytes=-3', total - 3, total - 1],
      [`bytes=100-${total + 500}`, 100, total - 1],
    ] as const) {
      const { res, bytes } = await get(`/recordings/${KEY}.wav`, { Range: range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${total}`);
      expect(Number(res.headers.get('content-length')), range).toBe(end - start + 1);
      expect(Buffer.compare(Buffer.from(bytes), Buffer.from(whole.subarray(start, end + 1))), range).toBe(0);
    }
    const past = await get(`/recordings/${KEY}.wav`, { Range: `bytes=${total}-` });
    expect(past.res.status).toBe(416);
    expect(past.res.headers.get('content-range')).toBe(`bytes */${total}`);
    // Malformed ranges get the whole file.
    const odd = await get(`/recordings/${KEY}.wav`, { Range: 'lines=1-2' });
    expect(odd.res.status).toBe(200);
    expect(odd.bytes.length).toBe(total);
  });

  it('caps recordings at 20 minutes and serves a range deep inside without building the file', async () => {
    const total = wavByteLength(3600);
    expect(total).toBe(44 + WAV_MAX_SECONDS * 8000 * 2);
    const head = await fetch(`${svc.api}/recordings/${LONG_KEY}.wav`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(total);
    const t0 = performance.now();
    const { res, bytes } = await get(`/recordings/${LONG_KEY}.wav`, { Range: `bytes=${total - 4096}-` });
    expect(res.status).toBe(206);
    expect(bytes.length).toBe(4096);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(new WavSynth(LONG_KEY, 3600).readBytes(total - 4096, total)))).toBe(0);
  });

  it('answers 404 JSON for unknown or malformed keys', async () => {
    for (const path of [
      '/recordings/00000000-0000-4000-8000-000000000000.wav',
      `/recordings/${KEY}.mp3`,
      '/recordings/not-a-key.wav',
      `/recordings/${KEY}`,
    ]) {
      const res = await fetch(`${svc.api}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Recording not found' });
    }
  });
});

describe('the WAV synthesizer', () => {
  it('gives the same bytes for any split of a range', () => {
    const synth = new WavSynth(KEY, 5);
    const whole = synth.readBytes(0, synth.byteLength);
    const parts = [0, 7, 44, 45, 1000, 1001, 33333, synth.byteLength];
    const joined = new Uint8Array(synth.byteLength);
    for (let i = 0; i + 1 < parts.length; i++) {
      const a = parts[i] ?? 0;
      const b = parts[i + 1] ?? 0;
      joined.set(synth.readBytes(a, b), a);
    }
    expect(Buffer.compare(Buffer.from(joined), Buffer.from(whole))).toBe(0);
    expect(new WavSynth('another-key', 5).readBytes(44, 2000)).not.toEqual(synth.readBytes(44, 2000));
  });

  it('parses Range headers', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 10 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 100 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 100 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 100 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
