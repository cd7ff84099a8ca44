import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readWav, WavFormatError } from '../audio/pcm';
import { SpeechError, type SpeechSource, type SpeechVoice } from './speech';

/*
 * eSpeak NG as a separate program (`espeak-ng --stdout`, its WAV read from the pipe), never linked: eSpeak NG
 * is GPL-3.0, and a child process keeps it an independent program the service talks to. The text goes in on
 * standard input, not the command line: a turn that starts with "-" is not an option, and the text stays out
 * of the process list.
 */

/** What a prose turn can produce at most (about five minutes of 22,050 Hz audio): a runaway process is cut. */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/** The two voices: eSpeak NG's female and male variants, so assistant and customer never sound alike. */
const VARIANTS: Record<SpeechVoice, string> = { assistant: 'f3', customer: 'm3' };
/** eSpeak NG's own words per minute at rate 1. */
const BASE_WPM = 175;

/** Where a bare language names several voices, the one to take. */
const PREFERRED: Record<string, string> = { en: 'en-us', fr: 'fr-fr', pt: 'pt-br', es: 'es', vi: 'vi', zh: 'cmn' };

export interface EspeakInstall {
  path: string;
  version: string;
  /** The language names of its voices (`en-us`, `de`, …), lower case. */
  languages: ReadonlySet<string>;
}

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/*
 * The processes are spawned by a small helper process (espeak-broker.mjs), not by the service: a spawn forks
 * the spawning process, and forking the service (PGlite, onnxruntime: ~500 MB mapped) blocks its event loop
 * 150–560 ms, during which every live call's audio waits. The broker is forked once, on the first run, and
 * again on the run after it dies; the runs in flight when it dies fail.
 */
interface BrokerReply {
  id: number;
  code?: number | null;
  stdout?: Uint8Array;
  stderr?: string;
  error?: string;
  /** The error is the broker's own SpeechError (a timeout, too much output), not a failure to run. */
  speech?: boolean;
}

interface Pending {
  resolve(run: Run): void;
  reject(e: Error): void;
}

let broker: { child: ChildProcess; pending: Map<number, Pending> } | null = null;
let nextId = 1;

const BROKER_PATH = fileURLToPath(new URL('./espeak-broker.mjs', import.meta.url));

function startBroker(): NonNullable<typeof broker> {
  // No execArgv: the broker is plain JavaScript and needs none of the service's loaders (tsx) or flags.
  const child = fork(BROKER_PATH, [], { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const state = { child, pending: new Map<number, Pending>() };
  const fail = (reason: string) => {
    if (broker === state) broker = null;
    for (const p of state.pending.values()) p.reject(new SpeechError(`eSpeak NG could not run: ${reason}`));
    state.pending.clear();
  };
  child.on('message', (m: BrokerReply) => {
    const p = state.pending.get(m.id);
    if (!p) return;
    state.pending.delete(m.id);
    idle(state);
    if (m.error !== undefined) p.reject(m.speech ? new SpeechError(m.error) : new Error(m.error));
    else p.resolve({ code: m.code ?? null, stdout: Buffer.from(m.stdout?.buffer ?? new ArrayBuffer(0), m.stdout?.byteOffset, m.stdout?.byteLength), stderr: m.stderr ?? '' });
  });
  child.on('error', (e) => fail(`its helper process failed: ${e.message}`));
  child.on('exit', (code, signal) => fail(`its helper process exited (${signal ?? code})`));
  // Never what keeps the service alive: the channel is held only while runs are in flight.
  child.unref();
  idle(state);
  return state;
}

/** The channel holds the process open only while a run waits for its answer. */
function idle(state: NonNullable<typeof broker>) {
  const channel = state.child.channel;
  if (!channel) return;
  if (state.pending.size > 0) channel.ref();
  else channel.unref();
}

/** Ends the helper process (the service's stop, tests); the next run starts another. */
export function stopEspeakBroker(): void {
  const state = broker;
  broker = null;
  if (!state) return;
  for (const p of state.pending.values()) p.reject(new SpeechError('eSpeak NG could not run: the service is stopping'));
  state.pending.clear();
  state.child.kill();
}

/**
 * How long past a run's own limit the service waits for the broker's answer. The broker kills a run at its
 * limit and answers at once; one that has not answered by then is hung alive (stopped, its loop stuck), not slow.
 */
export const BROKER_GRACE_MS = 2_000;

function run(path: string, args: readonly string[], input: string | null, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    broker ??= startBroker();
    const state = broker;
    const id = nextId++;
    // A hung broker would hold every call's speech forever: past the grace it is killed (its exit fails the
    // other runs in flight too) and the next run forks a fresh one.
    const watchdog = setTimeout(() => {
      if (!state.pending.delete(id)) return;
      reject(new SpeechError(`eSpeak NG could not run: its helper process did not answer within ${timeoutMs + BROKER_GRACE_MS} ms`));
      if (broker === state) broker = null;
      state.child.kill('SIGKILL');
    }, timeoutMs + BROKER_GRACE_MS);
    watchdog.unref();
    state.pending.set(id, {
      resolve: (r) => {
        clearTimeout(watchdog);
        resolve(r);
      },
      reject: (e) => {
        clearTimeout(watchdog);
        reject(e);
      },
    });
    idle(state);
    state.child.send({ id, path, args, input, timeoutMs, maxBytes: MAX_OUTPUT_BYTES }, (e) => {
      if (!e || !state.pending.delete(id)) return;
      clearTimeout(watchdog);
      idle(state);
      reject(new SpeechError(`eSpeak NG could not run: its helper process did not take the request (${e.message})`));
    });
  });
}

/** The program at `path` when it runs and lists voices; null when it is missing or broken. */
export async function probeEspeak(path: string, timeoutMs = 5_000): Promise<EspeakInstall | null> {
  try {
    const version = await run(path, ['--version'], null, timeoutMs);
    if (version.code !== 0) return null;
    const voices = await run(path, ['--voices'], null, timeoutMs);
    if (voices.code !== 0) return null;
    const languages = new Set<string>();
    for (const line of voices.stdout.toString('utf8').split('\n').slice(1)) {
      const language = line.trim().split(/\s+/)[1];
      if (language) languages.add(language.toLowerCase());
    }
    if (languages.size === 0) return null;
    // "eSpeak NG text-to-speech: 1.51  Data at: /usr/lib/…": the number is what matters.
    const number = /\d+\.\d+(\.\d+)?/.exec(version.stdout.toString('utf8'))?.[0];
    return { path, version: number ? `eSpeak NG ${number}` : 'eSpeak NG', languages };
  } catch {
    return null;
  }
}

/** The voice for a language tag: the tag itself, its preferred form, its base language, else English. */
export function espeakLanguage(tag: string, languages: ReadonlySet<string>): string {
  const wanted = tag.trim().toLowerCase().replace(/_/g, '-');
  const base = wanted.split('-')[0] ?? '';
  const candidates = [PREFERRED[wanted], wanted, PREFERRED[base], base];
  for (const c of candidates) if (c && languages.has(c)) return c;
  const family = [...languages].filter((l) => l.startsWith(`${base}-`)).sort()[0];
  if (base && family) return family;
  return languages.has('en-us') ? 'en-us' : 'en';
}

export function espeakSource(install: EspeakInstall, timeoutMs: number): SpeechSource {
  return {
    engine: 'espeak-ng',
    description: `${install.version} (${install.path})`,
    async synthesize({ text, language, voice, rate, voiceName }) {
      const name = voiceName?.includes('+') ? voiceName : `${espeakLanguage(language, install.languages)}+${voiceName || VARIANTS[voice]}`;
      // -b 1: the input is UTF-8, whatever the process's locale says.
      const args = ['-v', name, '-b', '1', '--stdout'];
      if (rate !== undefined && rate !== 1 && Number.isFinite(rate)) args.push('-s', String(Math.round(BASE_WPM * Math.min(2, Math.max(0.5, rate)))));
      let result: Run;
      try {
        result = await run(install.path, args, text, timeoutMs);
      } catch (e) {
        throw e instanceof SpeechError ? e : new SpeechError(`eSpeak NG could not run: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (result.code !== 0) throw new SpeechError(`eSpeak NG exited with ${result.code}: ${result.stderr.trim().slice(0, 300)}`);
      try {
        return readWav(result.stdout);
      } catch (e) {
        if (e instanceof WavFormatError) throw new SpeechError(`eSpeak NG's output is not audio: ${e.message}`);
        throw e;
      }
    },
  };
}
