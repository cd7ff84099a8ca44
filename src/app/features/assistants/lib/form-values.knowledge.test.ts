import { describe, expect, it } from 'vitest';
import { assistantSchema } from '@contract';
import { chosenAssistantForm } from './form-fixtures';
import { parseAssistantForm } from './form-schema';
import { assistantToForm, formToCreateRequest, formToUpdateRequest } from './form-values';

const lookups = { languages: [], models: [] };
const parsed = (values: unknown) => {
  const result = parseAssistantForm(values);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
};

describe('the assistant form’s knowledge base', () => {
  it('reads the record’s base and mode; a mode it does not know, or one without a base, reads as none', () => {
    const record = (extra: Record<string, unknown>) => assistantSchema.parse({ id: 1, name: 'A', ...extra });
    expect(assistantToForm(record({ knowledgebase_id: '4', knowledgebase_mode: 'prompt' }), lookups)).toMatchObject({ knowledgebase_id: 4, knowledgebase_mode: 'prompt' });
    expect(assistantToForm(record({ knowledgebase_id: 4, knowledgebase_mode: 'semantic' }), lookups)).toMatchObject({ knowledgebase_id: 4, knowledgebase_mode: 'none' });
    expect(assistantToForm(record({ knowledgebase_mode: 'function_call' }), lookups)).toMatchObject({ knowledgebase_id: null, knowledgebase_mode: 'none' });
  });

  it('a create sends the base and mode only when a base is chosen', () => {
    expect(formToCreateRequest(parsed(chosenAssistantForm('UTC')))).not.toHaveProperty('knowledgebase_id');
    expect(formToCreateRequest(parsed(chosenAssistantForm('UTC', { knowledgebase_id: 4, knowledgebase_mode: 'prompt' })))).toMatchObject({
      knowledgebase_id: 4,
      knowledgebase_mode: 'prompt',
    });
  });

  it('an update sends both together when either changed, and nothing of them otherwise', () => {
    const initial = chosenAssistantForm('UTC', { knowledgebase_id: 4, knowledgebase_mode: 'function_call' });
    expect(formToUpdateRequest(initial, parsed(initial))).toEqual({});
    expect(formToUpdateRequest(initial, parsed({ ...initial, knowledgebase_mode: 'prompt' }))).toEqual({ knowledgebase_id: 4, knowledgebase_mode: 'prompt' });
    expect(formToUpdateRequest(initial, parsed({ ...initial, knowledgebase_id: null, knowledgebase_mode: 'none' }))).toEqual({ knowledgebase_id: null, knowledgebase_mode: 'none' });
  });

  it('a mode other than none needs a base', () => {
    const result = parseAssistantForm(chosenAssistantForm('UTC', { knowledgebase_id: null, knowledgebase_mode: 'prompt' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['knowledgebase_id']);
  });
});
