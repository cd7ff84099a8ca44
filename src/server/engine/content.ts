import type { JsonRecord, PostCallField, TranscriptLine } from '../db/schema';
import { randomPerson, Rng, type Language } from './random';
import type { CallPlan } from './plan';

/*
 * What the assistant would have produced on a call: its transcript, the variables of its post-call schema
 * and its evaluation. Everything is drawn from the plan's seed, so the same call always says the same
 * thing. English and German have their own lines; any other language falls back to English.
 */

export interface ContentAssistant {
  name: string;
  initial_message: string;
  wait_for_customer: boolean;
  /** Defaults of the assistant's {{variables}}. */
  variables: JsonRecord;
  post_call_schema: readonly PostCallField[];
  post_call_evaluation: boolean;
  voice_mail_message: string | null;
}

export interface ContentInput {
  plan: CallPlan;
  type: 'outbound' | 'inbound';
  assistant: ContentAssistant;
  language: Language;
  /** The call's variables and its lead's (the call's win). */
  variables: JsonRecord;
  /** A campaign's goal_completion_variable: set true when the conversation reached its goal. */
  goalVariable: string | null;
  customerPhone: string;
  /** Epoch ms of the answer (transcript timestamps start there). */
  answeredAt: number;
}

export interface CallContent {
  /** null when nobody answered. */
  transcript: TranscriptLine[] | null;
  /** One value per post_call_schema field, of its type (and the goal variable). */
  extracted: JsonRecord;
  /** {} unless the assistant has post_call_evaluation. */
  evaluation: JsonRecord;
}

/** 'de' for an assistant speaking German, else 'en'. */
export function languageOf(name: string | null, iso2: string | null): Language {
  if (iso2?.toLowerCase() === 'de') return 'de';
  if (name && /^(german|deutsch)/i.test(name.trim())) return 'de';
  return 'en';
}

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function spoken(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/**
 * Fills {{name}} from the call's variables, then the assistant's defaults. A placeholder nothing fills is
 * left as written, so whoever tests an integration sees which variable was missing.
 */
export function fillVariables(text: string, ...sources: JsonRecord[]): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    for (const source of sources) {
      if (Object.prototype.hasOwnProperty.call(source, key)) {
        const value = spoken(source[key]);
        if (value !== null) return value;
      }
    }
    return whole;
  });
}

interface Lines {
  hello: string;
  inboundHello: (company: string) => string;
  defaultGreeting: (assistant: string, first: string, outbound: boolean) => string;
  engage: string[];
  ask: string[];
  answer: (first: string) => string[];
  confirm: string[];
  thanks: string[];
  goodbye: (first: string) => string;
  bye: string[];
  mustGo: string[];
  notInterested: string[];
  assistantEnds: (first: string) => string;
  machine: (name: string) => string[];
  voicemailMessage: (assistant: string) => string;
  summary: Record<string, (name: string) => string>;
  phrases: string[];
}

const EN: Lines = {
  hello: 'Hello?',
  inboundHello: (company) => `Hi, I am calling about ${company}.`,
  defaultGreeting: (assistant, first, outbound) =>
    outbound ? `Hi ${first}, this is ${assistant}. Do you have a minute?` : `Hello, this is ${assistant}. How can I help you today?`,
  engage: ['Yes, sure. What is it about?', 'Sure, go ahead.', 'Yes, I have a moment.'],
  ask: [
    'I am following up on your recent enquiry. Would a short appointment next week suit you?',
    'I would like to confirm a few details with you. Is the address we have on file still correct?',
    'We have an offer that might interest you. May I ask you two quick questions?',
  ],
  answer: (first) => [`Yes, that works for me. It is ${first}, by the way.`, 'That sounds good, tell me more.', 'Yes, that is still correct.'],
  confirm: ['Great, I have noted that. You will get a confirmation shortly.', 'Perfect, everything is in order then.', 'Thank you, I have updated our records.'],
  thanks: ['Thanks, that is all I needed.', 'Great, thank you.', 'Okay, thanks.'],
  goodbye: (first) => `Thank you${first ? `, ${first}` : ''}. Have a nice day, goodbye!`,
  bye: ['Bye.', 'Goodbye.', 'Thanks, bye.'],
  mustGo: ['Sorry, I have to go. I will call back later.', 'Actually, I am driving right now. Bye.', 'I cannot talk now, sorry.'],
  notInterested: ['I am not interested, thank you.', 'I think you have the wrong person.', 'Please take me off your list.'],
  assistantEnds: (first) => `I understand${first ? `, ${first}` : ''}. Sorry for the trouble, I will end the call now. Goodbye!`,
  machine: (name) => [
    `Hi, you have reached ${name}. I cannot take your call right now, please leave a message after the tone.`,
    'The person you are calling is not available. Please leave a message after the tone.',
  ],
  voicemailMessage: (assistant) => `Hello, this is ${assistant}. Sorry I missed you. Please call us back when you have a moment. Thank you!`,
  summary: {
    completed: (name) => `Spoke with ${name}; the call reached its goal.`,
    ended_by_customer: (name) => `${name} ended the call before it reached its goal.`,
    ended_by_assistant: (name) => `The assistant ended the call: ${name} was not interested.`,
    voicemail: (name) => `Reached the voicemail of ${name}.`,
    busy: () => 'The line was busy.',
    'no-answer': () => 'Nobody answered.',
    failed: () => 'The call could not be connected.',
  },
  phrases: ['follow-up next week', 'interested in the offer', 'asked for an email with details', 'prefers mornings', 'existing customer'],
};

const DE: Lines = {
  hello: 'Hallo?',
  inboundHello: (company) => `Guten Tag, ich rufe wegen ${company} an.`,
  defaultGreeting: (assistant, first, outbound) =>
    outbound ? `Guten Tag ${first}, hier ist ${assistant}. Haben Sie kurz Zeit?` : `Guten Tag, hier ist ${assistant}. Wie kann ich Ihnen helfen?`,
  engage: ['Ja, gerne. Worum geht es?', 'Ja, legen Sie los.', 'Ja, ich habe einen Moment.'],
  ask: [
    'Ich melde mich wegen Ihrer Anfrage. Würde Ihnen ein kurzer Termin nächste Woche passen?',
    'Ich möchte ein paar Angaben mit Ihnen abgleichen. Ist die Adresse, die wir haben, noch aktuell?',
    'Wir haben ein Angebot, das Sie interessieren könnte. Darf ich Ihnen zwei kurze Fragen stellen?',
  ],
  answer: (first) => [`Ja, das passt. Ich bin übrigens ${first}.`, 'Das klingt gut, erzählen Sie mehr.', 'Ja, die ist noch aktuell.'],
  confirm: ['Sehr gut, ich habe das notiert. Sie bekommen gleich eine Bestätigung.', 'Perfekt, dann ist alles in Ordnung.', 'Danke, ich habe unsere Daten aktualisiert.'],
  thanks: ['Danke, das war alles.', 'Prima, vielen Dank.', 'Gut, danke.'],
  goodbye: (first) => `Vielen Dank${first ? `, ${first}` : ''}. Einen schönen Tag noch, auf Wiederhören!`,
  bye: ['Tschüss.', 'Auf Wiederhören.', 'Danke, tschüss.'],
  mustGo: ['Entschuldigung, ich muss los. Ich rufe später zurück.', 'Ich sitze gerade im Auto. Tschüss.', 'Ich kann gerade nicht sprechen, tut mir leid.'],
  notInterested: ['Kein Interesse, danke.', 'Da sind Sie bei mir falsch.', 'Bitte streichen Sie mich von Ihrer Liste.'],
  assistantEnds: (first) => `Verstehe${first ? `, ${first}` : ''}. Entschuldigen Sie die Störung, ich beende das Gespräch jetzt. Auf Wiederhören!`,
  machine: (name) => [
    `Hallo, Sie sind verbunden mit ${name}. Ich bin gerade nicht erreichbar, bitte hinterlassen Sie eine Nachricht nach dem Signalton.`,
    'Der Teilnehmer ist zurzeit nicht erreichbar. Bitte sprechen Sie nach dem Signalton.',
  ],
  voicemailMessage: (assistant) => `Guten Tag, hier ist ${assistant}. Schade, dass ich Sie nicht erreiche. Bitte rufen Sie uns zurück. Vielen Dank!`,
  summary: {
    completed: (name) => `Gespräch mit ${name}; das Ziel wurde erreicht.`,
    ended_by_customer: (name) => `${name} hat das Gespräch vorzeitig beendet.`,
    ended_by_assistant: (name) => `Der Assistent hat das Gespräch beendet: ${name} hatte kein Interesse.`,
    voicemail: (name) => `Mailbox von ${name} erreicht.`,
    busy: () => 'Die Leitung war besetzt.',
    'no-answer': () => 'Niemand hat abgenommen.',
    failed: () => 'Der Anruf kam nicht zustande.',
  },
  phrases: ['Rückruf nächste Woche', 'Interesse am Angebot', 'möchte Details per E-Mail', 'lieber vormittags', 'Bestandskunde'],
};

const LINES: Record<Language, Lines> = { en: EN, de: DE };

type Turn = { sender: 'assistant' | 'user'; text: string };

interface Customer {
  first: string;
  full: string;
  email: string;
}

function customerOf(rng: Rng, variables: JsonRecord, language: Language): Customer {
  const person = randomPerson(rng, language);
  const given = typeof variables.customer_name === 'string' ? variables.customer_name.trim() : '';
  const full = given !== '' ? given : `${person.firstName} ${person.lastName}`;
  const email = typeof variables.email === 'string' && variables.email.trim() !== '' ? variables.email.trim() : person.email;
  return { first: full.split(/\s+/)[0] ?? full, full, email };
}

function conversationTurns(rng: Rng, input: ContentInput, customer: Customer, l: Lines): Turn[] {
  const { plan, assistant } = input;
  const outbound = input.type === 'outbound';
  const fillSources: JsonRecord[] = [input.variables, assistant.variables, { customer_name: customer.full }];
  const A = (text: string): Turn => ({ sender: 'assistant', text });
  const U = (text: string): Turn => ({ sender: 'user', text });

  if (plan.answered_by === 'machine') {
    const turns = [U(rng.pick(l.machine(customer.full)))];
    // An assistant that hangs up on machines says nothing; one that does not leaves its message.
    if (plan.final_status !== 'ended_by_assistant') {
      const message = assistant.voice_mail_message?.trim() || assistant.initial_message.trim() || l.voicemailMessage(assistant.name);
      turns.push(A(fillVariables(message, ...fillSources)));
    }
    return turns;
  }

  const turns: Turn[] = [];
  const greeting = assistant.initial_message.trim() || l.defaultGreeting(assistant.name, customer.first, outbound);
  if (assistant.wait_for_customer) turns.push(U(outbound ? l.hello : l.inboundHello(assistant.name)));
  turns.push(A(fillVariables(greeting, ...fillSources)));
  turns.push(U(rng.pick(l.engage)));
  turns.push(A(rng.pick(l.ask)));
  switch (plan.final_status) {
    case 'ended_by_customer':
      turns.push(U(rng.pick(l.mustGo)));
      break;
    case 'ended_by_assistant':
      turns.push(U(rng.pick(l.notInterested)), A(l.assistantEnds(customer.first)));
      break;
    default:
      turns.push(U(rng.pick(l.answer(customer.first))), A(rng.pick(l.confirm)), U(rng.pick(l.thanks)), A(l.goodbye(customer.first)), U(rng.pick(l.bye)));
  }
  return turns;
}

function stamp(turns: readonly Turn[], answeredAt: number, talkS: number): TranscriptLine[] {
  const step = (talkS * 1000) / Math.max(1, turns.length);
  return turns.map((t, i) => ({ sender: t.sender, text: t.text, timestamp: new Date(answeredAt + Math.round(i * step)).toISOString() }));
}

function isoDateAfter(rng: Rng, from: number): string {
  return new Date(from + rng.int(1, 14) * 86_400_000).toISOString().slice(0, 10);
}

/** A value of the field's type: what an assistant would have filled in from this conversation. */
function fieldValue(rng: Rng, field: PostCallField, input: ContentInput, customer: Customer, l: Lines): string | number | boolean {
  const type = field.type.trim().toLowerCase();
  const name = field.name.toLowerCase();
  const reached = input.plan.outcome === 'completed';
  if (input.plan.answered_by !== 'human') {
    // A machine collects nothing: each field gets its type's empty value.
    if (type === 'bool' || type === 'boolean') return false;
    if (type === 'number' || type === 'integer' || type === 'float') return 0;
    return '';
  }
  if (type === 'bool' || type === 'boolean') return reached ? rng.chance(0.8) : rng.chance(0.2);
  if (type === 'number' || type === 'integer' || type === 'float') {
    if (/score|rating|satisf|interest|level/.test(name)) return rng.int(reached ? 6 : 1, reached ? 10 : 6);
    if (/budget|price|amount|revenue|value/.test(name)) return rng.int(10, 500) * 100;
    if (/age/.test(name)) return rng.int(18, 80);
    return rng.int(0, 100);
  }
  if (/e-?mail/.test(name)) return customer.email;
  if (/name/.test(name)) return customer.full;
  if (/phone|number|tel/.test(name)) return input.customerPhone;
  if (/date|day|when/.test(name)) return isoDateAfter(rng, input.answeredAt);
  if (/time|hour/.test(name)) return `${String(rng.pick([9, 10, 11, 14, 15, 16]))}:${rng.pick(['00', '30'])}`;
  return rng.pick(l.phrases);
}

export function callContent(input: ContentInput): CallContent {
  const { plan, assistant } = input;
  // The engine's own PRNG for the plan used the seed as is; this one only needs to be stable, not apart.
  const rng = new Rng(plan.seed ^ 0x5bd1e995);
  const l = LINES[input.language];
  const customer = customerOf(rng, input.variables, input.language);
  const answered = plan.answered_by !== null;

  const transcript = answered ? stamp(conversationTurns(rng, input, customer, l), input.answeredAt, plan.talk_s) : null;

  const extracted: JsonRecord = {};
  if (answered) {
    for (const field of assistant.post_call_schema) {
      if (typeof field?.name !== 'string' || field.name.trim() === '') continue;
      extracted[field.name] = fieldValue(rng, { ...field, type: typeof field.type === 'string' ? field.type : 'string' }, input, customer, l);
    }
  }
  // The campaign's goal: set on every call of the campaign, so the dialler can read it whatever the schema says.
  if (input.goalVariable !== null && input.goalVariable !== '') {
    extracted[input.goalVariable] = plan.outcome === 'completed' && plan.answered_by === 'human';
  }

  let evaluation: JsonRecord = {};
  if (assistant.post_call_evaluation) {
    const key = plan.answered_by === 'machine' ? 'voicemail' : answered ? plan.final_status : plan.outcome;
    const successful = plan.outcome === 'completed' && plan.answered_by === 'human';
    const summarize = l.summary[key] ?? l.summary.completed;
    evaluation = {
      successful,
      sentiment: !answered || plan.answered_by === 'machine' ? 'neutral' : successful ? 'positive' : plan.final_status === 'ended_by_customer' ? 'neutral' : 'negative',
      score: !answered ? 0 : successful ? rng.int(7, 10) : rng.int(2, 6),
      summary: summarize ? summarize(customer.full) : '',
    };
  }
  return { transcript, extracted, evaluation };
}
