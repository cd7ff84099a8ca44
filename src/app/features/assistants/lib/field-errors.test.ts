import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { applyAssistantErrors, errorPathFor } from './field-errors';
import { emptyAssistantForm, type AssistantFormValues } from './form-schema';

function values(): AssistantFormValues {
  return {
    ...emptyAssistantForm('UTC'),
    assistant_name: 'Desk',
    post_call_schema: [
      { name: 'date', type: 'string', description: '' },
      { name: '', type: 'number', description: '' },
    ],
    variables: [
      { key: 'company', value: 'Acme' },
      { key: 'city', value: 'Berlin' },
    ],
    tool_ids: [4, 9],
  };
}

function validation(errors: Record<string, string[]>) {
  return new ApiError({ kind: 'validation', status: 422, message: 'The given data was invalid.', fieldErrors: errors, method: 'POST', path: '/user/assistant' });
}

describe('errorPathFor: the service’s keys onto the form’s fields', () => {
  const v = values();
  it.each([
    ['assistant_name', 'assistant_name'],
    ['phone_number_id', 'phone_number_id'],
    ['webhook_url', 'webhook_url'],
    ['post_call_schema.1.name', 'post_call_schema.1.name'],
    ['post_call_schema.0.type', 'post_call_schema.0.type'],
    ['post_call_schema.0.description', 'post_call_schema.0.description'],
    ['post_call_schema.1', 'post_call_schema.1.name'],
    ['post_call_schema.7.name', 'post_call_schema.root'],
    ['post_call_schema', 'post_call_schema.root'],
    ['end_call_tool.description', 'end_call_tool.description'],
    ['filler_config.question.3', 'filler_config.question'],
    ['filler_config.negative', 'filler_config.negative'],
    ['filler_config', 'filler_config.neutral'],
    ['end_call_tool', 'end_call_tool.description'],
    ['tool_ids.0', 'tool_ids'],
    ['tool_ids.1', 'tool_ids'],
    ['tool_ids', 'tool_ids'],
    ['variables.city', 'variables.1.value'],
    ['variables.unknown', 'variables.root'],
    ['variables', 'variables.root'],
  ])('%s -> %s', (key, path) => {
    expect(errorPathFor(key, v)).toBe(path);
  });

  it.each(['assistant_id', '_', 'nonsense.deep.key', 'assistant_name.x'])('%s has no field', (key) => {
    expect(errorPathFor(key, v)).toBeNull();
  });
});

describe('applyAssistantErrors', () => {
  function setup() {
    return renderHook(() => {
      const form = useForm<AssistantFormValues>({ defaultValues: values() });
      // formState is a proxy: reading errors during render subscribes to them.
      void form.formState.errors;
      return form;
    });
  }

  it('puts each message on its field, joins keys that share one, keeps the rest for above the button', () => {
    const { result } = setup();
    let placed: string[] = [];
    act(() => {
      placed = applyAssistantErrors(
        validation({
          'post_call_schema.1.name': ['The post call schema.1.name field is required.'],
          'end_call_tool.description': ['The end call tool.description field must not be greater than 500 characters.'],
          'tool_ids.0': ['The selected tool ids.0 is invalid.'],
          'tool_ids.1': ['The selected tool ids.1 is invalid.'],
          phone_number_id: ['The phone number is already assigned to another inbound assistant.'],
          'variables.city': ['The variables.city field must not be greater than 10000 characters.'],
          assistant_id: ['Something without a field.'],
        }),
        result.current.setError,
        result.current.getValues(),
      );
    });
    const errors = result.current.formState.errors;
    expect(placed).toEqual(['post_call_schema.1.name', 'end_call_tool.description', 'tool_ids', 'phone_number_id', 'variables.1.value']);
    expect(errors.post_call_schema?.[1]?.name?.message).toBe('The post call schema.1.name field is required.');
    expect(errors.end_call_tool?.description?.message).toMatch(/500 characters/);
    expect(errors.tool_ids?.message).toBe('The selected tool ids.0 is invalid. The selected tool ids.1 is invalid.');
    expect(errors.phone_number_id?.message).toBe('The phone number is already assigned to another inbound assistant.');
    expect(errors.variables?.[1]?.value?.message).toMatch(/10000 characters/);
    expect(errors.root?.server?.message).toBe('Something without a field.');
    // Nothing typed is touched.
    expect(result.current.getValues()).toEqual(values());
  });

  it('an error without field errors (a plan limit, a 500, no answer) is said above the button', () => {
    const { result } = setup();
    act(() => {
      applyAssistantErrors(
        new ApiError({ kind: 'http', status: 500, message: 'The service had an error (HTTP 500).' }),
        result.current.setError,
        result.current.getValues(),
      );
    });
    expect(result.current.formState.errors.root?.server?.message).toBe('The service had an error (HTTP 500).');
  });

  it('a failure that is not an ApiError still says something', () => {
    const { result } = setup();
    act(() => {
      applyAssistantErrors(new Error('Failed to fetch'), result.current.setError, result.current.getValues());
    });
    expect(result.current.formState.errors.root?.server?.message).toBe('Failed to fetch');
  });
});
