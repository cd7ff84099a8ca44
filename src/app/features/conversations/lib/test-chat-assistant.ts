/**
 * What the test chat needs of an assistant, handed in by the page that shows it (so this feature does not
 * read the assistants feature): the UUID the conversation API names it by (the integer id where a record
 * lacks one; the local service takes either), its name, and its variables with their default values.
 */
export interface TestChatAssistant {
  id: number;
  uuid: string | null;
  name: string;
  variables: Record<string, unknown>;
}

/** The assistant's variables as the form's text values (a number or a flag written out; objects as JSON). */
export function variablesToForm(variables: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables)) {
    if (value === null || value === undefined) out[name] = '';
    else if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
    else out[name] = JSON.stringify(value);
  }
  return out;
}

/** The conversation's reference to the assistant: its UUID, else its integer id. */
export function assistantReferenceOf(assistant: Pick<TestChatAssistant, 'id' | 'uuid'>): string | number {
  const uuid = assistant.uuid?.trim();
  return uuid ? uuid : assistant.id;
}
