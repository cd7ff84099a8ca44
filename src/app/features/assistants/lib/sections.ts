import type { AssistantFormValues } from './form-schema';

/** The form's sections, in order, and the fields each holds: the navigation counts errors by these. */
export const ASSISTANT_SECTIONS = [
  {
    id: 'basics',
    title: 'Basics',
    fields: ['assistant_name', 'calls_direction', 'engine_type', 'timezone', 'phone_number_id'],
  },
  {
    id: 'voice',
    title: 'Voice and language',
    fields: ['voice_id', 'language', 'speech_speed', 'voice_stability', 'voice_similarity'],
  },
  {
    id: 'model',
    title: 'Model and prompts',
    fields: ['llm_model', 'llm_temperature', 'system_prompt', 'initial_message', 'who_speaks_first'],
  },
  {
    id: 'conversation',
    title: 'Conversation',
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
      'record_call',
    ],
  },
  {
    id: 'after-call',
    title: 'After the call',
    fields: ['post_call_evaluation', 'post_call_schema', 'variables'],
  },
  {
    id: 'webhooks',
    title: 'Webhooks',
    fields: ['is_webhook_active', 'webhook_url', 'send_webhook_only_on_completed', 'include_recording_in_webhook'],
  },
  {
    id: 'tools',
    title: 'Tools',
    fields: ['tool_ids', 'end_call_tool'],
  },
] as const satisfies readonly { id: string; title: string; fields: readonly (keyof AssistantFormValues)[] }[];

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
