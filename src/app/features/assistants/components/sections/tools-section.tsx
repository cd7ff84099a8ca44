import { useMemo } from 'react';
import { Anchor, MultiSelect, Pill, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { ASSISTANT_BOUNDS } from '@contract';
import { paths } from '@/lib/paths';
import { m } from '@/i18n';
import { LongTextField, useIdListSelect } from '../fields';
import { FormSection } from '../form-section';
import { KnowledgeFields } from './knowledge-fields';

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
  const { ids: value, props: idProps, fieldState } = useIdListSelect('tool_ids');
  const byValue = useMemo(() => new Map((choices.tools ?? []).map((t) => [String(t.id), t])), [choices.tools]);
  const data = useMemo(() => {
    const items = (choices.tools ?? []).map((t) => ({ value: String(t.id), label: t.name || m.assistants_tool_unnamed({ id: String(t.id) }) }));
    // An attached tool the list no longer has (deleted elsewhere) still shows, so it can be removed.
    if (choices.tools) {
      for (const id of value) {
        if (!byValue.has(String(id))) items.push({ value: String(id), label: m.assistants_tool_not_found({ id: String(id) }) });
      }
    }
    return items;
  }, [choices.tools, byValue, value]);

  return (
    <MultiSelect
      label={m.assistants_tools_label()}
      description={
        <>
          {m.assistants_tools_description()}{' '}
          <Anchor href={`${paths.tools}/new`} target="_blank" rel="noopener" size="xs" inline>
            {m.assistants_tools_create()} <IconExternalLink size={12} aria-hidden style={{ verticalAlign: 'middle' }} />
          </Anchor>{' '}
          {m.assistants_tools_new_tab()}
        </>
      }
      placeholder={
        choices.loading ? m.assistants_tools_loading() : data.length === 0 ? m.assistants_tools_none() : m.assistants_tools_choose()
      }
      data={data}
      {...idProps}
      nothingFoundMessage={data.length === 0 ? m.assistants_tools_none_create() : m.assistants_tools_nothing()}
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
          removeButtonProps={{ 'aria-label': m.assistants_tools_detach({ name: option.label }), 'aria-hidden': false, tabIndex: 0 }}
        >
          {option.label}
        </Pill>
      )}
      maxDropdownHeight={280}
    />
  );
}

export function ToolsSection({ toolChoices }: { toolChoices: ToolChoices }) {
  return (
    <FormSection id="tools" title={m.assistants_section_tools()} description={m.assistants_section_tools_description()}>
      <KnowledgeFields />
      <ToolsPicker choices={toolChoices} />
      <LongTextField
        name="end_call_tool.description"
        max={ASSISTANT_BOUNDS.end_call_tool_description.max}
        rows={[2, 6]}
        label={m.assistants_end_call_tool()}
        description={m.assistants_end_call_tool_description()}
        placeholder={m.assistants_end_call_tool_placeholder()}
      />
    </FormSection>
  );
}
