import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEB_CALL_SAMPLE_RATE } from '@contract/voice';
import { Downsampler, floatToInt16, frameSamples, int16ToFloat, int16ToPcmBytes, meterLevel, pcmBytesToInt16, RingBuffer, rms, SOCKET_RATE, Upsampler } from './dsp';

const sine = (rate: number, hz: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate));

/** Feeds a signal in blocks of 128 (a render quantum) and joins the frames. */
function downsampleAll(input: Float32Array, rate: number, block = 128) {
  const d = new Downsampler(rate);
  const frames: Int16Array[] = [];
  for (let i = 0; i < input.length; i += block) frames.push(...d.push(input.subarray(i, i + block)));
  return frames;
}

describe('the web call’s audio arithmetic', () => {
  it('uses the contract’s socket rate', () => {
    expect(SOCKET_RATE).toBe(WEB_CALL_SAMPLE_RATE);
    expect(frameSamples(SOCKET_RATE)).toBe(320);
  });

  it('converts samples to 16-bit and back, clamped, and to little-endian bytes', () => {
    expect(floatToInt16(1)).toBe(32767);
    expect(floatToInt16(-1)).toBe(-32768);
    expect(floatToInt16(2)).toBe(32767);
    expect(floatToInt16(Number.NaN)).toBe(0);
    expect(int16ToFloat(-32768)).toBe(-1);
    const bytes = new Uint8Array(int16ToPcmBytes(Int16Array.of(1, -2, 0x1234)));
    expect([...bytes]).toEqual([1, 0, 0xfe, 0xff, 0x34, 0x12]);
    expect([...pcmBytesToInt16(bytes.buffer)]).toEqual([1, -2, 0x1234]);
  });

  it.each([48_000, 44_100, 16_000, 8_000])('cuts %i Hz into 20 ms frames of 320 samples at 16 kHz, losing none', (rate) => {
    const frames = downsampleAll(sine(rate, 440, 1), rate);
    expect(frames.every((f) => f.length === 320)).toBe(true);
    // One second gives 50 frames (the last may wait for the next block).
    expect(frames.length).toBeGreaterThanOrEqual(49);
    expect(frames.length).toBeLessThanOrEqual(50);
  });

  it('keeps a tone’s frequency and level through downsampling (48 kHz to 16 kHz)', () => {
    const frames = downsampleAll(sine(48_000, 440, 1), 48_000);
    const out = Float32Array.from(frames.flatMap((f) => [...f]), int16ToFloat);
    let crossings = 0;
    for (let i = 1; i < out.length; i++) if (out[i - 1]! < 0 && out[i]! >= 0) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(430);
    expect(crossings).toBeLessThanOrEqual(441);
    expect(rms(out)).toBeCloseTo(0.5 / Math.SQRT2, 1);
  });

  it('gives the same frames whatever the block sizes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 30 }), fc.constantFrom(48_000, 44_100, 22_050), (sizes, rate) => {
        const input = sine(rate, 300, 0.2);
        const whole = new Downsampler(rate).push(input).flatMap((f) => [...f]);
        const d = new Downsampler(rate);
        const pieces: number[] = [];
        let at = 0;
        for (let i = 0; at < input.length; i++) {
          const size = sizes[i % sizes.length]!;
          for (const f of d.push(input.subarray(at, at + size))) pieces.push(...f);
          at += size;
        }
        expect(pieces).toEqual(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('upsamples 16 kHz to the context’s rate, block by block, without a gap', () => {
    const input = Int16Array.from(sine(16_000, 200, 0.5), floatToInt16);
    const up = new Upsampler(16_000, 48_000);
    const out: number[] = [];
    for (let i = 0; i < input.length; i += 320) out.push(...up.push(input.subarray(i, i + 320)));
    expect(Math.abs(out.length - input.length * 3)).toBeLessThanOrEqual(3);
    // Sample by sample the tone itself at 48 kHz (a lost or repeated sample would shift everything after it).
    const ideal = sine(48_000, 200, 0.5);
    let worst = 0;
    for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i]! - ideal[i]!));
    expect(worst).toBeLessThan(0.002);
  });

  it('upsamples the same whatever the block sizes, and starts afresh after a reset', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 20 }), fc.constantFrom(48_000, 44_100, 24_000), (sizes, rate) => {
        const input = Int16Array.from(sine(16_000, 300, 0.1), floatToInt16);
        const whole = [...new Upsampler(16_000, rate).push(input)];
        const up = new Upsampler(16_000, rate);
        up.push(Int16Array.of(999, -999));
        up.reset();
        const pieces: number[] = [];
        let at = 0;
        for (let i = 0; at < input.length; i++) {
          const size = sizes[i % sizes.length]!;
          pieces.push(...up.push(input.subarray(at, at + size)));
          at += size;
        }
        expect(pieces).toEqual(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('rings: reads in order, silence when empty, drops the oldest when full, empties on clear', () => {
    const ring = new RingBuffer(4);
    ring.write([1, 2, 3]);
    const out = new Float32Array(2);
    expect(ring.read(out)).toBe(2);
    expect([...out]).toEqual([1, 2]);
    expect(ring.write([4, 5, 6, 7])).toBe(1); // 3 dropped
    expect(ring.length).toBe(4);
    const four = new Float32Array(6);
    expect(ring.read(four)).toBe(4);
    expect([...four]).toEqual([4, 5, 6, 7, 0, 0]);
    ring.write([9, 9]);
    ring.clear();
    expect(ring.length).toBe(0);
    expect(ring.read(new Float32Array(3))).toBe(0);
  });

  it('rings like a queue for any writes and reads', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.array(fc.oneof(fc.record({ write: fc.integer({ min: 0, max: 100 }) }), fc.record({ read: fc.integer({ min: 0, max: 100 }) }), fc.constant({ clear: true as const }))),
        (capacity, ops) => {
          const ring = new RingBuffer(capacity);
          let model: number[] = [];
          let next = 1;
          for (const op of ops) {
            if ('write' in op) {
              const samples = Array.from({ length: op.write }, () => next++);
              ring.write(samples);
              model = [...model, ...samples].slice(-capacity);
            } else if ('read' in op) {
              const out = new Float32Array(op.read);
              const n = ring.read(out);
              const expected = model.slice(0, op.read);
              model = model.slice(op.read);
              expect(n).toBe(expected.length);
              expect([...out]).toEqual([...expected, ...Array<number>(op.read - expected.length).fill(0)]);
            } else {
              ring.clear();
              model = [];
            }
            expect(ring.length).toBe(model.length);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('meters silence as 0 and full scale as 1', () => {
    expect(meterLevel(0)).toBe(0);
    expect(meterLevel(1)).toBe(1);
    expect(meterLevel(0.001)).toBe(0);
    expect(meterLevel(0.1)).toBeCloseTo(2 / 3, 5);
  });
});
