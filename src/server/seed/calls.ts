import { randomUUID } from 'node:crypto';
import type { CallStatus } from '../../contract';
import { toE164 } from '../../contract/phone';
import type { Db } from '../db/connect';
import type { JsonRecord, NewCall, PostCallField } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { makePlan, type CallPlan } from '../engine/plan';
import { randomPerson, Rng, type Language, type Person } from '../engine/random';
import { conversation, timeTurns, transcriptLines, type Scenario, type Turn } from './transcripts';

/*
 * The call log generator shared by the demo seed and `npm run seed -- --calls N`: calls of a user's own
 * assistants, campaigns and leads over the last days, with statuses, durations, transcripts, costs,
 * evaluations and webhook outcomes that fit each other. Rows go in ~500 at a time.
 */

// ---- phone numbers ----

export type Country = 'US' | 'GB' | 'DE';

const NUMBER_SHAPES: Record<Country, ((rng: Rng) => string)[]> = {
  US: [
    (rng) => `+1${rng.pick(['415', '628', '650', '510', '212', '646', '917', '312', '206', '303', '512', '617', '305', '702'])}${rng.int(2, 9)}${rng.digits(6)}`,
  ],
  GB: [
    (rng) => `+447${rng.pick(['4', '5', '7', '8', '9'])}${rng.digits(8)}`,
    (rng) => `+4420${rng.pick(['7', '8', '3'])}${rng.digits(7)}`,
    (rng) => `+44161${rng.int(2, 9)}${rng.digits(6)}`,
  ],
  DE: [
    (rng) => `+491${rng.pick(['51', '52', '57', '60', '62', '70', '71', '72', '76'])}${rng.digits(8)}`,
    (rng) => `+4930${rng.int(2, 9)}${rng.digits(7)}`,
    (rng) => `+4989${rng.int(2, 9)}${rng.digits(7)}`,
  ],
};

/** A phone number that libphonenumber (full metadata) takes as valid, already in E.164. */
export function randomPhone(rng: Rng, country: Country, shape?: (rng: Rng) => string): string {
  for (let attempt = 0; attempt < 200; attempt++) {
    const candidate = (shape ?? rng.pick(NUMBER_SHAPES[country]))(rng);
    if (toE164(candidate) === candidate) return candidate;
  }
  throw new Error(`No valid ${country} number after 200 attempts`);
}

export function countryOfNumber(e164: string | null): Country {
  if (e164?.startsWith('+44')) return 'GB';
  if (e164?.startsWith('+49')) return 'DE';
  return 'US';
}

/** Callers come back: each country's calls draw from a pool of numbers, made once per run. */
class CallerPool {
  private readonly pools = new Map<Country, string[]>();

  constructor(private readonly rng: Rng) {}

  pick(country: Country): string {
    let pool = this.pools.get(country);
    if (!pool) {
      pool = [];
      for (let i = 0; i < 1200; i++) pool.push(randomPhone(this.rng, country));
      this.pools.set(country, pool);
    }
    return this.rng.pick(pool);
  }
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The same number is always the same person. */
function personFor(phone: string, language: Language): Person {
  return randomPerson(new Rng(hashString(phone)), language);
}

// ---- what the calls belong to ----

export interface CallAssistant {
  id: number;
  name: string;
  type: string;
  record: boolean;
  language: string | null;
  timezone: string;
  phoneNumber: string | null;
  postCallEvaluation: boolean;
  postCallSchema: PostCallField[];
  webhookActive: boolean;
  webhookUrl: string | null;
  onlyCompleted: boolean;
  variables: JsonRecord;
  systemPrompt: string;
}

export interface CallLead {
  id: number;
  phoneNumber: string;
  variables: JsonRecord;
}

export interface CallCampaign {
  id: number;
  name: string;
  assistantId: number | null;
  status: string;
  phoneNumbers: string[];
  leads: CallLead[];
}

export interface CallContext {
  assistants: CallAssistant[];
  campaigns: CallCampaign[];
  /** The user's numbers an outbound call can show as caller. */
  outboundNumbers: string[];
}

/** The user's assistants, campaigns (with their numbers and primary leads) and numbers, from the database. */
export async function loadCallContext(db: Db, userId: number): Promise<CallContext> {
  const assistants = await db
    .selectFrom('assistants as a')
    .leftJoin('phone_numbers as p', 'p.id', 'a.phone_number_id')
    .select([
      'a.id',
      'a.name',
      'a.type',
      'a.record',
      'a.language',
      'a.timezone',
      'p.phone_number',
      'a.post_call_evaluation',
      'a.post_call_schema',
      'a.is_webhook_active',
      'a.webhook_url',
      'a.send_webhook_only_on_completed',
      'a.variables',
      'a.system_prompt',
    ])
    .where('a.user_id', '=', userId)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.id')
    .execute();
  const campaigns = await db
    .selectFrom('campaigns')
    .select(['id', 'name', 'assistant_id', 'status'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const campaignNumbers = await db
    .selectFrom('campaign_phone_numbers as cp')
    .innerJoin('phone_numbers as p', 'p.id', 'cp.phone_number_id')
    .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
    .select(['cp.campaign_id', 'p.phone_number'])
    .where('c.user_id', '=', userId)
    .execute();
  const leads = await db
    .selectFrom('leads')
    .select(['id', 'campaign_id', 'phone_number', 'variables'])
    .where('user_id', '=', userId)
    .where('parent_lead_id', 'is', null)
    .orderBy('id')
    .execute();
  const numbers = await db
    .selectFrom('phone_numbers')
    .select('phone_number')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return {
    assistants: assistants.map((a) => ({
      id: a.id,
      name: a.name,
      type: a.type,
      record: a.record,
      language: a.language,
      timezone: a.timezone,
      phoneNumber: a.phone_number,
      postCallEvaluation: a.post_call_evaluation,
      postCallSchema: Array.isArray(a.post_call_schema) ? a.post_call_schema : [],
      webhookActive: a.is_webhook_active,
      webhookUrl: a.webhook_url,
      onlyCompleted: a.send_webhook_only_on_completed,
      variables: a.variables,
      systemPrompt: a.system_prompt,
    })),
    campaigns: campaigns.map((c) => ({
      id: c.id,
      name: c.name,
      assistantId: c.assistant_id,
      status: c.status,
      phoneNumbers: campaignNumbers.filter((n) => n.campaign_id === c.id).map((n) => n.phone_number),
      leads: leads
        .filter((l) => l.campaign_id === c.id)
        .map((l) => ({ id: l.id, phoneNumber: l.phone_number, variables: l.variables })),
    })),
    outboundNumbers: numbers.map((n) => n.phone_number),
  };
}

/** What an assistant talks about, read from its name, prompt and variables. */
export function scenarioOf(a: Pick<CallAssistant, 'name' | 'systemPrompt' | 'variables'>): Exclude<Scenario, 'voicemail'> {
  const text = `${a.name} ${a.systemPrompt} ${String(a.variables.scenario ?? '')}`.toLowerCase();
  if (/appointment|dental|clinic|praxis|termin|booking|reminder|recall|salon/.test(text)) return 'appointment';
  if (/order|shop|store|deliver|parcel|outfitter/.test(text)) return 'order_status';
  if (/lead|solar|sales|qualif|outreach|prospect/.test(text)) return 'lead_qualification';
  return 'support';
}

const DEFAULT_COMPANY: Record<Exclude<Scenario, 'voicemail'>, string> = {
  appointment: 'Bright Smile Dental',
  order_status: 'Northwind Outfitters',
  lead_qualification: 'SunPeak Solar',
  support: 'FiberNet',
};

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? v : fallback);

// ---- statuses ----

type Finished = Exclude<CallStatus, 'initiated' | 'ringing' | 'in-progress'>;
const ANSWERED: readonly string[] = ['completed', 'ended', 'ended_by_customer', 'ended_by_assistant', 'in-progress'];

const STATUS_WEIGHTS: Record<'inbound' | 'outbound' | 'web', Partial<Record<Finished, number>>> = {
  inbound: { completed: 52, ended: 10, ended_by_customer: 18, ended_by_assistant: 16, failed: 2 },
  outbound: { completed: 34, ended: 6, ended_by_customer: 12, ended_by_assistant: 14, 'no-answer': 18, busy: 9, failed: 5 },
  web: { completed: 48, ended: 14, ended_by_customer: 24, ended_by_assistant: 12, failed: 2 },
};
const LIVE_CYCLE: CallStatus[] = ['in-progress', 'ringing', 'initiated'];

/** Per-minute prices: what the carrier charges by direction, and the platform's own fee. */
const CARRIER_PER_MIN = { inbound: 0.0085, outbound: 0.014, web: 0 } as const;
const PLATFORM_PER_MIN = 0.07;

// ---- timing ----

/** UTC hours weighted to the working day of the US and Europe together. */
const HOUR_WEIGHTS = [1, 0.6, 0.4, 0.3, 0.3, 0.4, 1, 2, 4, 6, 7, 7, 6, 7, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1.5];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((s, w) => s + w, 0);

function pickHour(rng: Rng): number {
  let r = rng.next() * HOUR_TOTAL;
  for (let h = 0; h < 24; h++) {
    r -= HOUR_WEIGHTS[h] ?? 0;
    if (r < 0) return h;
  }
  return 23;
}

/** `count` start times over the last `days` days, ascending: weekdays busier, recent weeks a little busier. */
function startTimes(rng: Rng, count: number, now: number, days: number): number[] {
  const dayStart = (d: number) => {
    const t = new Date(now - d * 86_400_000);
    t.setUTCHours(0, 0, 0, 0);
    return t.getTime();
  };
  const weights: number[] = [];
  let total = 0;
  for (let d = 0; d < days; d++) {
    const dow = new Date(dayStart(d)).getUTCDay();
    const w = (1 + 0.5 * (1 - d / days)) * (dow === 0 || dow === 6 ? 0.45 : 1);
    total += w;
    weights.push(total);
  }
  const latest = now - 10 * 60_000;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng.next() * total;
    let lo = 0;
    let hi = days - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((weights[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    let t = dayStart(lo) + pickHour(rng) * 3_600_000 + rng.int(0, 3_599_999);
    while (t > latest) t -= 86_400_000;
    out.push(t);
  }
  return out.sort((a, b) => a - b);
}

const money = (n: number) => n.toFixed(4);

// ---- one call ----

interface Plan {
  type: 'inbound' | 'outbound' | 'web';
  assistant: CallAssistant;
  campaign: CallCampaign | null;
  lead: CallLead | null;
  clientPhone: string;
  assistantPhone: string | null;
}

class CallFactory {
  private readonly callers: CallerPool;
  private readonly inbound: CallAssistant[];
  private readonly outbound: CallAssistant[];
  private readonly typeWeights: Record<'inbound' | 'outbound' | 'web', number>;

  constructor(
    private readonly rng: Rng,
    private readonly userId: number,
    private readonly ctx: CallContext,
  ) {
    this.callers = new CallerPool(rng);
    this.inbound = ctx.assistants.filter((a) => a.type !== 'outbound');
    this.outbound = ctx.assistants.filter((a) => a.type === 'outbound');
    const phoneInbound = this.inbound.some((a) => a.phoneNumber !== null);
    this.typeWeights = {
      inbound: phoneInbound ? 45 : 0,
      outbound: this.outbound.length > 0 ? 40 : 0,
      web: this.inbound.length > 0 ? 15 : 0,
    };
    if (this.typeWeights.inbound + this.typeWeights.outbound + this.typeWeights.web === 0) {
      throw new Error('The user has no assistants to make calls with.');
    }
  }

  private plan(): Plan {
    const rng = this.rng;
    const type = rng.weighted(this.typeWeights);
    if (type === 'outbound') {
      const assistant = rng.pick(this.outbound);
      const campaigns = this.ctx.campaigns.filter(
        (c) => c.assistantId === assistant.id && c.status !== 'draft' && c.leads.length > 0,
      );
      if (campaigns.length > 0 && rng.chance(0.75)) {
        const campaign = rng.pick(campaigns);
        const lead = rng.pick(campaign.leads);
        const from = campaign.phoneNumbers.length > 0 ? rng.pick(campaign.phoneNumbers) : assistant.phoneNumber;
        return { type, assistant, campaign, lead, clientPhone: lead.phoneNumber, assistantPhone: from };
      }
      const from =
        assistant.phoneNumber ?? (this.ctx.outboundNumbers.length > 0 ? rng.pick(this.ctx.outboundNumbers) : null);
      const country = rng.chance(0.85) ? countryOfNumber(from) : rng.pick(['US', 'GB', 'DE'] as const);
      return { type, assistant, campaign: null, lead: null, clientPhone: this.callers.pick(country), assistantPhone: from };
    }
    if (type === 'inbound') {
      const assistant = rng.pick(this.inbound.filter((a) => a.phoneNumber !== null));
      const country = rng.chance(0.9) ? countryOfNumber(assistant.phoneNumber) : rng.pick(['US', 'GB', 'DE'] as const);
      return {
        type,
        assistant,
        campaign: null,
        lead: null,
        clientPhone: this.callers.pick(country),
        assistantPhone: assistant.phoneNumber,
      };
    }
    const assistant = rng.pick(this.inbound);
    const country = rng.chance(0.8) ? countryOfNumber(assistant.phoneNumber) : rng.pick(['US', 'GB', 'DE'] as const);
    return { type, assistant, campaign: null, lead: null, clientPhone: this.callers.pick(country), assistantPhone: null };
  }

  private person(plan: Plan, language: Language): Person {
    const fallback = personFor(plan.clientPhone, language);
    if (!plan.lead) return fallback;
    const name = str(plan.lead.variables.customer_name, '');
    const [first, ...rest] = name.split(' ');
    return {
      firstName: first || fallback.firstName,
      lastName: rest.join(' ') || fallback.lastName,
      email: str(plan.lead.variables.email, fallback.email),
    };
  }

  /** One call row. `live` forces a live status; `startedAt` is when it was placed or received. */
  make(startedAt: number, live: CallStatus | null, now: number): NewCall {
    const rng = this.rng;
    const plan = this.plan();
    const { assistant, type } = plan;
    const status: CallStatus = live ?? rng.weighted(STATUS_WEIGHTS[type] as Record<Finished, number>);
    const answered = ANSWERED.includes(status);
    const language: Language = assistant.language?.toLowerCase() === 'german' ? 'de' : 'en';
    const base = scenarioOf(assistant);
    // Outbound calls that are picked up may reach an answering machine.
    const machine = answered && status !== 'in-progress' && type === 'outbound' && rng.chance(0.15);
    const scenario: Scenario = machine ? 'voicemail' : base;
    const person = this.person(plan, language);
    const ring = type === 'outbound' ? rng.int(4, 22) : type === 'inbound' ? rng.int(1, 4) : 1;

    let created = startedAt;
    let duration = 0;
    let transcript: string | null = null;
    let variables: JsonRecord = plan.lead ? { ...plan.lead.variables } : {};
    let evaluation: JsonRecord = {};
    let updated = startedAt + (status === 'initiated' ? 0 : ring * 1000);

    if (answered) {
      const convo = conversation(rng, {
        scenario,
        language,
        company: str(assistant.variables.company_name, DEFAULT_COMPANY[base]),
        agent: str(assistant.variables.agent_name, language === 'de' ? 'Lena' : 'Alex'),
        person,
        clientPhone: plan.clientPhone,
        outbound: type === 'outbound',
        startedAt: new Date(startedAt),
      });
      let turns: Turn[] = convo.turns;
      if (status === 'ended_by_customer' && turns.length > 3) {
        turns = turns.slice(0, rng.int(2, turns.length - 2));
        if (rng.chance(0.5)) {
          turns.push({
            sender: 'user',
            text:
              language === 'de'
                ? rng.pick(['Entschuldigung, ich muss los. Ich rufe später nochmal an.', 'Moment, da klingelt es an der Tür, ich melde mich.'])
                : rng.pick(["Sorry, I have to go. I'll call back later.", 'Actually, never mind. Bye.', "I'm driving, I'll call you back."]),
          });
        }
      } else if (status === 'in-progress') {
        turns = turns.slice(0, rng.int(2, Math.max(2, turns.length - 1)));
      }
      const { offsets, seconds } = timeTurns(rng, turns);
      if (status === 'in-progress') {
        // Still talking: the call started a little while ago, and its duration so far is now minus then.
        duration = seconds + rng.int(1, 6);
        created = now - (duration + ring) * 1000;
        updated = now;
        transcript = JSON.stringify(transcriptLines(turns, offsets, created + ring * 1000));
      } else {
        duration = seconds;
        transcript = JSON.stringify(transcriptLines(turns, offsets, created + ring * 1000));
        updated = created + (ring + duration + rng.int(1, 4)) * 1000;
        const complete = status !== 'ended_by_customer';
        variables = { ...variables, ...(complete ? convo.variables : { customer_name: convo.variables.customer_name ?? '' }) };
        if (assistant.postCallEvaluation) evaluation = this.evaluation(assistant, convo, complete, machine, variables);
      }
    } else if (status === 'initiated') {
      created = now - rng.int(1, 8) * 1000;
      updated = created;
    } else if (status === 'ringing') {
      created = now - rng.int(3, 25) * 1000;
      updated = created + 1000;
    }

    const minutes = duration / 60;
    const carrier = type === 'web' ? 0 : minutes * CARRIER_PER_MIN[type] * (countryOfNumber(plan.clientPhone) === 'US' ? 1 : 1.6);
    const total = carrier + minutes * PLATFORM_PER_MIN;
    const finished = !['initiated', 'ringing', 'in-progress'].includes(status);
    const answeredBy = !answered ? null : machine ? 'machine' : rng.chance(0.06) ? 'unknown' : 'human';

    return {
      user_id: this.userId,
      assistant_id: assistant.id,
      campaign_id: plan.campaign?.id ?? null,
      lead_id: plan.lead?.id ?? null,
      assistant_name: assistant.name,
      campaign_name: plan.campaign?.name ?? null,
      type,
      status,
      duration,
      assistant_phone_number: plan.assistantPhone,
      client_phone_number: plan.clientPhone,
      transcript,
      variables: JSON.stringify(variables),
      evaluation: JSON.stringify(evaluation),
      webhook_response: finished ? this.webhook(assistant, status, updated) : null,
      carrier_cost: money(carrier),
      total_cost: money(total),
      answered_by: answeredBy,
      recording_key: finished && answered && duration > 0 && assistant.record ? randomUUID() : null,
      created_at: toDbTimestamp(new Date(created)),
      updated_at: toDbTimestamp(new Date(updated)),
    };
  }

  private evaluation(
    assistant: CallAssistant,
    convo: ReturnType<typeof conversation>,
    complete: boolean,
    machine: boolean,
    variables: JsonRecord,
  ): JsonRecord {
    const rng = this.rng;
    const successful = complete && convo.successful;
    const out: JsonRecord = {
      summary: complete ? convo.summary : 'The caller hung up before the conversation finished.',
      sentiment: complete ? convo.sentiment : rng.pick(['neutral', 'negative']),
      successful,
      score: machine ? 0 : successful ? rng.int(7, 10) : rng.int(2, 6),
    };
    for (const field of assistant.postCallSchema) {
      const known = variables[field.name];
      if (known !== undefined) out[field.name] = known;
      else if (field.type === 'bool') out[field.name] = successful;
      else if (field.type === 'number') out[field.name] = rng.int(1, 10);
      else out[field.name] = '';
    }
    return out;
  }

  private webhook(assistant: CallAssistant, status: CallStatus, updated: number): string | null {
    if (!assistant.webhookActive || !assistant.webhookUrl) return null;
    if (assistant.onlyCompleted && status !== 'completed') return null;
    const rng = this.rng;
    const sentAt = toDbTimestamp(new Date(updated + rng.int(500, 4000))).slice(0, 19);
    const outcome = rng.weighted({ ok: 88, error: 8, timeout: 4 });
    if (outcome === 'ok') {
      return JSON.stringify({
        url: assistant.webhookUrl,
        status: 200,
        body: { received: true, id: `evt_${rng.digits(10)}` },
        duration_ms: rng.int(60, 900),
        sent_at: sentAt,
      });
    }
    if (outcome === 'error') {
      return JSON.stringify({
        url: assistant.webhookUrl,
        status: rng.pick([500, 502, 503]),
        body: { error: 'Internal Server Error' },
        duration_ms: rng.int(100, 3000),
        sent_at: sentAt,
      });
    }
    return JSON.stringify({ url: assistant.webhookUrl, status: null, error: 'Timed out after 10 seconds', sent_at: sentAt });
  }
}

// ---- the generator ----

export interface GenerateCallsOptions {
  /** Seed of the PRNG: the same seed (and clock) gives the same calls. */
  seed?: number;
  /** The calls spread over this many days before `now` (default 60). */
  days?: number;
  now?: Date;
  /** Rows per INSERT (default 500). */
  batchSize?: number;
  /** Calls still live (initiated, ringing, in-progress) at `now`; default 3 + 1 per 1,000, at most 30, none under 100 calls. */
  liveCalls?: number;
  /** The user's assistants, campaigns and numbers; read from the database when absent. */
  context?: CallContext;
  onProgress?: (inserted: number, total: number) => void;
}

/**
 * Inserts `count` generated calls for the user, oldest first (ids follow time). Works on a database or a
 * transaction: it opens none itself.
 */
export async function generateCalls(db: Db, userId: number, count: number, options: GenerateCallsOptions = {}): Promise<number> {
  const now = (options.now ?? new Date()).getTime();
  const rng = new Rng(options.seed ?? 20261122);
  const ctx = options.context ?? (await loadCallContext(db, userId));
  const factory = new CallFactory(rng, userId, ctx);
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const live = Math.min(count, options.liveCalls ?? (count < 100 ? 0 : Math.min(30, 3 + Math.floor(count / 1000))));
  const times = startTimes(rng, count - live, now, options.days ?? 60);

  let inserted = 0;
  let batch: NewCall[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db.insertInto('calls').values(batch).execute();
    inserted += batch.length;
    batch = [];
    options.onProgress?.(inserted, count);
  };
  for (let i = 0; i < count; i++) {
    const isLive = i >= times.length;
    const status = isLive ? (LIVE_CYCLE[(i - times.length) % LIVE_CYCLE.length] ?? 'initiated') : null;
    batch.push(factory.make(isLive ? now : (times[i] ?? now), status, now));
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (live > 0) await planLiveCalls(db, userId, new Date(now));
  return inserted;
}

const LIVE_STATUSES = ['initiated', 'ringing', 'in-progress'] as const;
const parseDbTime = (ts: string) => Date.parse(`${ts.replace(' ', 'T')}Z`);

/**
 * Gives the user's seeded live calls (initiated, ringing, in-progress at `now`) an engine plan and a due
 * step, so the engine plays them out like any placed call and they end on their own: without a plan they
 * would stay "live" forever (the overview's "Calls now", anything that waits for a quiet account). The plan
 * is drawn as the engine draws every plan (makePlan, the call's id as seed) and then fitted to what the row
 * already says: a call already talking was answered by a person, at the moment its transcript starts, and
 * keeps talking a while past `now`.
 */
export async function planLiveCalls(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .selectFrom('calls')
    .leftJoin('assistants', 'assistants.id', 'calls.assistant_id')
    .select(['calls.id', 'calls.type', 'calls.status', 'calls.client_phone_number', 'calls.variables', 'calls.created_at', 'calls.duration', 'assistants.max_duration', 'assistants.end_call_on_voicemail'])
    .where('calls.user_id', '=', userId)
    .where('calls.status', 'in', [...LIVE_STATUSES])
    .where('calls.engine_plan', 'is', null)
    .execute();
  for (const row of rows) {
    const drawn = makePlan({
      callId: row.id,
      type: row.type === 'outbound' ? 'outbound' : 'inbound',
      customerNumber: row.client_phone_number,
      maxDuration: row.max_duration ?? 600,
      endCallOnVoicemail: row.end_call_on_voicemail ?? false,
      inputVariables: row.variables,
    });
    const plan = row.status === 'in-progress' ? fitTalking(drawn, (now.getTime() - parseDbTime(row.created_at)) / 1000, row.duration, row.max_duration ?? 600) : drawn;
    await db
      .updateTable('calls')
      .set({ engine_plan: JSON.stringify(plan), engine_next_at: toDbTimestamp(now) })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}

/** A seeded call in progress: answered by a person `elapsedS - talkedS` seconds after it was placed, talking on past now. */
function fitTalking(plan: CallPlan, elapsedS: number, talkedS: number, maxDuration: number): CallPlan {
  const answeredAtS = Math.max(2, Math.round(elapsedS - talkedS));
  const human = plan.answered_by === 'human' ? plan : { ...plan, outcome: 'completed' as const, final_status: 'completed' as const, answered_by: 'human' as const, wrap_s: 2 };
  // At least 10 s more than it has talked so far, never past the assistant's limit.
  const talk = Math.min(Math.max(human.talk_s, Math.ceil(talkedS) + 10), Math.max(Math.ceil(talkedS) + 1, maxDuration));
  return { ...human, dial_s: 1, ring_s: answeredAtS - 1, talk_s: talk };
}

