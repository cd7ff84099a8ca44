import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { defaultProviders } from '../assistants/providers';
import type { Db } from '../db/connect';
import type { AssistantsTable, FillerConfig, PostCallField } from '../db/schema';
import type { Rng } from '../engine/random';
import { at, daysAgo, type ReferenceData, type SeededUser } from './reference';

/* The demo account's six assistants: both directions and modes, English and German, with tools and webhooks. */

const FILLERS: FillerConfig = {
  neutral: ['Let me see.', 'One moment.', 'Okay.'],
  negative: ["I'm sorry to hear that.", 'I understand, that is frustrating.'],
  positive: ['Great!', 'Perfect.', 'Wonderful.'],
  question: ['Good question.', 'Let me check that for you.'],
};
const NO_FILLERS: FillerConfig = { neutral: [], negative: [], positive: [], question: [] };

export interface AssistantSpec {
  key: string;
  name: string;
  type: 'inbound' | 'outbound';
  mode: 'pipeline' | 'multimodal';
  status?: 'active' | 'inactive';
  number: string | null;
  voice: (refs: ReferenceData, own: { pipeline: number; multimodal: number }) => number;
  language: 'English' | 'German';
  timezone: string;
  initial_message: string;
  system_prompt: string;
  variables: Record<string, string>;
  post_call_schema: PostCallField[];
  webhook_url: string | null;
  is_webhook_active: boolean;
  send_webhook_only_on_completed?: boolean;
  include_recording_in_webhook?: boolean;
  record?: boolean;
  fillers?: boolean;
  end_call_tool_description?: string;
  end_call_on_voicemail?: boolean;
  tools: string[];
  tuning?: Partial<Pick<Insertable<AssistantsTable>, 'llm_temperature' | 'speech_speed' | 'endpoint_type' | 'ambient_sound' | 'max_duration' | 'wait_for_customer'>>;
}

export const DEMO_ASSISTANTS: AssistantSpec[] = [
  {
    key: 'dental_reception',
    name: 'Bright Smile Dental – Reception',
    type: 'inbound',
    mode: 'pipeline',
    number: 'us_sf',
    voice: (_r, own) => own.pipeline,
    language: 'English',
    timezone: 'America/Los_Angeles',
    initial_message: 'Thank you for calling {{company_name}}, this is {{agent_name}}. How can I help you today?',
    system_prompt:
      'You are {{agent_name}}, the friendly receptionist of {{company_name}}, a family dental practice in San Francisco. ' +
      'Help callers book, move or cancel appointments. Always check availability with the check_availability tool before ' +
      'offering times, and confirm the date, time, phone number and email before calling book_appointment. Office hours: ' +
      '{{office_hours}}. Never give medical advice; for pain or swelling offer the earliest slot and suggest urgent care after hours.',
    variables: { company_name: 'Bright Smile Dental', agent_name: 'Emma', office_hours: 'Mon–Fri 8 AM–6 PM' },
    post_call_schema: [
      { name: 'appointment_booked', type: 'bool', description: 'Whether an appointment was booked' },
      { name: 'appointment_date', type: 'string', description: 'Date of the booked appointment, YYYY-MM-DD' },
      { name: 'service', type: 'string', description: 'Treatment the caller asked for' },
    ],
    webhook_url: 'https://hooks.example.com/brightsmile/calls',
    is_webhook_active: true,
    include_recording_in_webhook: true,
    fillers: true,
    end_call_tool_description: 'End the call once the caller confirms they have no further questions.',
    tools: ['check_availability', 'book_appointment'],
    tuning: { llm_temperature: 0.3, speech_speed: 1.0, ambient_sound: 'office' },
  },
  {
    key: 'order_support',
    name: 'Northwind Order Support',
    type: 'inbound',
    mode: 'multimodal',
    number: 'gb_london',
    voice: (r) => at(0, r.multimodalVoices).id,
    language: 'English',
    timezone: 'Europe/London',
    initial_message: "Hi, you've reached {{company_name}} customer service. How can I help?",
    system_prompt:
      'You are the customer service assistant of {{company_name}}, an online outdoor-gear shop. Look up orders with ' +
      'lookup_order using the order number (NW-######) and the email on the order. Explain shipping status, delays and ' +
      'returns (free within 30 days). Offer express shipping at no charge for delays over three days. Escalate damaged ' +
      'or missing parcels by opening a claim and quoting its reference.',
    variables: { company_name: 'Northwind Outfitters', agent_name: 'Alex', returns_window_days: '30' },
    post_call_schema: [
      { name: 'order_number', type: 'string', description: 'The order the caller asked about' },
      { name: 'issue_resolved', type: 'bool', description: 'Whether the question was answered on the call' },
    ],
    webhook_url: null,
    is_webhook_active: false,
    record: false,
    tools: ['lookup_order'],
    tuning: { llm_temperature: 0.4, endpoint_type: 'ai' },
  },
  {
    key: 'praxis',
    name: 'Praxis Dr. Weber – Terminvergabe',
    type: 'inbound',
    mode: 'pipeline',
    number: 'de_berlin',
    voice: (r) => at(4, r.pipelineVoices).id,
    language: 'German',
    timezone: 'Europe/Berlin',
    initial_message: '{{company_name}}, guten Tag, hier spricht {{agent_name}}, die digitale Assistenz. Wie kann ich Ihnen helfen?',
    system_prompt:
      'Du bist {{agent_name}}, die digitale Assistenz der {{company_name}}, einer hausärztlichen Praxis in Berlin. ' +
      'Vereinbare, verschiebe oder storniere Termine. Prüfe freie Zeiten immer mit check_availability und buche erst nach ' +
      'Bestätigung mit book_appointment. Sprich die Anrufenden mit "Sie" an. Bei akuten Beschwerden verweise auf den ' +
      'ärztlichen Bereitschaftsdienst 116 117.',
    variables: { company_name: 'Praxis Dr. Weber', agent_name: 'Lena', sprechzeiten: 'Mo–Fr 8–18 Uhr' },
    post_call_schema: [
      { name: 'appointment_booked', type: 'bool', description: 'Termin vereinbart' },
      { name: 'appointment_date', type: 'string', description: 'Datum des Termins, JJJJ-MM-TT' },
    ],
    webhook_url: 'https://praxis-weber.example.com/api/anrufe',
    is_webhook_active: true,
    send_webhook_only_on_completed: true,
    tools: ['check_availability', 'book_appointment'],
    tuning: { speech_speed: 0.95 },
  },
  {
    key: 'solar',
    name: 'SunPeak Solar – Lead Qualifier',
    type: 'outbound',
    mode: 'pipeline',
    number: 'us_nyc',
    voice: (r) => at(1, r.pipelineVoices).id,
    language: 'English',
    timezone: 'America/New_York',
    initial_message: 'Hi, is this {{customer_name}}?',
    system_prompt:
      'You are {{agent_name}}, calling on behalf of {{company_name}} leads who asked for information about rooftop solar. ' +
      'Qualify the lead: homeowner or renter, monthly electricity bill, roof orientation and shading, install timeline. ' +
      'Homeowners with a bill over $100 who want to install within a year are qualified: offer a free on-site assessment ' +
      'and check advisor availability first. Be brief and polite; if they are not interested, thank them and end the call.',
    variables: { company_name: 'SunPeak Solar', agent_name: 'Jordan', customer_name: 'there' },
    post_call_schema: [
      { name: 'qualified', type: 'bool', description: 'Lead meets the qualification criteria' },
      { name: 'monthly_bill', type: 'number', description: 'Monthly electricity bill in dollars' },
      { name: 'timeline', type: 'string', description: 'When they want to install' },
    ],
    webhook_url: 'https://crm.example.com/webhooks/sunpeak-calls',
    is_webhook_active: true,
    send_webhook_only_on_completed: false,
    include_recording_in_webhook: true,
    end_call_tool_description: 'End the call when the lead is not interested, is a renter, or the assessment is booked.',
    tools: ['check_availability'],
    tuning: { llm_temperature: 0.5, max_duration: 480 },
  },
  {
    key: 'recall',
    name: 'Bright Smile Dental – Recall Reminders',
    type: 'outbound',
    mode: 'multimodal',
    status: 'inactive',
    number: 'us_cid',
    voice: (_r, own) => own.multimodal,
    language: 'English',
    timezone: 'America/Los_Angeles',
    initial_message: 'Hi, is this {{customer_name}}? This is {{agent_name}} from {{company_name}}.',
    system_prompt:
      'You are {{agent_name}} from {{company_name}}. Call patients who are due for their six-month check-up, remind them ' +
      'and offer to book it right away (check_availability, then book_appointment). Leave a short voicemail with the ' +
      'practice number if nobody answers.',
    variables: { company_name: 'Bright Smile Dental', agent_name: 'Emma', customer_name: 'there' },
    post_call_schema: [{ name: 'appointment_booked', type: 'bool', description: 'Whether the check-up was booked' }],
    webhook_url: null,
    is_webhook_active: false,
    fillers: true,
    tools: ['check_availability', 'book_appointment'],
  },
  {
    key: 'fibernet',
    name: 'FiberNet Tech Support',
    type: 'inbound',
    mode: 'multimodal',
    number: 'us_sip',
    voice: (r) => at(1, r.multimodalVoices).id,
    language: 'English',
    timezone: 'America/Chicago',
    initial_message: 'Welcome to {{company_name}} support. What can I help you with today?',
    system_prompt:
      'You are {{agent_name}}, first-line technical support for {{company_name}} home internet. Identify the account, run ' +
      'through basic troubleshooting (router restart, cable check, line test) and, if the problem remains, book a ' +
      'technician visit and give the ticket number. Handle double charges by issuing a refund reference.',
    variables: { company_name: 'FiberNet', agent_name: 'Sam' },
    post_call_schema: [
      { name: 'issue_category', type: 'string', description: 'dropping, red_light, slow or billing' },
      { name: 'resolved', type: 'bool', description: 'Fixed during the call' },
    ],
    webhook_url: 'https://support.example.com/hooks/voice',
    is_webhook_active: false,
    end_call_tool_description: 'End the call after the summary when the customer has nothing else.',
    tools: [],
    tuning: { wait_for_customer: false, ambient_sound: 'none' },
  },
];

export async function insertAssistants(
  db: Db,
  user: SeededUser,
  specs: AssistantSpec[],
  refs: ReferenceData,
  own: { pipeline: number; multimodal: number },
  tools: Map<string, number>,
  rng: Rng,
  now: Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const links: { assistant_id: number; tool_id: number }[] = [];
  for (const [i, s] of specs.entries()) {
    const created = daysAgo(now, 88 - i * 3, rng);
    const updated = daysAgo(now, rng.int(1, 20), rng);
    const language = s.language === 'German' ? refs.german : refs.english;
    const models = s.mode === 'multimodal' ? refs.realtimeModels : refs.textModels;
    const row: Insertable<AssistantsTable> = {
      user_id: user.id,
      uuid: randomUUID(),
      name: s.name,
      type: s.type,
      mode: s.mode,
      status: s.status ?? 'active',
      phone_number_id: s.number ? (user.numbers.get(s.number) ?? null) : null,
      voice_id: s.voice(refs, own),
      language_id: language.id,
      language: language.name,
      llm_model_id: at(i, models).id,
      timezone: s.timezone,
      initial_message: s.initial_message,
      system_prompt: s.system_prompt,
      variables: JSON.stringify(s.variables),
      post_call_evaluation: s.post_call_schema.length > 0,
      post_call_schema: JSON.stringify(s.post_call_schema),
      fillers: s.fillers ?? false,
      filler_config: JSON.stringify(s.fillers ? FILLERS : NO_FILLERS),
      is_webhook_active: s.is_webhook_active,
      webhook_url: s.webhook_url,
      inbound_webhook_url: null,
      send_webhook_only_on_completed: s.send_webhook_only_on_completed ?? false,
      include_recording_in_webhook: s.include_recording_in_webhook ?? false,
      record: s.record ?? true,
      end_call_on_voicemail: s.end_call_on_voicemail ?? false,
      end_call_tool_description: s.end_call_tool_description ?? null,
      ...s.tuning,
      created_at: created,
      updated_at: updated < created ? created : updated,
    };
    // The providers a create through the API would give it.
    const providers = await defaultProviders(db, { mode: s.mode, voiceId: row.voice_id, languageId: language.id });
    const inserted = await db.insertInto('assistants').values({ ...row, ...providers }).returning('id').executeTakeFirstOrThrow();
    ids.set(s.key, inserted.id);
    for (const t of s.tools) {
      const toolId = tools.get(t);
      if (toolId !== undefined) links.push({ assistant_id: inserted.id, tool_id: toolId });
    }
  }
  if (links.length > 0) await db.insertInto('assistant_tools').values(links).execute();
  return ids;
}
