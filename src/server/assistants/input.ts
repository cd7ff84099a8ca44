import type { Updateable } from 'kysely';
import {
  ASSISTANT_UNKNOWN_FIELDS_ON_CREATE,
  ASSISTANT_UNKNOWN_FIELDS_ON_UPDATE,
  assistantCreateBody,
  assistantUpdateBody,
  callsDirectionToType,
  normalizeAssistantBody,
  unknownAssistantFields,
  type AssistantWrite,
} from '../../contract';
import type { AssistantsTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { parseOr422 } from '../http/validate';

/**
 * A create or update body to the one internal shape. A field the service does not know is refused by name
 * before anything else: answering "updated successfully" while part of a change was dropped would lie.
 */
export function parseAssistantWrite(body: unknown, mode: 'create' | 'update'): AssistantWrite {
  const unknown = unknownAssistantFields(body);
  if (unknown.length > 0) {
    const prefix = mode === 'create' ? ASSISTANT_UNKNOWN_FIELDS_ON_CREATE : ASSISTANT_UNKNOWN_FIELDS_ON_UPDATE;
    throw new HttpError(422, `${prefix} ${unknown.join(', ')}`);
  }
  return parseOr422(mode === 'create' ? assistantCreateBody : assistantUpdateBody, normalizeAssistantBody(body));
}

/** The columns a create or update request sets directly (references resolved by name come apart). */
export function columnsFrom(input: AssistantWrite): Updateable<AssistantsTable> {
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
  // label_ids are rows of assistant_labels (write.ts).
  if (input.folder_id !== undefined) cols.folder_id = input.folder_id;
  if (input.ringing_time !== undefined) cols.ringing_time = input.ringing_time;
  if (input.max_initial_silence_duration !== undefined) cols.max_initial_silence_duration = input.max_initial_silence_duration;
  if (input.tts_emotion_enabled !== undefined) cols.tts_emotion_enabled = input.tts_emotion_enabled;
  if (input.chat_llm_fallback_id !== undefined) cols.chat_llm_fallback_id = input.chat_llm_fallback_id;
  if (input.turn_detection_threshold !== undefined) cols.turn_detection_threshold = input.turn_detection_threshold;
  if (input.reengagement_prompt !== undefined) cols.reengagement_prompt = input.reengagement_prompt;
  if (input.voice_mail_message !== undefined) cols.voice_mail_message = input.voice_mail_message;
  if (input.ambient_sound !== undefined) cols.ambient_sound = input.ambient_sound;
  if (input.status !== undefined) cols.status = input.status;
  if (input.inbound_webhook_url !== undefined) cols.inbound_webhook_url = input.inbound_webhook_url;
  if (input.widget_settings !== undefined) cols.widget_settings = JSON.stringify(input.widget_settings);
  return cols;
}
