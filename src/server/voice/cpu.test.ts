import { describe, expect, it } from 'vitest';
import { measureVoiceCpu } from './cpu';

describe('voice CPU per call-minute', () => {
  it('the detector, the resampling, the ambient noise and the recording each take a small share of a core', async () => {
    const cpu = await measureVoiceCpu(10);
    console.info(`voice CPU per call-minute (ms): ${JSON.stringify(cpu)}`);
    // A call-minute is 60,000 ms of one core: each part stays under 5 % of it even on a busy machine.
    for (const part of ['detectorMs', 'speechResampleMs', 'ambientMs', 'recordingMs'] as const) expect(cpu[part], part).toBeLessThan(3_000);
    expect(cpu.detectorFrameMs).toBeLessThan(5);
  }, 30_000);
});
