import { sql } from 'kysely';
import { builtinFunctions } from '../../builtin/functions';
import { assistantSetting } from '../../conversations/store';
import { knowledgeForTurn } from '../../conversations/knowledge';
import { fillPlaceholders, mergedVariables, offeredFunctions, systemPrompt } from '../../conversations/prompt';
import type { Db } from '../../db/connect';
import type { CallRow, FillerConfig, JsonRecord, PostCallField } from '../../db/schema';
import { chooseModel, type ChatModel } from '../../model/chat-model';
import { languageOf } from '../content';
import type { CallPlan } from '../plan';
import { customerSystemPrompt, personaFor } from './persona';
import type { TalkSetting } from './turn';

/*
 * What a model call needs of its assistant, its lead and the model, read when a process takes the call up
 * (and again by whichever process takes it up next): the assistant's prompt, tools and settings through the
 * conversations' own reading (conversations/store.ts), the customer's prompt from the persona.
 */

export interface CallTalk {
  setting: TalkSetting;
  postCall: { fields: PostCallField[]; evaluation: boolean; language: string | null; modelName: string };
}

/** The lead's variables (a secondary contact's over its primary's), under the call's own. */
export async function callVariables(db: Db, call: Pick<CallRow, 'lead_id'>, input: JsonRecord): Promise<JsonRecord> {
  if (call.lead_id === null) return input;
  const lead = await db.selectFrom('leads').select(['variables', 'parent_lead_id']).where('id', '=', call.lead_id).executeTakeFirst();
  if (!lead) return input;
  const parent = lead.parent_lead_id === null ? undefined : await db.selectFrom('leads').select('variables').where('id', '=', lead.parent_lead_id).executeTakeFirst();
  return { ...(parent?.variables ?? {}), ...lead.variables, ...input };
}

/** What the calls read of an assistant beside its prompt and tools: the opening, fillers, limits, and its voice. */
export interface CallAssistant {
  name: string;
  initial_message: string;
  wait_for_customer: boolean;
  fillers: boolean;
  filler_config: FillerConfig;
  max_duration: number;
  post_call_schema: PostCallField[];
  post_call_evaluation: boolean;
  iso_2: string | null;
  /** The voice fields (voice/ acts on them in calls you can hear). */
  voice_name: string | null;
  voice_gender: string | null;
  voice_accent: string | null;
  speech_speed: string;
  allow_interruptions: boolean;
  interrupt_sensitivity: string;
  min_interrupt_words: number;
  endpoint_type: string;
  endpoint_sensitivity: string;
  max_silence_duration: number;
  reengagement_interval: number;
  reengagement_prompt: string | null;
  ambient_sound: string;
  ambient_sound_volume: string;
}

async function callAssistant(db: Db, assistantId: number): Promise<CallAssistant | undefined> {
  const row = await db
    .selectFrom('assistants')
    .leftJoin('languages', 'languages.id', 'assistants.language_id')
    .leftJoin('voices', 'voices.id', 'assistants.voice_id')
    .select([
      'assistants.name',
      'assistants.initial_message',
      'assistants.wait_for_customer',
      'assistants.fillers',
      'assistants.filler_config',
      'assistants.max_duration',
      'assistants.post_call_schema',
      'assistants.post_call_evaluation',
      'languages.iso_2',
      'voices.name as voice_name',
      'voices.gender as voice_gender',
      'voices.accent as voice_accent',
      'assistants.speech_speed',
      'assistants.allow_interruptions',
      'assistants.interrupt_sensitivity',
      'assistants.min_interrupt_words',
      'assistants.endpoint_type',
      'assistants.endpoint_sensitivity',
      'assistants.max_silence_duration',
      'assistants.reengagement_interval',
      'assistants.reengagement_prompt',
      'assistants.ambient_sound',
      'assistants.ambient_sound_volume',
    ])
    .where('assistants.id', '=', assistantId)
    .where('assistants.deleted_at', 'is', null)
    .executeTakeFirst();
  // Numeric columns come back as strings from PostgreSQL (and may be numbers elsewhere): one shape here.
  return row && { ...row, speech_speed: String(row.speech_speed), interrupt_sensitivity: String(row.interrupt_sensitivity), endpoint_sensitivity: String(row.endpoint_sensitivity), ambient_sound_volume: String(row.ambient_sound_volume) };
}

/** Whether the model can hold this call: a model is configured and the live assistant has a model to ask for. */
export async function canTalk(db: Db, model: ChatModel | null, call: Pick<CallRow, 'assistant_id'>): Promise<boolean> {
  if (!model || call.assistant_id === null) return false;
  if (model.info.model) {
    const live = await db.selectFrom('assistants').select('id').where('id', '=', call.assistant_id).where('deleted_at', 'is', null).executeTakeFirst();
    return live !== undefined;
  }
  const row = await db
    .selectFrom('assistants as a')
    .leftJoin('llm_models as m', 'm.id', 'a.llm_model_id')
    .select(sql<string | null>`m.name`.as('model_name'))
    .where('a.id', '=', call.assistant_id)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined && row.model_name !== null;
}

export interface TalkInput {
  call: CallRow;
  plan: CallPlan;
  model: ChatModel;
  allowPrivateUrls: boolean;
  /** The persona the call is played with (talk_state.persona once chosen). */
  persona: string | null;
  /** assistant_transfer: the assistant holding the call now (talk_state.assistant_id); the call's own when none. */
  holderId?: number | null;
}

/** What the assistant's side of any call needs, whoever plays the other side (the model's customer, a person). */
export interface AssistantTalkInput {
  assistantId: number;
  callId: number;
  /** The call's variables (the lead's under the call's own); the assistant's defaults go under them here. */
  variables: JsonRecord;
  /** Epoch ms of the answer. */
  answeredAt: number;
  model: ChatModel;
  allowPrivateUrls: boolean;
  /** The clock the calendar's "today" is read on; the wall clock unless given. */
  now?: () => Date;
}

export interface AssistantTalk {
  setting: Omit<TalkSetting, 'customer'>;
  assistant: CallAssistant;
  /** The assistant's language's name (English, German, ...), as the prompt says it; null when none. */
  language: string | null;
}

/**
 * The assistant's side of a call (prompt with its placeholders filled, tools, end_call, knowledge, opening,
 * fillers, limits), or null when the assistant (or its model) is gone: the model calls' loadCallTalk and the
 * calls you can hear (voice/start-session.ts) read it here, once.
 */
export async function loadAssistantTalk(db: Db, input: AssistantTalkInput): Promise<AssistantTalk | null> {
  const { assistantId, answeredAt, model } = input;
  const [setting, assistant] = await Promise.all([assistantSetting(db, assistantId), callAssistant(db, assistantId)]);
  if (!setting || setting.assistant.deleted_at !== null || !assistant) return null;
  const chosen = chooseModel(model.info, setting.modelName);
  if (!chosen) return null;
  const merged = mergedVariables(input.variables, setting.assistant.variables);
  return {
    assistant,
    language: setting.language,
    setting: {
      model,
      modelName: chosen.model,
      callId: input.callId,
      answeredAt,
      maxDurationMs: Math.max(1, assistant.max_duration) * 1000,
      allowPrivateUrls: input.allowPrivateUrls,
      assistant: {
        system: systemPrompt(
          { system_prompt: setting.assistant.system_prompt, timezone: setting.assistant.timezone, language: setting.language, variables: setting.assistant.variables },
          merged,
          new Date(answeredAt),
          'call',
        ),
        offered: offeredFunctions(setting.tools, setting.assistant.end_call_tool_description),
        tools: setting.tools,
        endCall: Boolean(setting.assistant.end_call_tool_description),
        temperature: Number(setting.assistant.llm_temperature),
        initialMessage: fillPlaceholders(assistant.initial_message ?? '', merged).trim(),
        fillers: assistant.fillers,
        fillerConfig: assistant.filler_config,
        knowledge: (words) => knowledgeForTurn(db, setting.assistant.user_id, setting.knowledge, words),
        builtins: builtinFunctions(db, setting.assistant.builtin_tools, {
          userId: setting.assistant.user_id,
          assistantId: setting.assistant.id,
          channel: 'call',
          allowPrivate: input.allowPrivateUrls,
          timeZone: setting.assistant.timezone,
          now: input.now ?? (() => new Date()),
        }),
      },
    },
  };
}

/** The call's setting, or null when its assistant (or its model) is gone. */
export async function loadCallTalk(db: Db, input: TalkInput): Promise<{ talk: CallTalk; persona: string } | null> {
  const { call, plan, model } = input;
  if (call.assistant_id === null || call.answered_at === null) return null;
  const answeredAt = Date.parse(`${call.answered_at.replace(' ', 'T')}Z`);
  const variables = await callVariables(db, call, plan.input_variables);
  const loaded = await loadAssistantTalk(db, { assistantId: call.assistant_id, callId: call.id, variables, answeredAt, model, allowPrivateUrls: input.allowPrivateUrls });
  if (!loaded) return null;
  // Handed over: the other assistant talks; the call's own keeps the post-call reading (as a live call's record does).
  const holder =
    input.holderId && input.holderId !== call.assistant_id
      ? await loadAssistantTalk(db, { assistantId: input.holderId, callId: call.id, variables, answeredAt, model, allowPrivateUrls: input.allowPrivateUrls })
      : null;
  const { assistant, language } = loaded;
  const type = call.type === 'inbound' ? 'inbound' : 'outbound';
  const persona = input.persona ?? personaFor({ given: call.persona, variables, type, seed: plan.seed, language: languageOf(language, assistant.iso_2) });
  const fields = Array.isArray(assistant.post_call_schema) ? assistant.post_call_schema : [];
  return {
    persona,
    talk: {
      setting: { ...(holder ?? loaded).setting, customer: { system: customerSystemPrompt({ persona, assistantName: assistant.name, type, language }), temperature: 0.7 } },
      postCall: { fields, evaluation: assistant.post_call_evaluation, language, modelName: loaded.setting.modelName },
    },
  };
}
