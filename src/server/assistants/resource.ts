import type { AssistantRow, BuiltinToolItem, ToolRow } from '../db/schema';
import { isoMicros, isoMicrosOrNull } from '../db/time';
import { toolResource } from '../tools/resource';

export type ToolResource = ReturnType<typeof toolResource>;
export interface EndCallToolItem {
  type: 'end_call';
  data: { description: string };
}
export type AssistantToolResource = ToolResource | EndCallToolItem | BuiltinToolItem;

/**
 * An assistant's `tools`: the attached mid-call tools as full tool records, then the built-in
 * end-call tool when the assistant has a description for it, then the other built-in tools as sent.
 */
export function assistantTools(row: AssistantRow, attached: readonly ToolRow[]): AssistantToolResource[] {
  const items: AssistantToolResource[] = attached.map(toolResource);
  if (row.end_call_tool_description) {
    items.push({ type: 'end_call', data: { description: row.end_call_tool_description } });
  }
  items.push(...row.builtin_tools);
  return items;
}

/**
 * The Assistant record, every field of the spec's table in its order. Numeric columns come from the
 * database as text ("0.30"): the four tunings and ambient_sound_volume stay strings as the spec says,
 * the two sensitivities become numbers. Integers 1/0 for fillers and end_call_on_voicemail.
 */
export function assistantResource(row: AssistantRow, attached: readonly ToolRow[], labelIds: readonly number[]) {
  return {
    id: row.id,
    user_id: row.user_id,
    phone_number_id: row.phone_number_id,
    engine_id: null,
    synthesizer_id: null,
    transcriber_id: null,
    voice_id: row.voice_id,
    instance_id: 1,
    name: row.name,
    variables: row.variables,
    post_call_evaluation: row.post_call_evaluation,
    fillers: row.fillers ? 1 : 0,
    post_call_schema: row.post_call_schema,
    tools: assistantTools(row, attached),
    is_webhook_active: row.is_webhook_active,
    webhook_url: row.webhook_url,
    inbound_webhook_url: row.inbound_webhook_url,
    language: row.language,
    type: row.type,
    status: row.status,
    max_duration: row.max_duration,
    record: row.record,
    initial_message: row.initial_message,
    system_prompt: row.system_prompt,
    flows_platform_id: null,
    timezone: row.timezone,
    created_at: isoMicros(row.created_at),
    updated_at: isoMicros(row.updated_at),
    max_silence_duration: row.max_silence_duration,
    reengagement_interval: row.reengagement_interval,
    deleted_at: isoMicrosOrNull(row.deleted_at),
    end_call_on_voicemail: row.end_call_on_voicemail ? 1 : 0,
    llm_temperature: row.llm_temperature,
    voice_stability: row.voice_stability,
    voice_similarity: row.voice_similarity,
    speech_speed: row.speech_speed,
    allow_interruptions: row.allow_interruptions,
    enable_noise_cancellation: row.enable_noise_cancellation,
    endpoint_sensitivity: Number(row.endpoint_sensitivity),
    interrupt_sensitivity: Number(row.interrupt_sensitivity),
    endpoint_type: row.endpoint_type,
    wait_for_customer: row.wait_for_customer,
    mode: row.mode,
    language_id: row.language_id,
    transcriber_provider_id: row.transcriber_provider_id,
    synthesizer_provider_id: row.synthesizer_provider_id,
    llm_model_id: row.llm_model_id,
    // One model serves a multimodal assistant: its id shows in both places.
    multimodal_model_id: row.mode === 'multimodal' ? row.llm_model_id : null,
    ambient_sound: row.ambient_sound,
    ambient_sound_volume: row.ambient_sound_volume,
    uuid: row.uuid,
    send_webhook_only_on_completed: row.send_webhook_only_on_completed,
    include_recording_in_webhook: row.include_recording_in_webhook,
    filler_config: row.filler_config,
    knowledgebase_id: row.knowledgebase_id,
    knowledgebase_mode: row.knowledgebase_mode,
    min_interrupt_words: row.min_interrupt_words,
    widget_settings: row.widget_settings,
    // The hosted API's newer fields: kept and returned, not acted on.
    secondary_language_ids: row.secondary_language_ids,
    label_ids: [...labelIds],
    folder_id: row.folder_id,
    // Kept and returned, not acted on (README: Assistants).
    ringing_time: row.ringing_time,
    max_initial_silence_duration: row.max_initial_silence_duration,
    tts_emotion_enabled: row.tts_emotion_enabled,
    chat_llm_fallback_id: row.chat_llm_fallback_id,
    turn_detection_threshold: row.turn_detection_threshold === null ? null : Number(row.turn_detection_threshold),
    reengagement_prompt: row.reengagement_prompt,
    voice_mail_message: row.voice_mail_message,
  };
}
export type AssistantResource = ReturnType<typeof assistantResource>;

/** The Assistant summary record of GET /user/assistants/outbound. */
export function assistantSummary(row: AssistantRow) {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    initial_message: row.initial_message,
    system_prompt: row.system_prompt,
    timezone: row.timezone,
    type: row.type,
    mode: row.mode,
    status: row.status,
    voice_id: row.voice_id,
    language_id: row.language_id,
    variables: row.variables,
    webhook_url: row.webhook_url,
    is_webhook_active: row.is_webhook_active,
    created_at: isoMicros(row.created_at),
    updated_at: isoMicros(row.updated_at),
  };
}

/** `data` of the create and update answers. */
export function assistantMutationData(row: Pick<AssistantRow, 'id' | 'name' | 'status' | 'type' | 'mode'>) {
  return { id: row.id, name: row.name, status: row.status, type: row.type, mode: row.mode };
}
