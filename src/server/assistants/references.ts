import type { Transaction } from 'kysely';
import { attributeName, PG_INT_MAX, type AssistantWrite, type FieldErrors } from '../../contract';
import type { Database } from '../db/schema';
import { ValidationError } from '../http/errors';
import { checkGroupReferences } from '../folders/assistant-groups';
import { checkKnowledgeReference } from '../knowledge/assistant-reference';
import { chooseProviders, type ProviderChoice } from './providers';
import { liveAssistantsOf } from './read';

export const WEBHOOK_URL_REQUIRED = 'The webhook url field is required when is webhook active is true.';

/** Ids the database's `integer` columns can hold; anything else names no row (and must not reach SQL). */
export const isRowId = (n: number) => Number.isInteger(n) && n >= 1 && n <= PG_INT_MAX;

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
export async function checkReferences(trx: Transaction<Database>, userId: number, input: AssistantWrite, eff: Effective): Promise<Resolved> {
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

  // A model from the lookups, kept as the chat fallback (not acted on).
  const fallbackId = input.chat_llm_fallback_id;
  if (fallbackId !== undefined && fallbackId !== null) {
    const model = await trx.selectFrom('llm_models').select('id').where('id', '=', fallbackId).executeTakeFirst();
    if (!model) errors.chat_llm_fallback_id = ['The selected chat llm fallback id is invalid.'];
  }

  await checkGroupReferences(trx, userId, input, errors);
  await checkKnowledgeReference(trx, userId, input, errors);

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
      const target = await liveAssistantsOf(trx, userId).select('id').where('id', '=', tool.data.assistant_id).executeTakeFirst();
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
