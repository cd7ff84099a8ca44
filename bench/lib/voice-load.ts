import { startStandInModel, type Scripted, type SeenRequest } from '../../src/server/test/stand-ins/model';
import { startStandInRealtime } from '../../src/server/test/stand-ins/realtime';
import { startStandInStt } from '../../src/server/test/stand-ins/transcription';
import { startStandInTts } from '../../src/server/test/stand-ins/speech';
import { startStandInTwilio, type StandInCall } from '../../src/server/test/stand-ins/twilio';
import { espeakSpeech } from '../../src/server/test/voice-call';

/*
 * The other side of `npm run bench:voice` (voice-bench.ts), in a process of its own so its CPU is not the
 * service's: the transcription stand-in (every answer after --stt-ms), the model stand-in (streamed, its first
 * words after --first-token-ms), and Twilio's stand-in with the callers. Each caller says registered phrases
 * (eSpeak NG) with pauses, waiting for the assistant to finish before the next, and once per round (the
 * second phrase) barges in over a long answer. Everything is measured on the Twilio stand-in's timeline, as a caller would: the end of
 * their speech (last loud frame sent) → the first loud frame of the answer received; the onset of a barge-in
 * (first loud frame sent) → the `clear` received. Talks to the parent over IPC.
 */

export interface Setup {
  sttMs: number;
  firstTokenMs: number;
  /** `--mode multimodal|dualplex`: the realtime stand-in too, taught the same phrases and answers (its first delta after firstTokenMs). */
  realtime?: boolean;
  /** A speech stand-in too (TTS_BASE_URL; answers after this many ms): the service's speech off its own core (bench:capacity --tts stand-in). */
  ttsMs?: number;
}

export interface Turn {
  phrase: string;
  /** The caller's speech ended / the answer's first loud frame came (ms on the call's timeline). */
  voicedEndMs: number;
  firstSoundMs: number | null;
  /** The answer was cut by this turn's caller (the barge-in's own answer is the next turn). */
  bargedIn: boolean;
}

export interface BargeIn {
  onsetMs: number;
  clearMs: number | null;
}

export interface CallResult {
  sid: string;
  /** Epoch ms of the stream's start: the call's timeline's zero. */
  startedAt: number;
  durationMs: number;
  turns: Turn[];
  bargeIns: BargeIn[];
}

const PHRASES = {
  check: 'Hi, I would like to check on my order.',
  number: 'The number is A-1234.',
  hours: 'What are your opening hours?',
  stop: 'No, wait, I have a question.',
  weekend: 'Do you deliver on weekends?',
  thanks: 'Okay, thank you very much.',
} as const;

/** What the assistant says to each (its first sentence short or long, as people answer). */
const ANSWERS: [RegExp, string][] = [
  [/check on my order/i, 'Sure, I can help with that. What is the order number?'],
  [/number is/i, 'Thank you. Order A-1234 has shipped and arrives on Friday.'],
  [
    /opening hours/i,
    'We are open from nine in the morning until six in the evening on weekdays. On Saturdays we open at ten and close at four. On Sundays and public holidays we are closed, but you can always write to us and we answer the next working day.',
  ],
  [/have a question/i, 'Of course. What is your question?'],
  [/weekends/i, 'Yes, we deliver on Saturdays, but not on Sundays.'],
  [/thank you/i, 'You are welcome. Is there anything else I can do for you?'],
];

const text = (c: unknown) => (typeof c === 'string' ? c : '');

function answer(req: SeenRequest): Scripted {
  const last = text(req.body.messages.at(-1)?.content);
  if (/said nothing/.test(last)) return { text: 'Are you still there?' };
  return { text: ANSWERS.find(([re]) => re.test(last))?.[1] ?? 'I see. Tell me more.' };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function send(m: unknown): void {
  process.send!(m);
}

let twilio: Awaited<ReturnType<typeof startStandInTwilio>>;
let close: (() => Promise<void>) | null = null;
const speech: Record<string, Float32Array> = {};

async function setUp({ sttMs, firstTokenMs, realtime: withRealtime, ttsMs }: Setup) {
  const stt = await startStandInStt({ delayMs: sttMs });
  const model = await startStandInModel({ fallback: answer, firstTokenMs });
  // The realtime stand-in makes its audio at twice real time, as a fast endpoint does.
  const realtime = withRealtime ? await startStandInRealtime({ firstDeltaMs: firstTokenMs, deltaEveryMs: 50 }) : null;
  if (realtime) realtime.answer = (heard) => ANSWERS.find(([re]) => re.test(heard))?.[1] ?? 'I see. Tell me more.';
  twilio = await startStandInTwilio();
  const tts = ttsMs === undefined ? null : await startStandInTts();
  if (tts) tts.delayMs = ttsMs!;
  for (const phrase of Object.values(PHRASES)) {
    speech[phrase] = espeakSpeech(phrase);
    stt.register(phrase, speech[phrase]);
    realtime?.register(phrase, speech[phrase]);
  }
  close = async () => {
    await twilio.close();
    await model.close();
    await stt.close();
    await realtime?.close();
    await tts?.close();
  };
  send({ urls: { stt: stt.baseUrl, model: model.baseUrl, twilio: twilio.baseUrl, realtime: realtime?.baseUrl ?? null, tts: tts?.baseUrl ?? null } });
}

/** Waits until the assistant has been quiet for `quietMs` (nothing received), or `timeoutMs` passed. */
async function quiet(call: StandInCall, quietMs: number, timeoutMs: number): Promise<void> {
  const end = call.now() + timeoutMs;
  while (call.now() < end) {
    const last = call.received.at(-1)?.atMs ?? -Infinity;
    if (call.now() - last >= quietMs) return;
    await sleep(20);
  }
}

async function waitFor<T>(probe: () => T | null | undefined, timeoutMs: number): Promise<T | null> {
  const end = performance.now() + timeoutMs;
  while (performance.now() < end) {
    const v = probe();
    if (v !== null && v !== undefined) return v;
    await sleep(10);
  }
  return null;
}

const counts = { live: 0, turns: 0, answered: 0, bargeIns: 0, clears: 0 };

/** One caller: rounds of phrases until the call's time is up, then the hang-up. */
async function caller(call: StandInCall, seconds: number, seed: number): Promise<CallResult> {
  const turns: Turn[] = [];
  const bargeIns: BargeIn[] = [];
  const endMs = seconds * 1000;
  // Callers pause a little differently, so the calls drift apart.
  const pause = () => 600 + ((seed * 397 + turns.length * 251) % 1200);
  const timeLeft = () => endMs - call.now();
  const say = async (phrase: string) => {
    const said = call.say(speech[phrase]!);
    await said.done;
    return said;
  };
  counts.live += 1;
  // The greeting first.
  await waitFor(() => call.soundAfter(0), 5_000);
  await quiet(call, 700, 15_000);
  const round = [PHRASES.check, PHRASES.hours, PHRASES.number, PHRASES.weekend, PHRASES.thanks];
  for (let i = 0; timeLeft() > 6_000; i++) {
    await sleep(pause());
    const phrase = round[i % round.length]!;
    const said = await say(phrase);
    const turn: Turn = { phrase, voicedEndMs: said.voicedEndMs ?? said.endMs ?? call.now(), firstSoundMs: null, bargedIn: false };
    turns.push(turn);
    counts.turns += 1;
    turn.firstSoundMs = await waitFor(() => call.soundAfter(turn.voicedEndMs), 6_000);
    if (turn.firstSoundMs !== null) counts.answered += 1;
    if (phrase === PHRASES.hours && turn.firstSoundMs !== null && timeLeft() > 8_000) {
      // Barge in over the long answer, a second and a bit into it.
      await waitFor(() => (call.now() > turn.firstSoundMs! + 1_200 ? true : null), 5_000);
      const clears = call.clears.length;
      const stop = call.say(speech[PHRASES.stop]!);
      const clearMs = await waitFor(() => call.clears[clears], 4_000);
      await stop.done;
      turn.bargedIn = true;
      bargeIns.push({ onsetMs: stop.onsetMs ?? stop.queuedMs, clearMs });
      counts.bargeIns += 1;
      if (clearMs !== null) counts.clears += 1;
      const next: Turn = { phrase: PHRASES.stop, voicedEndMs: stop.voicedEndMs ?? stop.endMs ?? call.now(), firstSoundMs: null, bargedIn: false };
      turns.push(next);
      counts.turns += 1;
      next.firstSoundMs = await waitFor(() => call.soundAfter(next.voicedEndMs), 6_000);
      if (next.firstSoundMs !== null) counts.answered += 1;
    }
    await quiet(call, 700, Math.max(0, timeLeft()));
  }
  await sleep(Math.max(0, timeLeft()));
  const durationMs = call.now();
  await call.hangUp();
  counts.live -= 1;
  return { sid: call.sid, startedAt: call.startedAt, durationMs, turns, bargeIns };
}

async function run({ phone, calls, seconds, staggerMs }: { phone: string; calls: number; seconds: number; staggerMs: number }) {
  const progress = setInterval(() => send({ progress: { ...counts } }), 1_000);
  const results = await Promise.all(
    Array.from({ length: calls }, async (_, i) => {
      // Dialled apart, as calls come in (their turns spread over a round instead of all at once).
      await sleep(i * staggerMs);
      const call = await twilio.dial(`+1202555${String(1000 + i).slice(-4)}`, phone);
      if (call.webhookStatus !== 200 || !call.streamUrl) throw new Error(`Call ${i} was not answered with a stream: ${call.webhookStatus} ${call.twiml}`);
      return caller(call, seconds, i);
    }),
  );
  clearInterval(progress);
  send({ results });
}

process.on('message', (m: { setup?: Setup; number?: boolean; run?: { phone: string; calls: number; seconds: number; staggerMs: number }; stop?: boolean }) => {
  if (m.setup) void setUp(m.setup);
  if (m.number) {
    const account = twilio.addAccount();
    const phone = '+14155550100';
    twilio.addNumber(account.sid, phone);
    send({ number: { phone, sid: account.sid, token: account.token } });
  }
  if (m.run) void run(m.run);
  if (m.stop) void (close?.() ?? Promise.resolve()).then(() => process.exit(0));
});
send({ ready: true });
