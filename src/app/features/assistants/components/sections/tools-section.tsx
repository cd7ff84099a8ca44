import { useMemo } from 'react';
import { Anchor, Group, MultiSelect, Pill, Stack, Text, Textarea } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { ASSISTANT_BOUNDS } from '../../../../../contract';
import { LengthCounter } from '../../../../components/length-counter';
import { paths } from '../../../../lib/paths';
import type { AssistantFormValues } from '../../lib/form-schema';
import { FormSection } from '../form-section';

/** A mid-call tool as the picker needs it; the page passes the user's tools in. */
export interface ToolChoice {
  id: number;
  name: string;
  description: string;
}

export interface ToolChoices {
  tools: readonly ToolChoice[] | undefined;
  loading: boolean;
  error: string | null;
}

function ToolsPicker({ choices }: { choices: ToolChoices }) {
  const { control } = useFormContext<AssistantFormValues>();
  const {
    field: { value, onChange, onBlur, ref, name },
    fieldState,
  } = useController({ control, name: 'tool_ids' });
  const byValue = useMemo(() => new Map((choices.tools ?? []).map((t) => [String(t.id), t])), [choices.tools]);
  const data = useMemo(() => {
    const items = (choices.tools ?? []).map((t) => ({ value: String(t.id), label: t.name || `Tool ${t.id}` }));
    // An attached tool the list no longer has (deleted elsewhere) still shows, so it can be removed.
    if (choices.tools) {
      for (const id of value) {
        if (!byValue.has(String(id))) items.push({ value: String(id), label: `Tool #${id} (not found)` });
      }
    }
    return items;
  }, [choices.tools, byValue, value]);

  return (
    <MultiSelect
      label="Mid-call tools"
      description={
        <>
          HTTP endpoints the assistant may call during the conversation.{' '}
          <Anchor href={`${paths.tools}/new`} target="_blank" rel="noopener" size="xs" inline>
            Create a tool <IconExternalLink size={12} aria-hidden style={{ verticalAlign: 'middle' }} />
          </Anchor>{' '}
          (opens a new tab; the list here refreshes when you come back).
        </>
      }
      placeholder={choices.loading ? 'Loading tools…' : data.length === 0 ? 'You have no tools yet' : 'Choose tools'}
      data={data}
      value={value.map(String)}
      onChange={(v) => onChange(v.map(Number))}
      onBlur={onBlur}
      ref={ref}
      name={name}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={data.length === 0 ? 'No tools yet: create one first' : 'No tool matches'}
      error={fieldState.error?.message ?? choices.error ?? undefined}
      renderOption={({ option }) => {
        const tool = byValue.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm" ff="monospace">
              {option.label}
            </Text>
            {tool?.description ? (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {tool.description}
              </Text>
            ) : null}
          </Stack>
        );
      }}
      renderPill={({ option, onRemove, disabled }) => (
        <Pill
          withRemoveButton={!disabled}
          onRemove={onRemove}
          // Mantine hides the remove button from assistive technology and the tab order; detaching
          // a tool must not need a mouse or knowing that Backspace removes the last pill.
          removeButtonProps={{ 'aria-label': `Detach ${option.label}`, 'aria-hidden': false, tabIndex: 0 }}
        >
          {option.label}
        </Pill>
      )}
      maxDropdownHeight={280}
    />
  );
}

export function ToolsSection({ toolChoices }: { toolChoices: ToolChoices }) {
  const { control, register, formState } = useFormContext<AssistantFormValues>();
  const endCall = useWatch({ control, name: 'end_call_tool.description' });
  const max = ASSISTANT_BOUNDS.end_call_tool_description.max;
  return (
    <FormSection id="tools" title="Tools" description="What the assistant can do during the call besides talking.">
      <ToolsPicker choices={toolChoices} />
      <div>
        <Textarea
          {...register('end_call_tool.description')}
          label="End-call tool"
          description="When the assistant should hang up by itself. Leave empty to let the caller end the call."
          placeholder="End the call once the appointment is confirmed or the caller says goodbye."
          autosize
          minRows={2}
          maxRows={6}
          error={formState.errors.end_call_tool?.description?.message}
        />
        <Group justify="flex-end" mt={4}>
          <LengthCounter length={endCall.length} max={max} />
        </Group>
      </div>
    </FormSection>
  );
}
