import { describe, expect, it } from 'vitest';
import { renderHook, act } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/api/errors';
import { applyApiErrorToForm } from './form-errors';

type Values = { name: string; post_call_schema: { name: string }[]; end_call_tool: { description: string } };

function setup() {
  return renderHook(() => {
    const form = useForm<Values>({ defaultValues: { name: '', post_call_schema: [{ name: '' }], end_call_tool: { description: '' } } });
    void form.formState.errors; // subscribe, as a form that shows its errors does
    return form;
  });
}

describe('applyApiErrorToForm', () => {
  it('puts dotted server keys on the same form paths, and the rest on root.server', () => {
    const { result } = setup();
    const error = new ApiError({
      kind: 'validation',
      status: 422,
      message: 'The name field is required. (and 3 more errors)',
      fieldErrors: {
        assistant_name: ['The assistant name field is required.'],
        'post_call_schema.0.name': ['The post call schema.0.name field is required.'],
        'end_call_tool.description': ['Too long.'],
        tool_ids: ['The selected tool ids is invalid.'],
      },
    });
    let placed = false;
    act(() => {
      placed = applyApiErrorToForm(error, result.current.setError, {
        fields: ['name', 'post_call_schema', 'end_call_tool.description'],
        rename: { assistant_name: 'name' },
      });
    });
    expect(placed).toBe(true);
    const errors = result.current.formState.errors;
    expect(errors.name?.message).toBe('The assistant name field is required.');
    expect(errors.post_call_schema?.[0]?.name?.message).toBe('The post call schema.0.name field is required.');
    expect(errors.end_call_tool?.description?.message).toBe('Too long.');
    expect(errors.root?.server?.message).toBe('The selected tool ids is invalid.');
  });

  it('an error without field errors goes to root.server in full', () => {
    const { result } = setup();
    act(() => {
      applyApiErrorToForm(new ApiError({ kind: 'http', status: 422, message: 'You have reached your plan limit of 5 mid call tools.' }), result.current.setError);
    });
    expect(result.current.formState.errors.root?.server?.message).toBe('You have reached your plan limit of 5 mid call tools.');
  });
});
