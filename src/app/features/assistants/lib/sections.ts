import { m } from '@/i18n';
import type { AssistantFormValues } from './form-schema';

/**
 * The form's sections, in order, and the fields each holds: the navigation counts errors by these. `title`
 * is a message: call it when rendering.
 */
export const ASSISTANT_SECTIONS = [
  {
    id: 'basics',
    title: m.assistants_section_basics,
    fields: ['assistant_name', 'calls_direction', 'engine_type', 'timezone', 'phone_number_id', 'folder_id', 'label_ids'],
  },
  {
    id: 'voice',
    title: m.assistants_section_voice,
    fields: ['voice_id', 'language', 'secondary_language_ids', 'speech_speed', 'voice_stability', 'voice_similarity'],
  },
  {
    id: 'model',
    title: m.assistants_section_model,
    fields: ['llm_model', 'llm_temperature', 'system_prompt', 'initial_message', 'who_speaks_first'],
  },
  {
    id: 'conversation',
    title: m.assistants_section_conversation,
    fields: [
      'allow_interruptions',
      'use_min_interrupt_words',
      'min_interrupt_words',
      'interrupt_sensitivity',
      'endpoint_type',
      'endpoint_sensitivity',
      'max_silence_duration',
      're_engagement_interval',
      'max_call_duration',
      'end_call_on_voicemail',
      'noise_cancellation',
      'ambient_sound_volume',
      'filler_audios',
      'filler_config',
      'record_call',
    ],
  },
  {
    id: 'after-call',
    title: m.assistants_section_after_call,
    fields: ['post_call_evaluation', 'post_call_schema', 'variables'],
  },
  {
    id: 'webhooks',
    title: m.assistants_section_webhooks,
    fields: ['is_webhook_active', 'webhook_url', 'send_webhook_only_on_completed', 'include_recording_in_webhook'],
  },
  {
    id: 'tools',
    title: m.assistants_section_tools,
    fields: ['knowledgebase_id', 'knowledgebase_mode', 'tool_ids', 'end_call_tool'],
  },
] as const satisfies readonly { id: string; title: () => string; fields: readonly (keyof AssistantFormValues)[] }[];

export type AssistantSectionId = (typeof ASSISTANT_SECTIONS)[number]['id'];

/** How many of a section's fields hold an error (a list with several bad rows counts once per row). */
export function countSectionErrors(errors: Partial<Record<string, unknown>>, fields: readonly string[]): number {
  let n = 0;
  for (const f of fields) {
    const e = errors[f];
    if (!e) continue;
    if (Array.isArray(e)) n += e.filter(Boolean).length || 1;
    else if (typeof e === 'object' && e !== null && !('message' in e) && !('type' in e)) {
      // A nested group (end_call_tool) or a field array's root error.
      n += Object.values(e).filter(Boolean).length || 1;
    } else n += 1;
  }
  return n;
}
