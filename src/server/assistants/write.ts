import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { callsDirectionToType, type AssistantWrite } from '../../contract';
import type { Db } from '../db/connect';
import type { AssistantRow, Database } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { setAssistantLabels } from '../folders/assistant-groups';
import { notFound } from '../http/errors';
import { columnsFrom, parseAssistantWrite } from './input';
import { ASSISTANT_NOT_FOUND, liveAssistantsOf } from './read';
import { checkReferences } from './references';

async function attachTools(trx: Transaction<Database>, assistantId: number, toolIds: readonly number[]): Promise<void> {
  const unique = [...new Set(toolIds)];
  if (unique.length === 0) return;
  await trx
    .insertInto('assistant_tools')
    .values(unique.map((toolId) => ({ assistant_id: assistantId, tool_id: toolId })))
    .execute();
}

/** Creates an assistant of `userId` from a parsed create body, with its references checked and its tools attached. */
export async function createAssistant(db: Db, now: () => Date, userId: number, input: AssistantWrite): Promise<AssistantRow> {
  const { assistant_name: name, calls_direction: direction, engine_type: mode, voice_id: voiceId, timezone } = input;
  // The contract has refused a create without them; this narrows the types.
  if (name === undefined || direction === undefined || mode === undefined || voiceId === undefined || timezone === undefined) {
    throw new Error('required assistant fields missing after validation');
  }
  const type = callsDirectionToType[direction];
  return db.transaction().execute(async (trx) => {
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
    if (input.label_ids !== undefined) await setAssistantLabels(trx, inserted.id, input.label_ids);
    return inserted;
  });
}

/**
 * Applies an update body to one of the caller's live assistants. The body is parsed only once the assistant
 * is found: another user's assistant answers as a missing one, whatever the body holds.
 */
export async function updateAssistant(db: Db, now: () => Date, userId: number, id: number, body: unknown): Promise<AssistantRow> {
  return db.transaction().execute(async (trx) => {
    const existing = await liveAssistantsOf(trx, userId).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
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
    // `label_ids` replaces every label, `[]` takes them all off; left out, they stay.
    if (input.label_ids !== undefined) await setAssistantLabels(trx, existing.id, input.label_ids);
    return updated;
  });
}

/** Soft deletion: the row stays for the call log, the number is freed, the tools are detached. */
export async function deleteAssistant(db: Db, now: () => Date, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ts = toDbTimestamp(now());
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
}
