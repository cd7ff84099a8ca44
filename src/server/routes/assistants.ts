import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { Transaction, Updateable } from 'kysely';
import {
  ASSISTANT_UNKNOWN_FIELDS_ON_CREATE,
  ASSISTANT_UNKNOWN_FIELDS_ON_UPDATE,
  assistantCreateBody,
  assistantIdRequest,
  assistantUpdateBody,
  attributeName,
  callsDirectionToType,
  inboundWebhookEnableRequest,
  normalizeAssistantBody,
  pageQuerySchema,
  PG_INT_MAX,
  unknownAssistantFields,
  webhookEnableRequest,
  type AssistantWrite,
  type FieldErrors,
} from '../../contract';
import type { Db } from '../db/connect';
import type { AssistantRow, AssistantsTable, Database, ToolRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import type { AppEnv, Deps } from '../http/context';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { paginate } from '../http/pagination';
import { idParam, parseBody, parseOr422, parseQuery, readJson } from '../http/validate';
import { chooseProviders, type ProviderChoice } from '../assistants/providers';
import { assistantMutationData, assistantResource, assistantSummary } from '../assistants/resource';

const ASSISTANT_NOT_FOUND = 'Assistant not found';
const WEBHOOK_URL_REQUIRED = 'The webhook url field is required when is webhook active is true.';

/** Ids the database's `integer` columns can hold; anything else names no row (and must not reach SQL). */
const isRowId = (n: number) => Number.isInteger(n) && n >= 1 && n <= PG_INT_MAX;

type AssistantInput = AssistantWrite;
type Tx = Transaction<Database>;

/**
 * A create or update body to the one internal shape. A field the service does not know is refused by name
 * before anything else: answering "updated successfully" while part of a change was dropped would lie.
 */
function parseAssistantWrite(body: unknown, mode: 'create' | 'update'): AssistantInput {
  const unknown = unknownAssistantFields(body);
  if (unknown.length > 0) {
    const prefix = mode === 'create' ? ASSISTANT_UNKNOWN_FIELDS_ON_CREATE : ASSISTANT_UNKNOWN_FIELDS_ON_UPDATE;
    throw new HttpError(422, `${prefix} ${unknown.join(', ')}`);
  }
  return parseOr422(mode === 'create' ? assistantCreateBody : assistantUpdateBody, normalizeAssistantBody(body));
}

/** The columns a create or update request sets directly (references resolved by name come apart). */
function columnsFrom(input: AssistantInput): Updateable<AssistantsTable> {
  const cols: Updateable<AssistantsTable> = {};
  if (input.assistant_name !== undefined) cols.name = input.assistant_name;
  if (input.calls_direction !== undefined) cols.type = callsDirectionToType[input.calls_direction];
  if (input.engine_type !== undefined) cols.mode = input.engine_type;
  if (input.voice_id !== undefined) cols.voice_id = input.voice_id;
  if (input.timezone !== undefined) cols.timezone = input.timezone;
  if (input.initial_message !== undefined) cols.initial_message = input.initial_message;
  if (input.system_prompt !== undefined) cols.system_prompt = input.system_prompt;
  if (input.phone_number_id !== undefined) cols.phone_number_id = input.phone_number_id;
  if (input.endpoint_type !== undefined) cols.endpoint_type = input.endpoint_type;
  if (input.endpoint_sensitivity !== undefined) cols.endpoint_sensitivity = input.endpoint_sensitivity;
  if (input.interrupt_sensitivity !== undefined) cols.interrupt_sensitivity = input.interrupt_sensitivity;
  if (input.ambient_sound_volume !== undefined) cols.ambient_sound_volume = input.ambient_sound_volume;
  if (input.post_call_evaluation !== undefined) cols.post_call_evaluation = input.post_call_evaluation;
  if (input.send_webhook_only_on_completed !== undefined)
    cols.send_webhook_only_on_completed = input.send_webhook_only_on_completed;
  if (input.include_recording_in_webhook !== undefined)
    cols.include_recording_in_webhook = input.include_recording_in_webhook;
  if (input.is_webhook_active !== undefined) cols.is_webhook_active = input.is_webhook_active;
  if (input.webhook_url !== undefined) cols.webhook_url = input.webhook_url;
  // The switch off means "no minimum": 0 words. On (or absent), the number given counts.
  if (input.use_min_interrupt_words === false) cols.min_interrupt_words = 0;
  else if (input.min_interrupt_words !== undefined) cols.min_interrupt_words = input.min_interrupt_words;
  if (input.variables !== undefined) cols.variables = JSON.stringify(input.variables);
  if (input.post_call_schema !== undefined) cols.post_call_schema = JSON.stringify(input.post_call_schema);
  const endCall = input['end_call_tool.description'];
  if (endCall !== undefined) cols.end_call_tool_description = endCall === null || endCall.trim() === '' ? null : endCall;
  if (input.llm_temperature !== undefined) cols.llm_temperature = input.llm_temperature;
  if (input.voice_stability !== undefined) cols.voice_stability = input.voice_stability;
  if (input.voice_similarity !== undefined) cols.voice_similarity = input.voice_similarity;
  if (input.speech_speed !== undefined) cols.speech_speed = input.speech_speed;
  if (input.allow_interruptions !== undefined) cols.allow_interruptions = input.allow_interruptions;
  if (input.filler_audios !== undefined) cols.fillers = input.filler_audios;
  if (input.re_engagement_interval !== undefined) cols.reengagement_interval = input.re_engagement_interval;
  if (input.max_call_duration !== undefined) cols.max_duration = input.max_call_duration;
  if (input.max_silence_duration !== undefined) cols.max_silence_duration = input.max_silence_duration;
  if (input.end_call_on_voicemail !== undefined) cols.end_call_on_voicemail = input.end_call_on_voicemail;
  if (input.noise_cancellation !== undefined) cols.enable_noise_cancellation = input.noise_cancellation;
  if (input.record_call !== undefined) cols.record = input.record_call;
  if (input.who_speaks_first !== undefined) cols.wait_for_customer = input.who_speaks_first === 'Customer';
  if (input.builtin_tools !== undefined) cols.builtin_tools = JSON.stringify(input.builtin_tools);
  if (input.filler_config !== undefined) cols.filler_config = JSON.stringify(input.filler_config);
  if (input.secondary_language_ids !== undefined) cols.secondary_language_ids = JSON.stringify(input.secondary_language_ids);
  if (input.knowledgebase_id !== undefined) cols.knowledgebase_id = input.knowledgebase_id;
  if (input.knowledgebase_mode !== undefined) cols.knowledgebase_mode = input.knowledgebase_mode;
  if (input.label_ids !== undefined) cols.label_ids = JSON.stringify(input.label_ids);
  if (input.reengagement_prompt !== undefined) cols.reengagement_prompt = input.reengagement_prompt;
  if (input.voice_mail_message !== undefined) cols.voice_mail_message = input.voice_mail_message;
  if (input.ambient_sound !== undefined) cols.ambient_sound = input.ambient_sound;
  if (input.status !== undefined) cols.status = input.status;
  if (input.inbound_webhook_url !== undefined) cols.inbound_webhook_url = input.inbound_webhook_url;
  if (input.widget_settings !== undefined) cols.widget_settings = JSON.stringify(input.widget_settings);
  return cols;
}

/** What the assistant will be once the request applies: the checks that span fields look at this. */
interface Effective {
  /** The assistant being updated; null on create. */
  selfId: number | null;
  type: string;
  mode: string;
  voiceId: number;
  phoneNumberId: number | null;
  webhookActive: boolean;
  webhookUrl: string | null;
  checkVoice: boolean;
  checkPhone: boolean;
  /** The stored language (update) when the request names none. */
  languageId: number | null;
  /** On update: the stored providers and whether the request changes the mode or the voice. */
  providers?: { synthesizer: number | null; transcriber: number | null; modeChanged: boolean; voiceChanged: boolean };
}

interface Resolved {
  language?: { id: number; name: string };
  llmModelId?: number;
  providers: ProviderChoice;
}

/**
 * The checks that need the database, each a 422 on the key the client sent, collected together: names and
 * ids from the lookups (a name and an id for the same thing must agree), a voice the caller sees and of the
 * assistant's mode, the caller's phone number (free and not Caller ID for an inbound assistant), the
 * caller's tools, and what built-in tools point at (the caller's numbers and other live assistants).
 */
async function checkReferences(trx: Tx, userId: number, input: AssistantInput, eff: Effective): Promise<Resolved> {
  const errors: FieldErrors = {};
  const resolved: Omit<Resolved, 'providers'> = {};
  const disagree = (a: string, b: string) => {
    const message = `The ${a} and ${b} fields disagree.`;
    errors[a] = [message];
    errors[b] = [message];
  };

  let byName: { id: number; name: string } | undefined;
  if (input.language !== undefined) {
    const wanted = input.language.toLowerCase();
    byName = await trx
      .selectFrom('languages')
      .select(['id', 'name'])
      .where((eb) => eb(eb.fn<string>('lower', ['name']), '=', wanted))
      .executeTakeFirst();
    if (!byName) errors.language = ['The selected language is invalid.'];
  }
  let byId: { id: number; name: string } | undefined;
  if (input.language_id !== undefined) {
    byId = await trx.selectFrom('languages').select(['id', 'name']).where('id', '=', input.language_id).executeTakeFirst();
    if (!byId) errors.language_id = ['The selected language id is invalid.'];
  }
  if (byName && byId && byName.id !== byId.id) disagree('language', 'language_id');
  else resolved.language = byName ?? byId;

  let modelByName: number | undefined;
  if (input.llm_model !== undefined) {
    const wanted = input.llm_model.toLowerCase();
    const model = await trx
      .selectFrom('llm_models')
      .select('id')
      .where((eb) => eb(eb.fn<string>('lower', ['name']), '=', wanted))
      .executeTakeFirst();
    if (model) modelByName = model.id;
    else errors.llm_model = ['The selected llm model is invalid.'];
  }
  let modelById: number | undefined;
  const modelKey = input.llm_model_id_key ?? 'llm_model_id';
  if (input.llm_model_id !== undefined) {
    const model = await trx.selectFrom('llm_models').select('id').where('id', '=', input.llm_model_id).executeTakeFirst();
    if (model) modelById = model.id;
    else errors[modelKey] = [`The selected ${attributeName([modelKey])} is invalid.`];
  }
  if (modelByName !== undefined && modelById !== undefined && modelByName !== modelById) disagree('llm_model', modelKey);
  else resolved.llmModelId = modelByName ?? modelById;

  if (input.secondary_language_ids !== undefined && input.secondary_language_ids.length > 0) {
    const wanted = [...new Set(input.secondary_language_ids)];
    const known = new Set(
      (await trx.selectFrom('languages').select('id').where('id', 'in', wanted).execute()).map((l) => l.id),
    );
    input.secondary_language_ids.forEach((languageId, i) => {
      if (!known.has(languageId)) {
        errors[`secondary_language_ids.${i}`] = [`The selected ${attributeName(['secondary_language_ids', i])} is invalid.`];
      }
    });
  }

  if (eff.checkVoice) {
    const voice = isRowId(eff.voiceId)
      ? await trx
          .selectFrom('voices')
          .select(['id', 'mode'])
          .where('id', '=', eff.voiceId)
          .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
          .executeTakeFirst()
      : undefined;
    if (!voice) errors.voice_id = ['The selected voice id is invalid.'];
    else if (voice.mode !== eff.mode) {
      errors.voice_id = [`The selected voice is a ${voice.mode} voice: a ${eff.mode} assistant needs a ${eff.mode} voice.`];
    }
  }

  if (eff.checkPhone && eff.phoneNumberId !== null) {
    const phoneId = eff.phoneNumberId;
    const phone = isRowId(phoneId)
      ? await trx
          .selectFrom('phone_numbers')
          .select(['id', 'type_label'])
          .where('id', '=', phoneId)
          .where('user_id', '=', userId)
          // Held until commit: two requests cannot both take the same number for inbound.
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    if (!phone) errors.phone_number_id = ['The selected phone number id is invalid.'];
    else if (eff.type === 'inbound') {
      if (phone.type_label === 'Caller ID') {
        errors.phone_number_id = ['A Caller ID number cannot receive calls: choose a Normal or SIP number for an inbound assistant.'];
      } else {
        let holder = trx
          .selectFrom('assistants')
          .select('id')
          .where('phone_number_id', '=', phoneId)
          .where('type', '=', 'inbound')
          .where('deleted_at', 'is', null);
        if (eff.selfId !== null) holder = holder.where('id', '<>', eff.selfId);
        if (await holder.executeTakeFirst()) {
          errors.phone_number_id = ['The phone number is already assigned to another inbound assistant.'];
        }
      }
    }
  }

  if (input.tool_ids !== undefined && input.tool_ids.length > 0) {
    const candidates = [...new Set(input.tool_ids.filter(isRowId))];
    const owned = new Set(
      candidates.length === 0
        ? []
        : (
            await trx.selectFrom('tools').select('id').where('user_id', '=', userId).where('id', 'in', candidates).execute()
          ).map((t) => t.id),
    );
    const keys = input.tool_id_keys ?? [];
    input.tool_ids.forEach((toolId, i) => {
      const key = keys[i] ?? `tool_ids.${i}`;
      if (!owned.has(toolId)) errors[key] = [`The selected ${attributeName(key.split('.'))} is invalid.`];
    });
  }

  const builtinKeys = input.builtin_tool_keys ?? [];
  for (const [i, tool] of (input.builtin_tools ?? []).entries()) {
    const key = builtinKeys[i] ?? `tools.${i}.data`;
    if (tool.type === 'warm_call_transfer') {
      const phone = await trx
        .selectFrom('phone_numbers')
        .select('id')
        .where('id', '=', tool.data.outbound_phone_id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!phone) errors[`${key}.outbound_phone_id`] = [`The selected ${attributeName([...key.split('.'), 'outbound_phone_id'])} is invalid.`];
    } else if (tool.type === 'assistant_transfer') {
      const target = await trx
        .selectFrom('assistants')
        .select('id')
        .where('id', '=', tool.data.assistant_id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const field = `${key}.assistant_id`;
      if (!target) errors[field] = [`The selected ${attributeName(field.split('.'))} is invalid.`];
      else if (target.id === eff.selfId) errors[field] = ['An assistant cannot transfer a call to itself.'];
    }
  }

  if (eff.webhookActive && !eff.webhookUrl && errors.webhook_url === undefined) {
    errors.webhook_url = [WEBHOOK_URL_REQUIRED];
  }

  const providers = await chooseProviders(
    trx,
    {
      userId,
      mode: eff.mode,
      voiceId: eff.voiceId,
      languageId: resolved.language?.id ?? eff.languageId,
      synthesizer: input.synthesizer_provider_id,
      transcriber: input.transcriber_provider_id,
      ...(eff.providers && { existing: eff.providers }),
    },
    errors,
  );

  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { ...resolved, providers };
}

async function attachTools(trx: Tx, assistantId: number, toolIds: readonly number[]): Promise<void> {
  const unique = [...new Set(toolIds)];
  if (unique.length === 0) return;
  await trx
    .insertInto('assistant_tools')
    .values(unique.map((toolId) => ({ assistant_id: assistantId, tool_id: toolId })))
    .execute();
}

/** The attached tools of several assistants, in one query: assistant id to its tools, by tool id. */
async function toolsOf(db: Db, userId: number, assistantIds: readonly number[]): Promise<Map<number, ToolRow[]>> {
  const byAssistant = new Map<number, ToolRow[]>();
  if (assistantIds.length === 0) return byAssistant;
  const rows = await db
    .selectFrom('assistant_tools as at')
    .innerJoin('tools', 'tools.id', 'at.tool_id')
    .selectAll('tools')
    .select('at.assistant_id')
    .where('at.assistant_id', 'in', [...assistantIds])
    .where('tools.user_id', '=', userId)
    .orderBy('tools.id')
    .execute();
  for (const { assistant_id, ...tool } of rows) {
    const list = byAssistant.get(assistant_id) ?? [];
    list.push(tool);
    byAssistant.set(assistant_id, list);
  }
  return byAssistant;
}

export function assistantRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  const findOwn = (userId: number, id: number) =>
    db
      .selectFrom('assistants')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();

  r.post('/assistant', async (c) => {
    const input = parseAssistantWrite(await readJson(c), 'create');
    const { assistant_name: name, calls_direction: direction, engine_type: mode, voice_id: voiceId, timezone } = input;
    // The contract has refused a create without them; this narrows the types.
    if (name === undefined || direction === undefined || mode === undefined || voiceId === undefined || timezone === undefined) {
      throw new Error('required assistant fields missing after validation');
    }
    const userId = c.var.user.id;
    const type = callsDirectionToType[direction];
    const row = await db.transaction().execute(async (trx) => {
      const resolved = await checkReferences(trx, userId, input, {
        selfId: null,
        type,
        mode,
        voiceId,
        phoneNumberId: input.phone_number_id ?? null,
        webhookActive: input.is_webhook_active ?? false,
        webhookUrl: input.webhook_url ?? null,
        checkVoice: true,
        checkPhone: true,
        languageId: null,
      });
      const language = resolved.language;
      const llmModelId = resolved.llmModelId;
      if (!language || llmModelId === undefined) throw new Error('language and llm_model are required on create');
      const ts = toDbTimestamp(now());
      const inserted = await trx
        .insertInto('assistants')
        .values({
          ...columnsFrom(input),
          user_id: userId,
          uuid: randomUUID(),
          name,
          type,
          mode,
          voice_id: voiceId,
          timezone,
          language_id: language.id,
          language: language.name,
          llm_model_id: llmModelId,
          ...resolved.providers,
          created_at: ts,
          updated_at: ts,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await attachTools(trx, inserted.id, input.tool_ids ?? []);
      return inserted;
    });
    return c.json({ message: 'Assistant created successfully', data: assistantMutationData(row) }, 201);
  });

  r.get('/assistants/get', async (c) => {
    const { per_page: perPage, page } = parseQuery(c, pageQuerySchema(10));
    const userId = c.var.user.id;
    const own = db.selectFrom('assistants').where('user_id', '=', userId).where('deleted_at', 'is', null);
    const { total } = await own.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const offset = (page - 1) * perPage;
    const rows: AssistantRow[] =
      offset >= Number(total) ? [] : await own.selectAll().orderBy('id', 'desc').limit(perPage).offset(offset).execute();
    const tools = await toolsOf(
      db,
      userId,
      rows.map((a) => a.id),
    );
    const data = rows.map((a) => assistantResource(a, tools.get(a.id) ?? []));
    return c.json(paginate(c.req.url, page, perPage, Number(total), data));
  });

  // The hosted API's plain list: every live assistant as a full record, newest first like the paginated list.
  r.get('/assistants', async (c) => {
    const userId = c.var.user.id;
    const rows = await db
      .selectFrom('assistants')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    const tools = await toolsOf(
      db,
      userId,
      rows.map((a) => a.id),
    );
    return c.json(rows.map((a) => assistantResource(a, tools.get(a.id) ?? [])));
  });

  r.get('/assistants/outbound', async (c) => {
    const rows = await db
      .selectFrom('assistants')
      .selectAll()
      .where('user_id', '=', c.var.user.id)
      .where('type', '=', 'outbound')
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    return c.json(rows.map(assistantSummary));
  });

  r.get('/assistant/:id', async (c) => {
    const id = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    const userId = c.var.user.id;
    const row = await findOwn(userId, id);
    if (!row) throw notFound(ASSISTANT_NOT_FOUND);
    const tools = await toolsOf(db, userId, [row.id]);
    return c.json(assistantResource(row, tools.get(row.id) ?? []));
  });

  r.put('/assistant/:id', async (c) => {
    const id = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    const body = await readJson(c);
    const userId = c.var.user.id;
    const row = await db.transaction().execute(async (trx) => {
      // Another user's assistant answers as a missing one, whatever the body holds.
      const existing = await trx
        .selectFrom('assistants')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!existing) throw notFound(ASSISTANT_NOT_FOUND);
      const input = parseAssistantWrite(body, 'update');
      const type = input.calls_direction !== undefined ? callsDirectionToType[input.calls_direction] : existing.type;
      const phoneNumberId = input.phone_number_id !== undefined ? input.phone_number_id : existing.phone_number_id;
      const resolved = await checkReferences(trx, userId, input, {
        selfId: existing.id,
        type,
        mode: input.engine_type ?? existing.mode,
        voiceId: input.voice_id ?? existing.voice_id,
        phoneNumberId,
        webhookActive: input.is_webhook_active ?? existing.is_webhook_active,
        webhookUrl: input.webhook_url !== undefined ? input.webhook_url : existing.webhook_url,
        // A new voice, or a new mode for the old voice.
        checkVoice: input.voice_id !== undefined || input.engine_type !== undefined,
        // A new number, or a new direction for the old number.
        checkPhone: input.phone_number_id !== undefined || input.calls_direction !== undefined,
        languageId: existing.language_id,
        providers: {
          synthesizer: existing.synthesizer_provider_id,
          transcriber: existing.transcriber_provider_id,
          modeChanged: input.engine_type !== undefined && input.engine_type !== existing.mode,
          voiceChanged: input.voice_id !== undefined && input.voice_id !== existing.voice_id,
        },
      });
      const updated = await trx
        .updateTable('assistants')
        .set({
          ...columnsFrom(input),
          ...(resolved.language && { language_id: resolved.language.id, language: resolved.language.name }),
          ...(resolved.llmModelId !== undefined && { llm_model_id: resolved.llmModelId }),
          ...resolved.providers,
          updated_at: toDbTimestamp(now()),
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (input.tool_ids !== undefined) {
        await trx.deleteFrom('assistant_tools').where('assistant_id', '=', existing.id).execute();
        await attachTools(trx, existing.id, input.tool_ids);
      }
      return updated;
    });
    return c.json({ message: 'Assistant updated successfully', data: assistantMutationData(row) });
  });

  r.delete('/assistant/:id', async (c) => {
    const id = idParam(c, 'id', ASSISTANT_NOT_FOUND);
    const userId = c.var.user.id;
    await db.transaction().execute(async (trx) => {
      const ts = toDbTimestamp(now());
      // Soft deletion: the row stays for the call log, the number is freed, the tools are detached.
      const deleted = await trx
        .updateTable('assistants')
        .set({ deleted_at: ts, updated_at: ts, phone_number_id: null })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!deleted) throw notFound(ASSISTANT_NOT_FOUND);
      await trx.deleteFrom('assistant_tools').where('assistant_id', '=', deleted.id).execute();
    });
    return c.json({ message: 'Assistant deleted successfully' });
  });

  /** Sets columns of one of the caller's live assistants; a missing or foreign one is a 404. */
  async function setOwn(userId: number, assistantId: number, cols: Updateable<AssistantsTable>): Promise<void> {
    if (!isRowId(assistantId)) throw notFound(ASSISTANT_NOT_FOUND);
    const res = await db
      .updateTable('assistants')
      .set({ ...cols, updated_at: toDbTimestamp(now()) })
      .where('id', '=', assistantId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(ASSISTANT_NOT_FOUND);
  }

  r.post('/assistants/enable-inbound-webhook', async (c) => {
    const input = await parseBody(c, inboundWebhookEnableRequest);
    await setOwn(c.var.user.id, input.assistant_id, { inbound_webhook_url: input.webhook_url });
    return c.json({ message: 'Inbound webhook enabled successfully', data: [] });
  });

  r.post('/assistants/disable-inbound-webhook', async (c) => {
    const input = await parseBody(c, assistantIdRequest);
    await setOwn(c.var.user.id, input.assistant_id, { inbound_webhook_url: null });
    return c.json({ message: 'Inbound webhook disabled successfully', data: [] });
  });

  r.post('/assistants/enable-webhook', async (c) => {
    const input = await parseBody(c, webhookEnableRequest);
    await setOwn(c.var.user.id, input.assistant_id, { is_webhook_active: true, webhook_url: input.webhook_url });
    return c.json({ message: 'Webhook enabled successfully', data: [] });
  });

  r.post('/assistants/disable-webhook', async (c) => {
    const input = await parseBody(c, assistantIdRequest);
    // The URL stays, so switching the webhook back on needs only is_webhook_active.
    await setOwn(c.var.user.id, input.assistant_id, { is_webhook_active: false });
    return c.json({ message: 'Webhook disabled successfully', data: [] });
  });

  return r;
}
