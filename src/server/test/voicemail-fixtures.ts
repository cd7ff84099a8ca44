import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PIPELINE_RATE } from '../voice/session-types';
import { espeakSpeech } from './voice-call';

/*
 * The answering machines and the people of the voicemail tests and `npm run bench:voicemail`, made here: 20
 * machine greetings (eSpeak NG voices in seven languages, each followed after a short gap by a beep of 400–2,000
 * Hz made in JS, four without a beep, then the silence of a machine recording) and 20 people answering ("Hello?",
 * "Yes, speaking", a name and a question; several languages), each after the pause of someone picking up, then
 * waiting for an answer. All at the pipeline's 16 kHz. eSpeak NG's audio is cached in a temp dir by text and voice.
 */

export interface VoicemailFixture {
  name: string;
  kind: 'machine' | 'human';
  /** What is said (the transcription stand-in is told it with `speech`). */
  text: string;
  voice: string;
  /** The spoken part alone. */
  speech: Float32Array;
  /** The whole of the callee's side from the answer on: lead silence, speech, (gap, beep), silence. */
  samples: Float32Array;
  /** Ms from the answer: the speech's start and end, the beep's start and end (null without one). */
  speechStartMs: number;
  speechEndMs: number;
  beep: { hz: number; startMs: number; endMs: number } | null;
}

interface Spec {
  text: string;
  voice: string;
  leadMs: number;
  beep?: { hz: number; gapMs: number; ms: number };
}

const MACHINES: Spec[] = [
  { voice: 'en-us', leadMs: 300, text: "Hi, you've reached the voicemail of John Miller. I can't take your call right now. Please leave a message after the tone.", beep: { hz: 1000, gapMs: 400, ms: 300 } },
  { voice: 'en-us+f3', leadMs: 200, text: 'The person you are calling is not available. Please leave a message after the tone.', beep: { hz: 440, gapMs: 500, ms: 500 } },
  { voice: 'en-gb', leadMs: 400, text: 'Hello, you have reached Acme Dental. Our office is currently closed. Please leave your name and number and we will call you back.', beep: { hz: 800, gapMs: 300, ms: 250 } },
  { voice: 'en-us+f2', leadMs: 250, text: "Hey, it's Sarah. Sorry I missed you. Leave me a message and I'll get back to you.", beep: { hz: 1400, gapMs: 600, ms: 200 } },
  { voice: 'en-us+m2', leadMs: 350, text: 'Thank you for calling. No one is available to take your call. Please record your message at the tone.', beep: { hz: 1850, gapMs: 400, ms: 400 } },
  { voice: 'de', leadMs: 300, text: 'Hallo, Sie sind verbunden mit der Mailbox von Anna Schmidt. Bitte hinterlassen Sie eine Nachricht nach dem Signalton.', beep: { hz: 1000, gapMs: 450, ms: 350 } },
  { voice: 'de+f3', leadMs: 200, text: 'Der Teilnehmer ist zur Zeit nicht erreichbar. Bitte sprechen Sie nach dem Signalton.', beep: { hz: 425, gapMs: 350, ms: 600 } },
  { voice: 'de+m3', leadMs: 500, text: 'Guten Tag, hier ist der Anrufbeantworter von Familie Weber. Wir sind leider nicht zu Hause.' },
  { voice: 'fr-fr', leadMs: 300, text: 'Bonjour, vous êtes bien sur le répondeur de Marie Dupont. Laissez un message après le bip.', beep: { hz: 1200, gapMs: 400, ms: 300 } },
  { voice: 'fr-fr+f2', leadMs: 250, text: "Votre correspondant n'est pas disponible pour le moment. Veuillez laisser un message." },
  { voice: 'es', leadMs: 300, text: 'Hola, has llamado al buzón de voz de Carlos. Deja tu mensaje después del tono.', beep: { hz: 900, gapMs: 500, ms: 250 } },
  { voice: 'es+f4', leadMs: 400, text: 'El número que usted marcó no está disponible. Por favor deje un mensaje después del tono.', beep: { hz: 1800, gapMs: 300, ms: 300 } },
  { voice: 'it', leadMs: 300, text: 'Ciao, sono Luca. Non posso rispondere, lasciate un messaggio in segreteria dopo il segnale acustico.', beep: { hz: 600, gapMs: 450, ms: 400 } },
  { voice: 'nl', leadMs: 350, text: 'Hallo, u spreekt met de voicemail van Jan de Vries. Spreek een bericht in na de piep.', beep: { hz: 2000, gapMs: 400, ms: 200 } },
  { voice: 'en-gb+f4', leadMs: 300, text: 'You have reached the voicemail box of 0 7 7 0 0, 9 0 0 1 2 3. Please leave a message after the tone.', beep: { hz: 1500, gapMs: 350, ms: 350 } },
  { voice: 'en-us+m7', leadMs: 250, text: "This is Mike. I'm away from my desk right now. Please leave a message and I will return your call." },
  { voice: 'en-us+f5', leadMs: 300, text: 'Thank you for calling Bright Smiles. Our office hours are nine to five. Please leave a message after the beep.', beep: { hz: 700, gapMs: 400, ms: 450 } },
  { voice: 'de+f2', leadMs: 400, text: 'Hier ist die Mailbox von Thomas Becker. Ich rufe gerne zurück. Sprechen Sie nach dem Piepton.', beep: { hz: 1600, gapMs: 500, ms: 300 } },
  { voice: 'pt-br', leadMs: 300, text: 'Olá, você ligou para a caixa postal de Pedro. Deixe sua mensagem após o sinal.', beep: { hz: 500, gapMs: 450, ms: 350 } },
  { voice: 'en-us+m4', leadMs: 350, text: 'Your call has been forwarded to an automatic voice message system. The person you are trying to reach is not available.' },
];

const PEOPLE: Spec[] = [
  { voice: 'en-us+m3', leadMs: 500, text: 'Hello?' },
  { voice: 'en-us+f3', leadMs: 400, text: 'Yes, speaking.' },
  { voice: 'en-gb+f4', leadMs: 600, text: 'This is Anna Schmidt. Who is calling, please?' },
  { voice: 'en-us+m1', leadMs: 300, text: 'Hi, Mike here.' },
  { voice: 'de', leadMs: 700, text: 'Hallo?' },
  { voice: 'de+f2', leadMs: 500, text: 'Ja, bitte?' },
  { voice: 'de+m3', leadMs: 400, text: 'Schmidt.' },
  { voice: 'en-us+m2', leadMs: 800, text: 'Yeah?' },
  { voice: 'en-us+f5', leadMs: 450, text: 'Hello, who is this?' },
  { voice: 'en-us+m4', leadMs: 350, text: 'Hello, Peter Brown speaking.' },
  { voice: 'en-gb', leadMs: 500, text: 'Yes?' },
  { voice: 'en-us+f2', leadMs: 600, text: "Hi, who's this?" },
  { voice: 'fr-fr', leadMs: 500, text: 'Allô, oui?' },
  { voice: 'es', leadMs: 400, text: 'Hola, ¿quién es?' },
  { voice: 'it', leadMs: 550, text: 'Pronto?' },
  { voice: 'de+m1', leadMs: 450, text: 'Müller, guten Tag.' },
  { voice: 'en-us+m7', leadMs: 300, text: 'Hello, yes, this is David.' },
  { voice: 'en-us+f4', leadMs: 650, text: 'Speaking.' },
  { voice: 'de+f4', leadMs: 400, text: 'Weber hier. Wer spricht da, bitte?' },
  { voice: 'en-us+f3', leadMs: 350, text: 'Good morning, this is Laura. What can I do for you?' },
];

/** Silence after the speech (a person waiting for an answer; a machine recording). */
const TAIL_MS = 4_000;
const BEEP_LEVEL = 0.3;
const samplesOf = (ms: number) => Math.round((ms / 1000) * PIPELINE_RATE);

/** A sine beep with 5 ms ramps (no click at its edges). */
export function beepTone(hz: number, ms: number, level = BEEP_LEVEL): Float32Array {
  const n = samplesOf(ms);
  const ramp = samplesOf(5);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = level * Math.sin((2 * Math.PI * hz * i) / PIPELINE_RATE) * Math.min(1, i / ramp, (n - 1 - i) / ramp);
  return out;
}

/** Without its leading and trailing silence (eSpeak NG pads its output). */
function trimmed(samples: Float32Array): Float32Array {
  let first = 0;
  let last = samples.length - 1;
  while (first < samples.length && Math.abs(samples[first]!) < 0.005) first += 1;
  while (last > first && Math.abs(samples[last]!) < 0.005) last -= 1;
  return samples.slice(first, last + 1);
}

const cacheDir = join(tmpdir(), 'voicemail-fixtures');

function spoken(text: string, voice: string): Float32Array {
  const key = createHash('sha256').update(`${voice}\n${text}`).digest('hex').slice(0, 24);
  const file = join(cacheDir, `${key}.f32`);
  if (existsSync(file)) {
    const bytes = readFileSync(file);
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  const samples = trimmed(espeakSpeech(text, voice));
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  return samples;
}

function build(spec: Spec, kind: VoicemailFixture['kind'], index: number): VoicemailFixture {
  const speech = spoken(spec.text, spec.voice);
  const lead = samplesOf(spec.leadMs);
  const gap = spec.beep ? samplesOf(spec.beep.gapMs) : 0;
  const tone = spec.beep ? beepTone(spec.beep.hz, spec.beep.ms) : new Float32Array(0);
  const samples = new Float32Array(lead + speech.length + gap + tone.length + samplesOf(TAIL_MS));
  samples.set(speech, lead);
  samples.set(tone, lead + speech.length + gap);
  const ms = (n: number) => (n / PIPELINE_RATE) * 1000;
  const speechEndMs = ms(lead + speech.length);
  return {
    name: `${kind}-${String(index + 1).padStart(2, '0')} (${spec.voice}) ${spec.text.slice(0, 40)}`,
    kind,
    text: spec.text,
    voice: spec.voice,
    speech,
    samples,
    speechStartMs: spec.leadMs,
    speechEndMs,
    beep: spec.beep ? { hz: spec.beep.hz, startMs: ms(lead + speech.length + gap), endMs: ms(lead + speech.length + gap + tone.length) } : null,
  };
}

let made: { machines: VoicemailFixture[]; people: VoicemailFixture[] } | null = null;

/** The 20 machines and 20 people (made once per process). */
export function voicemailFixtures(): { machines: VoicemailFixture[]; people: VoicemailFixture[] } {
  made ??= { machines: MACHINES.map((s, i) => build(s, 'machine', i)), people: PEOPLE.map((s, i) => build(s, 'human', i)) };
  return made;
}
