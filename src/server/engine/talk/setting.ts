import { sql } from 'kysely';
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

interface CallAssistant {
  name: string;
  initial_message: string;
  wait_for_customer: boolean;
  fillers: boolean;
  filler_config: FillerConfig;
  max_duration: number;
  post_call_schema: PostCallField[];
  post_call_evaluation: boolean;
  iso_2: string | null;
}

async function callAssistant(db: Db, assistantId: number): Promise<CallAssistant | undefined> {
  return db
    .selectFrom('assistants')
    .leftJoin('languages', 'languages.id', 'assistants.language_id')
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
    ])
    .where('assistants.id', '=', assistantId)
    .where('assistants.deleted_at', 'is', null)
    .executeTakeFirst();
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
}

/** The call's setting, or null when its assistant (or its model) is gone. */
export async function loadCallTalk(db: Db, input: TalkInput): Promise<{ talk: CallTalk; persona: string } | null> {
  const { call, plan, model } = input;
  if (call.assistant_id === null || call.answered_at === null) return null;
  const assistantId = call.assistant_id;
  const [setting, assistant] = await Promise.all([assistantSetting(db, call.assistant_id), callAssistant(db, call.assistant_id)]);
  if (!setting || setting.assistant.deleted_at !== null || !assistant) return null;
  const chosen = chooseModel(model.info, setting.modelName);
  if (!chosen) return null;
  const variables = await callVariables(db, call, plan.input_variables);
  const merged = mergedVariables(variables, setting.assistant.variables);
  const answeredAt = Date.parse(`${call.answered_at.replace(' ', 'T')}Z`);
  const type = call.type === 'inbound' ? 'inbound' : 'outbound';
  const persona = input.persona ?? personaFor({ given: call.persona, variables, type, seed: plan.seed, language: languageOf(setting.language, assistant.iso_2) });
  const fields = Array.isArray(assistant.post_call_schema) ? assistant.post_call_schema : [];
  return {
    persona,
    talk: {
      setting: {
        model,
        modelName: chosen.model,
        callId: call.id,
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
          knowledge: (words) => knowledgeForTurn(db, assistantId, words),
        },
        customer: { system: customerSystemPrompt({ persona, assistantName: assistant.name, type, language: setting.language }), temperature: 0.7 },
      },
      postCall: { fields, evaluation: assistant.post_call_evaluation, language: setting.language, modelName: chosen.model },
    },
  };
}
