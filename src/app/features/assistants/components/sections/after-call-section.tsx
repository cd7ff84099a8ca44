import { useFormContext } from 'react-hook-form';
import { ASSISTANT_BOUNDS, POST_CALL_TYPES } from '@contract';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { emptyPostCallRow, type AssistantFormValues } from '../../lib/form-schema';
import { SwitchField } from '../switch-field';
import { FormSection } from '../form-section';
import { KeyValueRows, TypedFieldRows } from '@/components/rows-editor';

const POST_CALL_TYPE_LABELS: Record<string, () => string> = {
  string: m.assistants_post_call_type_string,
  number: m.assistants_post_call_type_number,
  bool: m.assistants_post_call_type_bool,
};

/** A post-call type in words; one the form does not offer ('boolean') shows as the service holds it. */
function postCallTypeLabel(type: string): string {
  return Object.hasOwn(POST_CALL_TYPE_LABELS, type) ? (POST_CALL_TYPE_LABELS[type]?.() ?? type) : type;
}

/** Rows of name, type and description: the data the service extracts from every finished call. */
function PostCallSchemaEditor() {
  const { control, register } = useFormContext<AssistantFormValues>();
  const B = ASSISTANT_BOUNDS.post_call_schema;
  return (
    <TypedFieldRows
      control={control}
      register={register}
      name="post_call_schema"
      heading={m.assistants_extract_heading()}
      description={m.assistants_extract_description({ max: formatNumber(B.maxRows) })}
      emptyText={m.assistants_extract_empty()}
      addLabel={m.assistants_extract_add()}
      newRow={emptyPostCallRow}
      maxRows={B.maxRows}
      types={POST_CALL_TYPES}
      typeLabel={postCallTypeLabel}
      rowTestId="post-call-row"
      words={{
        name: m.assistants_extract_name(),
        nameAria: (n) => m.assistants_extract_name_aria({ n }),
        namePlaceholder: m.assistants_extract_name_placeholder(),
        type: m.assistants_type(),
        typeAria: (n) => m.assistants_extract_type_aria({ n }),
        description: m.assistants_extract_description_label(),
        descriptionAria: (n) => m.assistants_extract_description_aria({ n }),
        descriptionPlaceholder: m.assistants_extract_description_placeholder(),
        remove: (n) => m.assistants_extract_remove({ n }),
      }}
    />
  );
}

/** How a prompt names a variable: shown as an example, the same in every language. */
const VARIABLE_EXAMPLE = '{{key}}';

/** Key/value rows: values the prompts can use as {{key}}. */
function VariablesEditor() {
  const { control, register } = useFormContext<AssistantFormValues>();
  const max = ASSISTANT_BOUNDS.variables.maxKeys;
  return (
    <KeyValueRows
      control={control}
      register={register}
      name="variables"
      keys={['key', 'value']}
      heading={m.assistants_variables()}
      description={m.assistants_variables_description({ example: VARIABLE_EXAMPLE, max: formatNumber(max) })}
      emptyText={m.assistants_variables_empty()}
      columns={[
        { label: m.assistants_variables_key(), flex: 1 },
        { label: m.assistants_variables_value(), flex: 1.4 },
      ]}
      addLabel={m.assistants_variables_add()}
      maxRows={max}
      rowTestId="variable-row"
      words={{
        keyAria: (n) => m.assistants_variables_key_aria({ n }),
        keyPlaceholder: m.assistants_variables_key_placeholder(),
        valueAria: (n) => m.assistants_variables_value_aria({ n }),
        valuePlaceholder: m.assistants_variables_value(),
        remove: (n) => m.assistants_variables_remove({ n }),
      }}
    />
  );
}

export function AfterCallSection() {
  return (
    <FormSection id="after-call" title={m.assistants_section_after_call()} description={m.assistants_section_after_call_description()}>
      <SwitchField name="post_call_evaluation" label={m.assistants_evaluate()} description={m.assistants_evaluate_description()} />
      <PostCallSchemaEditor />
      <VariablesEditor />
    </FormSection>
  );
}
