import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { charge } from '../account/balance';
import { publicBaseUrl } from '../config';
import type { Db } from '../db/connect';
import type { CallRow, JsonRecord, PostCallField } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { publish, type ServiceEvent } from '../events/bus';
import { enqueueCallWebhooks } from '../webhooks/enqueue';
import { callContent, languageOf, type ContentAssistant } from './content';
import { settleLeadAttempt } from './lead-attempts';
import { callCost, makePlan, readPlan, stepsOf, type CallPlan, type Step } from './plan';
import { accountEvent, callEvent } from '../events/build';
import type { ChatModel } from '../model/chat-model';
import { canTalk } from './talk/setting';
import { freshTalkState, readTalkState, type TalkState } from './talk/state';
import { namedFields } from './talk/post-call';

/*
 * The call engine: moves every call whose next step is due (engine_next_at <= now) through
 * initiated → ringing → in-progress → ended → its outcome, as its plan says. Each batch is claimed with
 * FOR UPDATE SKIP LOCKED, so several service processes share the calls and none moves a call twice.
 * A call's steps are fixed seconds after its creation, so a tick that comes late (a stopped service, a
 * slow machine) takes the call through every step it missed at once. The step that reaches the outcome
 * also writes what the call produced, charges it, settles its lead and queues its webhooks, in the same
 * transaction; events are published after the commit.
 */

/** Calls claimed per tick: a bounded transaction; the next tick takes the rest. */
const BATCH = 200;
/** A call whose step threw is tried again this much later (the error is logged). */
const RETRY_AFTER_MS = 5_000;

function parseDb(ts: string): number {
  return Date.parse(`${ts.replace(' ', 'T')}Z`);
}

const at = (created: number, seconds: number) => toDbTimestamp(new Date(created + seconds * 1000));

export interface CallEngineOptions {
  /** Where webhook receivers reach this service (PUBLIC_URL, config.ts); unless given, the default port here. */
  publicUrl?: string | undefined;
  /**
   * The language model (LLM_BASE_URL): a call a human answers is handed to it (talk/worker.ts) instead of
   * being played from the script. None: every call is scripted, as before.
   */
  model?: ChatModel | null | undefined;
  /** MODEL_PRICE_PER_1K_TOKENS: what a model call's tokens cost on top of its minutes. */
  modelPricePer1kTokens?: number | undefined;
}

/** MODEL_PRICE_PER_1K_TOKENS unless configured (USD). */
export const DEFAULT_MODEL_PRICE_PER_1K_TOKENS = 0.002;

export async function advanceCalls(db: Db, now: Date, options: CallEngineOptions = {}): Promise<number> {
  const baseUrl = options.publicUrl ?? publicBaseUrl({});
  // Most ticks find nothing due: one index probe, without opening a transaction (PGlite has one connection).
  const any = await db
    .selectFrom('calls')
    .select('id')
    .where('engine_next_at', 'is not', null)
    .where('engine_next_at', '<=', toDbTimestamp(now))
    // A call the model is holding is the talk worker's until it hands it back.
    .where('talk_next_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (!any) return 0;
  const events: ServiceEvent[] = [];
  const changed = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('calls')
      .selectAll()
      .where('engine_next_at', 'is not', null)
      .where('engine_next_at', '<=', toDbTimestamp(now))
      .where('talk_next_at', 'is', null)
      .orderBy('engine_next_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    let n = 0;
    for (const call of due) {
      // One call that fails (a bug, a bad row) must not hold up the others: its work is undone alone.
      await sql`SAVEPOINT engine_call`.execute(trx);
      try {
        const result = await advanceCall(trx, call, now, baseUrl, options);
        await sql`RELEASE SAVEPOINT engine_call`.execute(trx);
        if (result.length > 0) n += 1;
        events.push(...result);
      } catch (e) {
        await sql`ROLLBACK TO SAVEPOINT engine_call`.execute(trx);
        console.error(`Call engine: call ${call.id}:`, e instanceof Error ? e.message : e);
        await trx
          .updateTable('calls')
          .set({ engine_next_at: toDbTimestamp(new Date(now.getTime() + RETRY_AFTER_MS)) })
          .where('id', '=', call.id)
          .execute();
      }
    }
    return n;
  });
  // After the commit, and on the root handle: a listener that refetches sees the change.
  for (const event of events) publish(db, event);
  return changed;
}

/** Calls made before the engine (migration 0009) have no plan: one is made from what they have. */
async function planOnTheSpot(trx: Db, call: CallRow): Promise<CallPlan> {
  const assistant =
    call.assistant_id === null
      ? undefined
      : await trx.selectFrom('assistants').select(['max_duration', 'end_call_on_voicemail']).where('id', '=', call.assistant_id).executeTakeFirst();
  return makePlan({
    callId: call.id,
    type: call.type === 'inbound' ? 'inbound' : 'outbound',
    customerNumber: call.client_phone_number,
    maxDuration: assistant?.max_duration ?? 600,
    endCallOnVoicemail: assistant?.end_call_on_voicemail ?? false,
    inputVariables: call.variables,
  });
}


/** Takes one call through every step due by `now`; returns the events to publish (none when nothing changed). */
async function advanceCall(trx: Db, call: CallRow, now: Date, baseUrl: string, options: CallEngineOptions): Promise<ServiceEvent[]> {
  const stored = readPlan(call.engine_plan);
  const plan = stored ?? (await planOnTheSpot(trx, call));
  const created = parseDb(call.created_at);
  const elapsed = (now.getTime() - created) / 1000;
  const steps = stepsOf(plan);
  let doneIndex = steps.findIndex((s) => s.status === call.status && s.kind !== 'final');
  // A status the plan has no step for (an old call planned just now): only the outcome is left to reach.
  if (doneIndex === -1 && call.status !== 'initiated') doneIndex = steps.length - 2;
  let crossed = steps.filter((s, i) => i > doneIndex && s.at_s <= elapsed);
  const next = steps.find((s, i) => i > doneIndex && s.at_s > elapsed);
  // A human answers and a model is configured: the conversation is the model's, the script stops here.
  const answeredStep = crossed.findIndex((s) => s.kind === 'answered');
  if (answeredStep !== -1 && plan.answered_by === 'human' && call.conversation_mode !== 'model' && (await canTalk(trx, options.model ?? null, call))) {
    crossed = crossed.slice(0, answeredStep + 1);
    return handToModel(trx, call, plan, stored === null, created, crossed.at(-1) as Step, now, baseUrl);
  }
  const ts = toDbTimestamp(now);

  if (crossed.length === 0) {
    // Woken early (a plan made just now, or a clock set back): only the due time moves.
    await trx
      .updateTable('calls')
      .set({
        engine_next_at: next ? at(created, next.at_s) : ts,
        ...(stored === null && { engine_plan: JSON.stringify(plan) }),
      })
      .where('id', '=', call.id)
      .execute();
    return [];
  }

  const events: ServiceEvent[] = [];
  const final = crossed.find((s) => s.kind === 'final');
  const live = crossed.filter((s) => s.kind !== 'final');
  let row = call;
  if (live.length > 0) {
    const last = live.at(-1) as Step;
    const answered = live.find((s) => s.kind === 'answered');
    const hangup = live.find((s) => s.kind === 'hangup');
    row = await trx
      .updateTable('calls')
      .set({
        status: last.status,
        updated_at: ts,
        ...(stored === null && { engine_plan: JSON.stringify(plan) }),
        ...(answered && { answered_at: at(created, answered.at_s), answered_by: plan.answered_by }),
        ...(hangup && { finished_at: at(created, hangup.at_s), duration: plan.talk_s }),
        ...(!final && { engine_next_at: next ? at(created, next.at_s) : ts }),
      })
      .where('id', '=', call.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The inbound webhook hears of a call when it is answered, even if the call already ended since.
    if (answered && row.type === 'inbound') events.push(...(await enqueueCallWebhooks(trx, row, 'started', now, baseUrl)));
  }
  if (final) {
    events.push(...(await finalise(trx, row, plan, created, final, now, baseUrl, options)));
  } else {
    events.push(callEvent(row));
  }
  return events;
}

/** The call, just answered, becomes the model's conversation (talk/worker.ts takes its turns). */
async function handToModel(trx: Db, call: CallRow, plan: CallPlan, planIsNew: boolean, created: number, answered: Step, now: Date, baseUrl: string): Promise<ServiceEvent[]> {
  const assistant = call.assistant_id === null ? undefined : await trx.selectFrom('assistants').select('wait_for_customer').where('id', '=', call.assistant_id).executeTakeFirst();
  const state: TalkState = {
    ...freshTalkState('talking', assistant?.wait_for_customer ? 'customer' : 'assistant', false),
    ...(call.max_turns !== null && { max_turns: call.max_turns }),
  };
  const answeredAt = at(created, answered.at_s);
  const row = await trx
    .updateTable('calls')
    .set({
      status: 'in-progress',
      answered_at: answeredAt,
      answered_by: 'human',
      conversation_mode: 'model',
      transcript: '[]',
      talk_state: JSON.stringify(state),
      talk_next_at: answeredAt,
      // Still set while the call is in flight (campaigns count their calls in flight by it); the engine leaves
      // the call alone while talk_next_at is set.
      engine_next_at: answeredAt,
      ...(planIsNew && { engine_plan: JSON.stringify(plan) }),
      updated_at: toDbTimestamp(now),
    })
    .where('id', '=', call.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const events: ServiceEvent[] = [];
  if (row.type === 'inbound') events.push(...(await enqueueCallWebhooks(trx, row, 'started', now, baseUrl)));
  events.push(callEvent(row));
  return events;
}

interface AssistantForContent extends ContentAssistant {
  record: boolean;
  iso: string | null;
  language: string | null;
}

async function assistantFor(trx: Db, call: CallRow): Promise<AssistantForContent> {
  const row =
    call.assistant_id === null
      ? undefined
      : await trx
          .selectFrom('assistants')
          .leftJoin('languages', 'languages.id', 'assistants.language_id')
          .select([
            'assistants.name',
            'assistants.initial_message',
            'assistants.wait_for_customer',
            'assistants.variables',
            'assistants.post_call_schema',
            'assistants.post_call_evaluation',
            'assistants.voice_mail_message',
            'assistants.record',
            'assistants.language',
            'languages.iso_2',
          ])
          .where('assistants.id', '=', call.assistant_id)
          .executeTakeFirst();
  if (!row) {
    // The assistant is gone: the call still ends, plainly.
    return {
      name: call.assistant_name,
      initial_message: '',
      wait_for_customer: false,
      variables: {},
      post_call_schema: [],
      post_call_evaluation: false,
      voice_mail_message: null,
      record: false,
      iso: null,
      language: null,
    };
  }
  return {
    name: row.name,
    initial_message: row.initial_message,
    wait_for_customer: row.wait_for_customer,
    variables: row.variables,
    post_call_schema: Array.isArray(row.post_call_schema) ? (row.post_call_schema as PostCallField[]) : [],
    post_call_evaluation: row.post_call_evaluation,
    voice_mail_message: row.voice_mail_message,
    record: row.record,
    iso: row.iso_2,
    language: row.language,
  };
}

/** The lead's variables (a secondary contact's over its primary's), for {{variables}} the call did not bring. */
async function leadVariables(trx: Db, leadId: number | null): Promise<JsonRecord> {
  if (leadId === null) return {};
  const lead = await trx.selectFrom('leads').select(['variables', 'parent_lead_id']).where('id', '=', leadId).executeTakeFirst();
  if (!lead) return {};
  if (lead.parent_lead_id === null) return lead.variables;
  const parent = await trx.selectFrom('leads').select('variables').where('id', '=', lead.parent_lead_id).executeTakeFirst();
  return { ...(parent?.variables ?? {}), ...lead.variables };
}

async function goalVariable(trx: Db, campaignId: number | null): Promise<string | null> {
  if (campaignId === null) return null;
  const campaign = await trx.selectFrom('campaigns').select('goal_completion_variable').where('id', '=', campaignId).executeTakeFirst();
  return campaign?.goal_completion_variable ?? null;
}

/**
 * What a model call produced: its transcript as written turn by turn, what the post-call reading found (one
 * value per post-call field, null when the call did not give it) and its evaluation.
 */
function modelContent(call: CallRow, assistant: AssistantForContent): { transcript: unknown; extracted: JsonRecord; evaluation: JsonRecord; tokens: number } {
  const state = readTalkState(call.talk_state);
  const extracted: JsonRecord = {};
  for (const f of namedFields(assistant.post_call_schema)) extracted[f.name] = state?.extracted?.[f.name] ?? null;
  return { transcript: Array.isArray(call.transcript) ? call.transcript : [], extracted, evaluation: assistant.post_call_evaluation ? (state?.evaluation ?? {}) : {}, tokens: state?.billed_tokens ?? 0 };
}

async function finalise(trx: Db, call: CallRow, plan: CallPlan, created: number, final: Step, now: Date, baseUrl: string, options: CallEngineOptions): Promise<ServiceEvent[]> {
  const assistant = await assistantFor(trx, call);
  const input = plan.input_variables;
  const variables = { ...(await leadVariables(trx, call.lead_id)), ...input };
  const answered = plan.answered_by !== null;
  const answeredAtS = plan.dial_s + plan.ring_s;
  const goal = await goalVariable(trx, call.campaign_id);
  const byModel = call.conversation_mode === 'model';
  const content = byModel
    ? modelContent(call, assistant)
    : {
        ...callContent({
          plan,
          type: call.type === 'inbound' ? 'inbound' : 'outbound',
          assistant,
          language: languageOf(assistant.language, assistant.iso),
          variables,
          goalVariable: goal,
          customerPhone: call.client_phone_number,
          answeredAt: created + answeredAtS * 1000,
        }),
        tokens: 0,
      };
  // The campaign's goal on a model call: the customer said it was reached (the scripted calls set it in content.ts).
  if (byModel && goal !== null && goal !== '') content.extracted[goal] = plan.final_status === 'completed';
  const duration = answered ? plan.talk_s : 0;
  const cost = callCost(duration, content.tokens, options.modelPricePer1kTokens ?? DEFAULT_MODEL_PRICE_PER_1K_TOKENS);
  const row = await trx
    .updateTable('calls')
    .set({
      status: final.status,
      duration,
      answered_by: plan.answered_by,
      ...(answered
        ? { answered_at: at(created, answeredAtS), finished_at: at(created, answeredAtS + plan.talk_s) }
        : { finished_at: at(created, final.at_s) }),
      transcript: content.transcript === null ? null : JSON.stringify(content.transcript),
      conversation_mode: byModel ? 'model' : 'scripted',
      variables: JSON.stringify({ ...input, ...content.extracted }),
      evaluation: JSON.stringify(content.evaluation),
      recording_key: answered && duration > 0 && assistant.record ? randomUUID() : null,
      carrier_cost: cost.carrier,
      total_cost: cost.total,
      engine_plan: JSON.stringify({ ...plan, extracted_variables: content.extracted }),
      engine_next_at: null,
      updated_at: toDbTimestamp(now),
    })
    .where('id', '=', call.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const events: ServiceEvent[] = [callEvent(row)];
  // Paid once: only this transaction, which holds the call's row, takes the call to its outcome.
  if (cost.total > 0) {
    await charge(trx, row.user_id, cost.total);
    events.push(accountEvent(row.user_id));
  }
  if (row.lead_id !== null) events.push(...(await settleLeadAttempt(trx, row, now)));
  events.push(...(await enqueueCallWebhooks(trx, row, 'ended', now, baseUrl)));
  return events;
}
