import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { defaultProviders } from '../assistants/providers';
import { issueToken } from '../auth/tokens';
import type { Db } from '../db/connect';
import type { AssistantsTable, FillerConfig, PostCallField, ToolHeader, ToolParam } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { generateCalls, randomPhone, type Country } from './calls';
import { randomPerson, Rng } from '../engine/random';

/*
 * The demo data of a fresh database: demo@example.com with a realistic account (numbers, own voices,
 * assistants of both directions and modes with tools, campaigns with leads, 2,000 calls over 60 days)
 * and second@example.com with a little of each. Reference rows (public voices, models, languages) are
 * looked up by name and mode, and only made when a database lacks them.
 */

export const DEMO_EMAIL = 'demo@example.com';
export const SECOND_EMAIL = 'second@example.com';
export const DEMO_CALLS = 2000;
export const SECOND_CALLS = 20;
/** Dollars left on the demo account (new users get the column default, 25.00). */
export const DEMO_BALANCE = '50.00';

export interface SeedOptions {
  now?: Date;
  /** Calls of the demo user (default 2,000). */
  calls?: number;
  seed?: number;
}

type Ref = { id: number; name: string };

export interface ReferenceData {
  pipelineVoices: Ref[];
  multimodalVoices: Ref[];
  textModels: Ref[];
  realtimeModels: Ref[];
  english: Ref;
  german: Ref;
}

/** The public voices, models and languages the seed refers to; what a database lacks is added. */
export async function referenceData(db: Db): Promise<ReferenceData> {
  const voices = async (mode: 'pipeline' | 'multimodal', fallback: string[]) => {
    const find = () =>
      db.selectFrom('voices').select(['id', 'name']).where('user_id', 'is', null).where('mode', '=', mode).orderBy('id').execute();
    let rows = await find();
    if (rows.length === 0) {
      await db.insertInto('voices').values(fallback.map((name) => ({ user_id: null, name, mode }))).execute();
      rows = await find();
    }
    return rows;
  };
  const models = async (multimodal: boolean, fallback: string[]) => {
    const find = () =>
      db.selectFrom('llm_models').select(['id', 'name']).where('multimodal', '=', multimodal).orderBy('id').execute();
    let rows = await find();
    if (rows.length === 0) {
      const existing = new Set((await db.selectFrom('llm_models').select('name').execute()).map((r) => r.name));
      const missing = fallback.filter((name) => !existing.has(name));
      if (missing.length > 0) await db.insertInto('llm_models').values(missing.map((name) => ({ name, multimodal }))).execute();
      rows = await find();
    }
    return rows;
  };
  const language = async (name: string, iso2: string) => {
    const row = await db.selectFrom('languages').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
    return row ?? db.insertInto('languages').values({ name, iso_2: iso2 }).returning(['id', 'name']).executeTakeFirstOrThrow();
  };
  return {
    pipelineVoices: await voices('pipeline', ['Rachel', 'Adam', 'Bella']),
    multimodalVoices: await voices('multimodal', ['Alloy', 'Shimmer']),
    textModels: await models(false, ['gpt-4o', 'gpt-4o-mini']),
    realtimeModels: await models(true, ['gpt-4o-realtime']),
    english: await language('English', 'en'),
    german: await language('German', 'de'),
  };
}

const at = (i: number, list: Ref[]): Ref => list[i % list.length] as Ref;
const daysAgo = (now: Date, days: number, rng: Rng) => toDbTimestamp(new Date(now.getTime() - days * 86_400_000 - rng.int(0, 86_399) * 1000));

// ---- the demo account ----

interface NumberSpec {
  key: string;
  country: Country;
  label: 'Normal' | 'SIP' | 'Caller ID';
  shape: (rng: Rng) => string;
}

const DEMO_NUMBERS: NumberSpec[] = [
  { key: 'us_sf', country: 'US', label: 'Normal', shape: (r) => `+1415${r.int(2, 9)}${r.digits(6)}` },
  { key: 'us_nyc', country: 'US', label: 'Normal', shape: (r) => `+1646${r.int(2, 9)}${r.digits(6)}` },
  { key: 'us_sip', country: 'US', label: 'SIP', shape: (r) => `+1212${r.int(2, 9)}${r.digits(6)}` },
  { key: 'us_cid', country: 'US', label: 'Caller ID', shape: (r) => `+1628${r.int(2, 9)}${r.digits(6)}` },
  { key: 'gb_london', country: 'GB', label: 'Normal', shape: (r) => `+44207${r.digits(7)}` },
  { key: 'gb_cid', country: 'GB', label: 'Caller ID', shape: (r) => `+44161${r.int(2, 9)}${r.digits(6)}` },
  { key: 'de_berlin', country: 'DE', label: 'Normal', shape: (r) => `+4930${r.int(2, 9)}${r.digits(7)}` },
  { key: 'de_sip', country: 'DE', label: 'SIP', shape: (r) => `+4989${r.int(2, 9)}${r.digits(7)}` },
];

const FILLERS: FillerConfig = {
  neutral: ['Let me see.', 'One moment.', 'Okay.'],
  negative: ["I'm sorry to hear that.", 'I understand, that is frustrating.'],
  positive: ['Great!', 'Perfect.', 'Wonderful.'],
  question: ['Good question.', 'Let me check that for you.'],
};
const NO_FILLERS: FillerConfig = { neutral: [], negative: [], positive: [], question: [] };

interface AssistantSpec {
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

const DEMO_ASSISTANTS: AssistantSpec[] = [
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

interface ToolSpec {
  name: string;
  description: string;
  endpoint: string;
  method: string;
  timeout: number;
  headers: ToolHeader[];
  schema: ToolParam[];
}

const DEMO_TOOLS: ToolSpec[] = [
  {
    name: 'check_availability',
    description: 'Checks free appointment slots for a day and service. Use it before offering any time to the caller.',
    endpoint: 'https://api.example.com/calendar/v1/availability',
    method: 'GET',
    timeout: 8,
    headers: [
      { name: 'Authorization', value: 'Bearer cal_live_3f9a2c71d04b' },
      { name: 'Accept', value: 'application/json' },
    ],
    schema: [
      { name: 'date', type: 'string', description: 'Requested day, YYYY-MM-DD' },
      { name: 'service', type: 'string', description: 'Kind of appointment, e.g. cleaning or check-up' },
      { name: 'duration_minutes', type: 'number', description: 'Length of the appointment in minutes' },
    ],
  },
  {
    name: 'book_appointment',
    description: 'Books the chosen slot. Call it only after the caller confirmed date, time, phone number and email.',
    endpoint: 'https://api.example.com/calendar/v1/appointments',
    method: 'POST',
    timeout: 15,
    headers: [
      { name: 'Authorization', value: 'Bearer cal_live_3f9a2c71d04b' },
      { name: 'X-Source', value: 'voice-assistant' },
    ],
    schema: [
      { name: 'customer_name', type: 'string', description: 'Full name of the caller' },
      { name: 'phone', type: 'string', description: 'Phone number in E.164' },
      { name: 'email', type: 'string', description: 'Email for the confirmation' },
      { name: 'date', type: 'string', description: 'Day of the appointment, YYYY-MM-DD' },
      { name: 'time', type: 'string', description: 'Start time, HH:MM (24 h)' },
      { name: 'send_sms', type: 'boolean', description: 'Send a text confirmation too' },
    ],
  },
  {
    name: 'lookup_order',
    description: 'Finds an order by its number and the email on it; returns items, shipping status, carrier and tracking.',
    endpoint: 'https://shop.example.com/api/orders/lookup',
    method: 'POST',
    timeout: 10,
    headers: [{ name: 'X-Api-Key', value: 'nw_live_8d41b0e97a' }],
    schema: [
      { name: 'order_number', type: 'string', description: 'Order number, NW- followed by six digits' },
      { name: 'email', type: 'string', description: 'Email address on the order' },
    ],
  },
];

interface CampaignSpec {
  name: string;
  assistant: string;
  status: 'draft' | 'running' | 'stopped';
  timezone: string;
  max_calls_in_parallel: number;
  hours: [string, string];
  days: string[];
  max_retries: number;
  retry_interval: number;
  numbers: string[];
  leads: number;
  leadCountry: Country;
  leadStatuses: Record<'created' | 'completed' | 'reached-max-retries', number>;
  secondary: number;
  createdDaysAgo: number;
}

const DEMO_CAMPAIGNS: CampaignSpec[] = [
  {
    name: 'SunPeak Spring Outreach',
    assistant: 'solar',
    status: 'running',
    timezone: 'America/New_York',
    max_calls_in_parallel: 3,
    hours: ['09:00', '18:00'],
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    max_retries: 3,
    retry_interval: 120,
    numbers: ['us_nyc', 'us_sip'],
    leads: 18,
    leadCountry: 'US',
    leadStatuses: { created: 6, completed: 8, 'reached-max-retries': 4 },
    secondary: 3,
    createdDaysAgo: 62,
  },
  {
    name: 'Dental Recall – Six-Month Check-ups',
    assistant: 'recall',
    status: 'stopped',
    timezone: 'America/Los_Angeles',
    max_calls_in_parallel: 2,
    hours: ['10:00', '16:30'],
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
    max_retries: 2,
    retry_interval: 240,
    numbers: ['us_cid'],
    leads: 14,
    leadCountry: 'US',
    leadStatuses: { created: 2, completed: 9, 'reached-max-retries': 3 },
    secondary: 2,
    createdDaysAgo: 61,
  },
  {
    name: 'UK Installer Webinar Follow-up',
    assistant: 'solar',
    status: 'draft',
    timezone: 'Europe/London',
    max_calls_in_parallel: 5,
    hours: ['10:00', '17:00'],
    days: ['tuesday', 'wednesday', 'thursday'],
    max_retries: 3,
    retry_interval: 60,
    numbers: ['gb_cid'],
    leads: 8,
    leadCountry: 'GB',
    leadStatuses: { created: 8, completed: 0, 'reached-max-retries': 0 },
    secondary: 1,
    createdDaysAgo: 3,
  },
];

const RELATIONS = ['spouse', 'partner', 'business partner', 'assistant', 'parent'] as const;
const CITIES: Record<Country, readonly string[]> = {
  US: ['Brooklyn', 'Hoboken', 'Stamford', 'Yonkers', 'Newark', 'Jersey City', 'San Mateo', 'Oakland', 'Palo Alto'],
  GB: ['Manchester', 'Leeds', 'Bristol', 'Birmingham', 'Sheffield'],
  DE: ['Berlin', 'Potsdam', 'München'],
};

interface SeededUser {
  id: number;
  numbers: Map<string, number>;
}

/** A synthesizer provider's id by code; null on a database without it. */
async function providerId(db: Db, code: string): Promise<number | null> {
  const row = await db.selectFrom('synthesizer_providers').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id ?? null;
}

async function insertUser(db: Db, email: string, name: string, createdAt: string): Promise<number> {
  const row = await db.insertInto('users').values({ email, name, created_at: createdAt }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function insertNumbers(db: Db, userId: number, specs: NumberSpec[], rng: Rng, createdAt: string): Promise<Map<string, number>> {
  const rows = specs.map((s) => ({
    user_id: userId,
    phone_number: randomPhone(rng, s.country, s.shape),
    country_code: s.country,
    type_label: s.label,
    created_at: createdAt,
  }));
  const inserted = await db.insertInto('phone_numbers').values(rows).returning('id').execute();
  return new Map(specs.map((s, i) => [s.key, (inserted[i] as { id: number }).id]));
}

async function insertTools(db: Db, userId: number, specs: ToolSpec[], createdAt: string): Promise<Map<string, number>> {
  const inserted = await db
    .insertInto('tools')
    .values(
      specs.map((t) => ({
        user_id: userId,
        name: t.name,
        description: t.description,
        endpoint: t.endpoint,
        method: t.method,
        timeout: t.timeout,
        headers: JSON.stringify(t.headers),
        schema: JSON.stringify(t.schema),
        created_at: createdAt,
        updated_at: createdAt,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  return new Map(inserted.map((t) => [t.name, t.id]));
}

async function insertAssistants(
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

async function insertCampaigns(
  db: Db,
  user: SeededUser,
  specs: CampaignSpec[],
  assistants: Map<string, number>,
  rng: Rng,
  now: Date,
): Promise<void> {
  for (const s of specs) {
    const created = daysAgo(now, s.createdDaysAgo, rng);
    const campaign = await db
      .insertInto('campaigns')
      .values({
        user_id: user.id,
        name: s.name,
        assistant_id: assistants.get(s.assistant) ?? null,
        status: s.status,
        timezone: s.timezone,
        max_calls_in_parallel: s.max_calls_in_parallel,
        allowed_hours_start_time: s.hours[0],
        allowed_hours_end_time: s.hours[1],
        allowed_days: JSON.stringify(s.days),
        max_retries: s.max_retries,
        retry_interval: s.retry_interval,
        created_at: created,
        updated_at: s.status === 'draft' ? created : daysAgo(now, rng.int(0, 5), rng),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const numberIds = s.numbers.map((k) => user.numbers.get(k)).filter((id): id is number => id !== undefined);
    if (numberIds.length > 0) {
      await db
        .insertInto('campaign_phone_numbers')
        .values(numberIds.map((phone_number_id) => ({ campaign_id: campaign.id, phone_number_id })))
        .execute();
    }

    const statuses: string[] = [];
    for (const [status, n] of Object.entries(s.leadStatuses)) for (let i = 0; i < n; i++) statuses.push(status);
    const used = new Set<string>();
    const uniquePhone = () => {
      let phone = randomPhone(rng, s.leadCountry);
      while (used.has(phone)) phone = randomPhone(rng, s.leadCountry);
      used.add(phone);
      return phone;
    };
    const leadRows = statuses.slice(0, s.leads).map((status) => {
      const person = randomPerson(rng, s.leadCountry === 'DE' ? 'de' : 'en');
      const leadCreated = toDbTimestamp(new Date(Date.parse(`${created.replace(' ', 'T')}Z`) + rng.int(600, 2 * 86_400) * 1000));
      return {
        user_id: user.id,
        campaign_id: campaign.id,
        parent_lead_id: null,
        phone_number: uniquePhone(),
        variables: JSON.stringify({
          customer_name: `${person.firstName} ${person.lastName}`,
          email: person.email,
          city: rng.pick(CITIES[s.leadCountry]),
          ...(rng.chance(0.4) ? { source: rng.pick(['website form', 'webinar', 'referral', 'trade show']) } : {}),
        }),
        status,
        created_at: leadCreated,
        updated_at: status === 'created' ? leadCreated : daysAgo(now, rng.int(0, 30), rng),
      };
    });
    const leads = await db.insertInto('leads').values(leadRows).returning(['id', 'created_at']).execute();
    const secondaries = leads.slice(0, s.secondary).map((parent, i) => {
      const person = randomPerson(rng, 'en');
      return {
        user_id: user.id,
        campaign_id: campaign.id,
        parent_lead_id: parent.id,
        phone_number: uniquePhone(),
        variables: JSON.stringify({
          customer_name: `${person.firstName} ${person.lastName}`,
          email: person.email,
          relation: RELATIONS[i % RELATIONS.length] ?? 'spouse',
        }),
        status: 'created',
        created_at: parent.created_at,
        updated_at: parent.created_at,
      };
    });
    if (secondaries.length > 0) await db.insertInto('leads').values(secondaries).execute();
  }
}

async function seedDemoAccount(db: Db, refs: ReferenceData, rng: Rng, now: Date, calls: number, seed: number): Promise<number> {
  const id = await insertUser(db, DEMO_EMAIL, 'Demo User', daysAgo(now, 95, rng));
  await db.updateTable('users').set({ balance: DEMO_BALANCE }).where('id', '=', id).execute();
  const numbers = await insertNumbers(db, id, DEMO_NUMBERS, rng, daysAgo(now, 94, rng));
  const user: SeededUser = { id, numbers };
  const ownVoices = await db
    .insertInto('voices')
    .values([
      {
        user_id: id,
        name: 'Emma – cloned receptionist',
        mode: 'pipeline',
        language_id: refs.english.id,
        gender: 'female',
        accent: 'American',
        age: 'Middle aged',
        synthesizer_provider_id: await providerId(db, 'elevenlabs'),
      },
      {
        user_id: id,
        name: 'Jordan – realtime custom',
        mode: 'multimodal',
        language_id: refs.german.id,
        gender: 'male',
        accent: null,
        age: 'Young',
      },
    ])
    .returning(['id', 'mode'])
    .execute();
  const own = {
    pipeline: ownVoices.find((v) => v.mode === 'pipeline')?.id ?? at(0, refs.pipelineVoices).id,
    multimodal: ownVoices.find((v) => v.mode === 'multimodal')?.id ?? at(0, refs.multimodalVoices).id,
  };
  const tools = await insertTools(db, id, DEMO_TOOLS, daysAgo(now, 90, rng));
  const assistants = await insertAssistants(db, user, DEMO_ASSISTANTS, refs, own, tools, rng, now);
  await insertCampaigns(db, user, DEMO_CAMPAIGNS, assistants, rng, now);
  await generateCalls(db, id, calls, { now, seed });
  return id;
}

// ---- a small account: the second user, and a user `npm run seed` makes ----

/**
 * A little of each for a user: one number, one outbound assistant with a tool, one running campaign with
 * two leads. Returns nothing; calls come separately (generateCalls).
 */
export async function seedSmallAccount(db: Db, userId: number, options: { now?: Date; seed?: number } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const rng = new Rng(options.seed ?? 7);
  const refs = await referenceData(db);
  const numbers = await insertNumbers(
    db,
    userId,
    [{ key: 'main', country: 'US', label: 'Normal', shape: (r) => `+1303${r.int(2, 9)}${r.digits(6)}` }],
    rng,
    daysAgo(now, 40, rng),
  );
  const user: SeededUser = { id: userId, numbers };
  const tools = await insertTools(
    db,
    userId,
    [
      {
        name: 'create_crm_note',
        description: 'Saves a note on the lead in the CRM: call outcome and next step. Use it before ending the call.',
        endpoint: 'https://crm.example.com/api/v2/notes',
        method: 'POST',
        timeout: 10,
        headers: [{ name: 'Authorization', value: 'Bearer crm_9c0f5e1a' }],
        schema: [
          { name: 'lead_phone', type: 'string', description: 'Phone number of the lead' },
          { name: 'note', type: 'string', description: 'Short summary of the call' },
          { name: 'interested', type: 'boolean', description: 'Whether the lead wants a follow-up' },
        ],
      },
    ],
    daysAgo(now, 38, rng),
  );
  const assistants = await insertAssistants(
    db,
    user,
    [
      {
        key: 'callback',
        name: 'Brightwave Solar – Lead Callback',
        type: 'outbound',
        mode: 'pipeline',
        number: 'main',
        voice: (r) => at(2, r.pipelineVoices).id,
        language: 'English',
        timezone: 'America/Denver',
        initial_message: 'Hi, is this {{customer_name}}? This is {{agent_name}} from {{company_name}}.',
        system_prompt:
          'You are {{agent_name}} from {{company_name}}, calling back solar leads. Qualify them (homeowner, bill, timeline), ' +
          'offer a free assessment and save the outcome with create_crm_note.',
        variables: { company_name: 'Brightwave Solar', agent_name: 'Riley', customer_name: 'there' },
        post_call_schema: [{ name: 'qualified', type: 'bool', description: 'Lead is qualified' }],
        webhook_url: null,
        is_webhook_active: false,
        tools: ['create_crm_note'],
      },
    ],
    refs,
    { pipeline: at(0, refs.pipelineVoices).id, multimodal: at(0, refs.multimodalVoices).id },
    tools,
    rng,
    now,
  );
  await insertCampaigns(
    db,
    user,
    [
      {
        name: 'Brightwave Q3 Callbacks',
        assistant: 'callback',
        status: 'running',
        timezone: 'America/Denver',
        max_calls_in_parallel: 1,
        hours: ['09:00', '17:00'],
        days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
        max_retries: 2,
        retry_interval: 90,
        numbers: ['main'],
        leads: 2,
        leadCountry: 'US',
        leadStatuses: { created: 1, completed: 1, 'reached-max-retries': 0 },
        secondary: 0,
        createdDaysAgo: 35,
      },
    ],
    assistants,
    rng,
    now,
  );
}

/** Seeds the demo data into an empty database, in one transaction. Returns a new token for each seeded user. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<{ email: string; token: string }[]> {
  const now = options.now ?? new Date();
  const seed = options.seed ?? 20261122;
  return db.transaction().execute(async (trx) => {
    const rng = new Rng(seed);
    const refs = await referenceData(trx);
    await seedDemoAccount(trx, refs, rng, now, options.calls ?? DEMO_CALLS, seed);

    const secondId = await insertUser(trx, SECOND_EMAIL, 'Sam Second', daysAgo(now, 45, rng));
    await seedSmallAccount(trx, secondId, { now, seed: seed + 1 });
    await generateCalls(trx, secondId, SECOND_CALLS, { now, seed: seed + 2, days: 30 });

    const demo = await issueToken(trx, DEMO_EMAIL);
    const second = await issueToken(trx, SECOND_EMAIL);
    return [
      { email: DEMO_EMAIL, token: demo.token },
      { email: SECOND_EMAIL, token: second.token },
    ];
  });
}
