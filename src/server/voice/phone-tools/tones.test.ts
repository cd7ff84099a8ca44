import { describe, expect, it } from 'vitest';
import { mulawToPipeline, pipelineToMulaw } from '../../telephony/twilio/media-stream';
import { hearKeys } from '../../test/stand-ins/dtmf-hearing';
import { espeakSpeech } from '../../test/voice-call';
import { PIPELINE_RATE } from '../session-types';
import { realClock } from '../clock';
import { Keypad } from './keypad';
import { dtmfTones, holdMusicBar, keysOf } from './tones';

/** Through a phone line and back: 16 kHz → μ-law 8 kHz (what Twilio carries) → floats at 8 kHz. */
function overTheLine(samples: Float32Array): Float32Array {
  const line = mulawToPipeline(pipelineToMulaw(samples));
  // Heard at 8 kHz, as the callee's side samples it.
  return line.filter((_, i) => i % 2 === 0);
}

describe('keypad tones', () => {
  it('every key is heard back after μ-law at 8 kHz, in order', () => {
    const keys = '0123456789*#ABCD';
    expect(hearKeys(overTheLine(dtmfTones(keys, PIPELINE_RATE)), 8000)).toBe(keys);
    expect(hearKeys(overTheLine(dtmfTones('1122', PIPELINE_RATE)), 8000)).toBe('1122');
  });

  it('speech, hold music and silence are no keys', () => {
    expect(hearKeys(overTheLine(espeakSpeech('Press one for sales, two for support, or stay on the line.')), 8000)).toBe('');
    const music = new Float32Array(PIPELINE_RATE * 8);
    for (let bar = 0; bar < 4; bar++) music.set(holdMusicBar(bar, PIPELINE_RATE, 100), bar * PIPELINE_RATE * 2);
    expect(hearKeys(overTheLine(music), 8000)).toBe('');
    expect(hearKeys(new Float32Array(8000), 8000)).toBe('');
  });

  it('the model\'s keys are the pressable ones', () => {
    expect(keysOf(' 1-2 3#, then *w ')).toBe('123#*');
  });

  it('hold music follows its volume', () => {
    const peak = (v: number) => holdMusicBar(0, PIPELINE_RATE, v).reduce((m, x) => Math.max(m, Math.abs(x)), 0);
    expect(peak(0)).toBe(0);
    expect(peak(100)).toBeGreaterThan(1.8 * peak(50));
    expect(peak(100)).toBeLessThanOrEqual(0.25);
  });
});

describe('the keypad', () => {
  it('a turn ends at # or after a pause; collect_keypad takes keys until its stop key or its timeout', async () => {
    const turns: string[] = [];
    const pad = new Keypad(realClock(), (k) => turns.push(k));
    for (const k of '12#') pad.press(k);
    expect(turns).toEqual(['12#']);
    pad.press('7');
    pad.press('x'); // not a key
    expect(turns).toEqual(['12#']);
    await new Promise((r) => setTimeout(r, 1_700));
    expect(turns).toEqual(['12#', '7']);

    pad.press('4'); // typed just before the tool asked: it counts
    const byStop = pad.collect({ stopKey: '#', timeoutMs: 5_000 });
    for (const k of '56#9') pad.press(k);
    expect(await byStop).toEqual({ digits: '456', ended_by: 'stop_key' });
    // The 9 after the stop key waits as a turn; a collection asked for meanwhile takes it.
    const byTimeout = pad.collect({ stopKey: '#', timeoutMs: 300 });
    pad.press('8');
    expect(await byTimeout).toEqual({ digits: '98', ended_by: 'timeout' });
    pad.press('3');
    await new Promise((r) => setTimeout(r, 1_700));
    expect(turns).toEqual(['12#', '7', '3']);
    pad.close();
  });
});
