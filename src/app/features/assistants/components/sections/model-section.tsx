import { useMemo } from 'react';
import { Group, Select, SimpleGrid, Textarea } from '@mantine/core';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { ASSISTANT_BOUNDS } from '../../../../../contract';
import { LengthCounter } from '../../../../components/length-counter';
import { useModels } from '../../../lookups/api';
import type { AssistantFormValues } from '../../lib/form-schema';
import { ChoiceField, SliderField } from '../fields';
import { FormSection } from '../form-section';

function ModelField() {
  const { control } = useFormContext<AssistantFormValues>();
  const models = useModels();
  const {
    field: { value, onChange, onBlur, ref, name },
    fieldState,
  } = useController({ control, name: 'llm_model' });
  const data = useMemo(() => {
    const items = (models.data ?? []).map((m) => m.name).filter(Boolean);
    if (value && !items.includes(value)) items.unshift(value);
    return [...new Set(items)];
  }, [models.data, value]);
  return (
    <Select
      label="LLM model"
      description="The model that thinks up the answers."
      placeholder={models.isPending ? 'Loading models…' : 'Choose a model'}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      ref={ref}
      name={name}
      searchable
      required
      allowDeselect={false}
      nothingFoundMessage="No model matches"
      error={fieldState.error?.message ?? (models.isError ? 'The models could not be loaded.' : undefined)}
    />
  );
}

export function ModelSection() {
  const B = ASSISTANT_BOUNDS;
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const systemPrompt = useWatch({ control, name: 'system_prompt' });
  const initialMessage = useWatch({ control, name: 'initial_message' });
  return (
    <FormSection id="model" title="Model and prompts" description="What the assistant knows, and how it opens the call.">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ModelField />
        <SliderField
          name="llm_temperature"
          label="Temperature"
          bounds={B.llm_temperature}
          lowLabel="predictable"
          highLabel="creative"
        />
      </SimpleGrid>
      <div>
        <Textarea
          {...register('system_prompt')}
          label="System prompt"
          description="Who the assistant is, what it must do and must not do. Variables such as {{customer_name}} are filled in per call."
          placeholder="You are the friendly receptionist of…"
          required
          autosize
          minRows={5}
          maxRows={18}
          error={formState.errors.system_prompt?.message}
        />
        <Group justify="flex-end" mt={4}>
          <LengthCounter length={systemPrompt.length} max={B.system_prompt.max} />
        </Group>
      </div>
      <div>
        <Textarea
          {...register('initial_message')}
          label="Initial message"
          description="The first sentence the assistant says, when it speaks first."
          placeholder="Hello, this is Anna from…"
          autosize
          minRows={2}
          maxRows={6}
          error={formState.errors.initial_message?.message}
        />
        <Group justify="flex-end" mt={4}>
          <LengthCounter length={initialMessage.length} max={B.initial_message.max} />
        </Group>
      </div>
      <ChoiceField
        name="who_speaks_first"
        label="Who speaks first"
        description="On an outbound call the assistant usually opens; on an inbound one it may wait for the caller."
        data={[
          { value: 'AI assistant', label: 'The assistant' },
          { value: 'Customer', label: 'The customer' },
        ]}
      />
    </FormSection>
  );
}
