import { emptyAssistantForm, type AssistantFormValues } from './form-schema';

/** For tests: a form a person could send, every required field chosen, in `timezone`. */
export function chosenAssistantForm(timezone: string, overrides: Partial<AssistantFormValues> = {}): AssistantFormValues {
  return {
    ...emptyAssistantForm(timezone),
    assistant_name: 'Front desk',
    voice_id: 3,
    language: 'English',
    llm_model: 'gpt-4o-mini',
    system_prompt: 'You are the receptionist.',
    ...overrides,
  };
}
