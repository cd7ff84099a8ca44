import { useMemo } from 'react';
import { SimpleGrid } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { ASSISTANT_BOUNDS } from '@contract';
import { useModels } from '@/api/get-models';
import { m } from '@/i18n';
import type { AssistantFormValues } from '../../lib/form-schema';
import { ChoiceField, LongTextField, SliderField } from '../fields';
import { FormSection } from '../form-section';
import { LookupSelect } from '../lookup-select';

/** How a prompt names a variable: shown as an example, the same in every language. */
const VARIABLE_EXAMPLE = '{{customer_name}}';

function ModelField() {
  const { control } = useFormContext<AssistantFormValues>();
  const models = useModels();
  const value = useWatch({ control, name: 'llm_model' });
  const data = useMemo(() => {
    const items = (models.data ?? []).map((model) => model.name).filter(Boolean);
    if (value && !items.includes(value)) items.unshift(value);
    return [...new Set(items)];
  }, [models.data, value]);
  return (
    <LookupSelect
      name="llm_model"
      label={m.assistants_model()}
      description={m.assistants_model_description()}
      placeholder={models.isPending ? m.assistants_model_loading() : m.assistants_model_choose()}
      data={data}
      nothingFoundMessage={m.assistants_model_nothing()}
      loadError={models.isError ? m.assistants_model_load_error() : undefined}
    />
  );
}

export function ModelSection() {
  const B = ASSISTANT_BOUNDS;
  return (
    <FormSection id="model" title={m.assistants_section_model()} description={m.assistants_section_model_description()}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ModelField />
        <SliderField
          name="llm_temperature"
          label={m.assistants_temperature()}
          bounds={B.llm_temperature}
          ends={[m.assistants_temperature_low(), m.assistants_temperature_high()]}
        />
      </SimpleGrid>
      <LongTextField
        name="system_prompt"
        max={B.system_prompt.max}
        rows={[5, 18]}
        required
        label={m.assistants_system_prompt()}
        description={m.assistants_system_prompt_description({ example: VARIABLE_EXAMPLE })}
        placeholder={m.assistants_system_prompt_placeholder()}
      />
      <LongTextField name="initial_message" max={B.initial_message.max} rows={[2, 6]} label={m.assistants_initial_message()} description={m.assistants_initial_message_description()} placeholder={m.assistants_initial_message_placeholder()} />
      <ChoiceField
        name="who_speaks_first"
        label={m.assistants_who_speaks_first()}
        description={m.assistants_who_speaks_first_description()}
        data={[
          { value: 'AI assistant', label: m.assistants_speaker_assistant() },
          { value: 'Customer', label: m.assistants_speaker_customer() },
        ]}
      />
    </FormSection>
  );
}
