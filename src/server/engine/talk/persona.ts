import type { JsonRecord } from '../../db/schema';
import type { ChatTool } from '../../model/chat-model';
import { randomPerson, Rng, type Language } from '../random';

/*
 * The customer the model plays: the persona given with the call, else one made from the lead's or the
 * call's variables (the name, what they want) and the call's seed (how patient they are), and the system
 * prompt that puts the model in that role. The prompt opens with CUSTOMER_ROLE_LINE, by which the
 * stand-in models of the tests know they are asked for the customer.
 */

export const CUSTOMER_ROLE_LINE = 'You are playing the customer on a phone call with an AI voice assistant.';
/** The customer's way to end the call. */
export const HANG_UP_TOOL = 'hang_up';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function nameFrom(variables: JsonRecord): string {
  for (const key of ['customer_name', 'name', 'full_name', 'contact_name']) {
    const v = text(variables[key]);
    if (v) return v;
  }
  return [text(variables.first_name), text(variables.last_name)].filter(Boolean).join(' ');
}

function wantFrom(variables: JsonRecord): string {
  for (const key of ['reason', 'request', 'topic', 'interest', 'goal', 'notes', 'need', 'anliegen']) {
    const v = text(variables[key]);
    if (v) return v;
  }
  return '';
}

const PATIENCE = [
  'You are patient and friendly, and you take the time the call needs.',
  'You are polite but busy: you want the call to get to the point.',
  'You are impatient: if the assistant rambles or repeats itself, you end the call.',
] as const;

export interface PersonaInput {
  /** The persona the call was placed with (make_call / simulate-inbound). */
  given: string | null;
  /** The call's variables over its lead's. */
  variables: JsonRecord;
  type: 'outbound' | 'inbound';
  seed: number;
  language: Language;
}

/** Who the model plays: the given persona as it is, else one made from what the call knows. */
export function personaFor(input: PersonaInput): string {
  if (input.given && input.given.trim() !== '') return input.given.trim();
  const rng = new Rng(input.seed ^ 0x2c1b3c6d);
  const person = randomPerson(rng, input.language);
  const name = nameFrom(input.variables) || `${person.firstName} ${person.lastName}`;
  const given = wantFrom(input.variables);
  const want = given
    ? `What you want: ${given.replace(/\.$/, '')}.`
    : input.type === 'inbound'
      ? 'You are calling with a question about a recent order and want a clear answer.'
      : 'You did not expect this call: find out what it is about and decide honestly whether it interests you.';
  return [`Your name is ${name}.`, want, rng.pick(PATIENCE)].join(' ');
}

export interface CustomerPromptInput {
  persona: string;
  assistantName: string;
  type: 'outbound' | 'inbound';
  /** The language's name (English, German, ...), or null. */
  language: string | null;
}

export function customerSystemPrompt(input: CustomerPromptInput): string {
  return [
    CUSTOMER_ROLE_LINE,
    'You are NOT the assistant. Stay in the role of this person for the whole call:',
    input.persona,
    input.type === 'outbound'
      ? `The assistant "${input.assistantName}" has called you and you have picked up the phone.`
      : `You have called the line answered by the assistant "${input.assistantName}".`,
    `Speak as this person would on the phone: short, natural sentences, one turn at a time${input.language ? `, in ${input.language}` : ''}. Never describe actions, never write stage directions.`,
    `When your business is done, say goodbye and call ${HANG_UP_TOOL} with goal_reached true. To end the call before that (no time, not interested, annoyed), say so and call ${HANG_UP_TOOL} with goal_reached false.`,
  ].join('\n\n');
}

export const hangUpTool: ChatTool = {
  name: HANG_UP_TOOL,
  description: 'Hang up the phone, after saying goodbye.',
  parameters: {
    type: 'object',
    properties: { goal_reached: { type: 'boolean', description: 'true when what you called or were called about is settled; false when you end the call before that' } },
    required: ['goal_reached'],
    additionalProperties: false,
  },
};

/** The customer's first cue when nothing has been said yet (wait_for_customer): the line has just connected. */
export const CONNECTED_CUE = '(The call is connected. Say your first words.)';
/** The assistant's cue when it speaks first without an initial message. */
export const ASSISTANT_CONNECTED_CUE = '(The call is connected. Greet the other side and start.)';
