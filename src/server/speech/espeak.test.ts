import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { BROKER_GRACE_MS, espeakSource, probeEspeak, stopEspeakBroker } from './espeak';
import { SpeechError } from './speech';

const install = await probeEspeak('espeak-ng');

afterAll(() => stopEspeakBroker());

describe.skipIf(!install)('eSpeak NG through its helper process', () => {
  it('probes and synthesizes, concurrently', async () => {
    expect(install?.version).toMatch(/^eSpeak NG/);
    const source = espeakSource(install!, 10_000);
    const pcm = await Promise.all(['Hello there.', 'Second sentence.', '-not an option'].map((text) => source.synthesize({ text, language: 'en', voice: 'assistant' })));
    for (const p of pcm) expect(p.samples.length).toBeGreaterThan(1000);
  });

  it('reports a missing program as before', async () => {
    expect(await probeEspeak('/nonexistent/espeak-ng')).toBeNull();
    const source = espeakSource({ ...install!, path: '/nonexistent/espeak-ng' }, 10_000);
    await expect(source.synthesize({ text: 'Hi.', language: 'en', voice: 'assistant' })).rejects.toThrow(/^eSpeak NG could not run: spawn .*ENOENT/);
  });

  it('kills a run past its timeout', async () => {
    const source = espeakSource(install!, 1);
    const e = await source.synthesize({ text: 'A long sentence. '.repeat(200), language: 'en', voice: 'assistant' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SpeechError);
    expect((e as Error).message).toBe('eSpeak NG took longer than 1 ms');
  });

  it('fails the runs in flight when the helper dies, and starts another on the next run', async () => {
    const source = espeakSource(install!, 10_000);
    const pending = source.synthesize({ text: 'A long sentence. '.repeat(50), language: 'en', voice: 'assistant' });
    const pid = Number(execFileSync('pgrep', ['-P', String(process.pid), '-f', 'espeak-broker'], { encoding: 'utf8' }).trim().split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    await expect(pending).rejects.toThrow(/^eSpeak NG could not run: its helper process exited \(SIGKILL\)$/);
    const pcm = await source.synthesize({ text: 'Back again.', language: 'en', voice: 'assistant' });
    expect(pcm.samples.length).toBeGreaterThan(1000);
  });

  it('gives up on a helper that hangs alive, kills it, and starts another on the next run', async () => {
    const source = espeakSource(install!, 500);
    await source.synthesize({ text: 'Warm.', language: 'en', voice: 'assistant' });
    const pid = Number(execFileSync('pgrep', ['-P', String(process.pid), '-f', 'espeak-broker'], { encoding: 'utf8' }).trim().split('\n')[0]);
    // Stopped, not dead: no exit event, no answer; only the service's own watchdog can end the wait.
    process.kill(pid, 'SIGSTOP');
    const t0 = performance.now();
    const e = await source.synthesize({ text: 'Hello?', language: 'en', voice: 'assistant' }).catch((x: unknown) => x);
    const waited = performance.now() - t0;
    expect(e).toBeInstanceOf(SpeechError);
    expect((e as Error).message).toBe(`eSpeak NG could not run: its helper process did not answer within ${500 + BROKER_GRACE_MS} ms`);
    expect(waited).toBeGreaterThanOrEqual(500 + BROKER_GRACE_MS - 50);
    expect(waited).toBeLessThan(500 + BROKER_GRACE_MS + 3_000);
    const pcm = await source.synthesize({ text: 'Back again.', language: 'en', voice: 'assistant' });
    expect(pcm.samples.length).toBeGreaterThan(1000);
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
