import { useMemo } from 'react';
import { Anchor, Radio, Select, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useController, useFormContext } from 'react-hook-form';
import { KNOWLEDGEBASE_MODES } from '@contract';
import { errorMessage } from '@/api/errors';
import { useKnowledgeBases } from '@/api/get-knowledge-bases';
import { paths } from '@/lib/paths';
import { m } from '@/i18n';
import type { AssistantFormValues } from '../../lib/form-schema';

/** The select's value for "no knowledge base" (ids are digits, so it cannot be one). */
const NONE = 'none';

const MODE_LABELS: Record<(typeof KNOWLEDGEBASE_MODES)[number], () => string> = {
  none: m.knowledge_assistant_mode_none,
  prompt: m.knowledge_assistant_mode_prompt,
  function_call: m.knowledge_assistant_mode_function_call,
};

/**
 * The assistant's knowledge base (a select of the user's bases, or none) and how it uses it: `prompt`
 * puts the best passages for each customer turn into the prompt, `function_call` lets the model search
 * it. Choosing a base while the mode is "not at all" picks "when needed"; choosing none sets the mode to
 * none, so the two never disagree.
 */
export function KnowledgeFields() {
  const { control, setValue, getValues } = useFormContext<AssistantFormValues>();
  const {
    field: { value: baseId, onChange: onBaseChange, onBlur: onBaseBlur, ref: baseRef, name: baseName },
    fieldState: baseState,
  } = useController({ control, name: 'knowledgebase_id' });
  const {
    field: { value: mode, onChange: onModeChange, ref: modeRef, name: modeName },
    fieldState: modeState,
  } = useController({ control, name: 'knowledgebase_mode' });
  const bases = useKnowledgeBases();

  const data = useMemo(() => {
    const items: { value: string; label: string }[] = [{ value: NONE, label: m.knowledge_assistant_base_none() }];
    for (const b of bases.data ?? []) items.push({ value: String(b.id), label: b.name || m.knowledge_base_unnamed({ id: String(b.id) }) });
    // A base the list does not hold (deleted elsewhere, or not loaded) still shows, so it can be changed.
    const chosen = baseId;
    if (chosen !== null && bases.data && !bases.data.some((b) => b.id === chosen)) {
      items.push({ value: String(chosen), label: m.knowledge_assistant_base_missing({ id: String(chosen) }) });
    }
    return items;
  }, [bases.data, baseId]);

  function choose(value: string | null) {
    const id = value === null || value === NONE ? null : Number(value);
    onBaseChange(id);
    const currentMode = getValues('knowledgebase_mode');
    if (id === null && currentMode !== 'none') setValue('knowledgebase_mode', 'none', { shouldDirty: true, shouldValidate: true });
    if (id !== null && currentMode === 'none') setValue('knowledgebase_mode', 'function_call', { shouldDirty: true, shouldValidate: true });
  }

  return (
    <Stack gap="sm">
      <Select
        label={m.knowledge_assistant_base_label()}
        description={
          <>
            {m.knowledge_assistant_base_description()}{' '}
            <Anchor href={paths.knowledge} target="_blank" rel="noopener" size="xs" inline>
              {m.knowledge_assistant_manage()} <IconExternalLink size={12} aria-hidden style={{ verticalAlign: 'middle' }} />
            </Anchor>
          </>
        }
        placeholder={bases.isPending ? m.knowledge_assistant_base_loading() : undefined}
        data={data}
        value={baseId === null ? NONE : String(baseId)}
        onChange={choose}
        onBlur={onBaseBlur}
        ref={baseRef}
        name={baseName}
        searchable
        allowDeselect={false}
        error={baseState.error?.message ?? (bases.isError ? m.knowledge_assistant_base_load_error({ error: errorMessage(bases.error) }) : undefined)}
        data-testid="knowledge-base-select"
      />
      <Radio.Group
        label={m.knowledge_assistant_mode_label()}
        value={mode}
        onChange={(v) => onModeChange(v)}
        name={modeName}
        error={modeState.error?.message}
      >
        <Stack gap={6} mt={6}>
          {KNOWLEDGEBASE_MODES.map((value) => (
            <Radio
              key={value}
              value={value}
              label={MODE_LABELS[value]()}
              // Without a base only "not at all" makes sense.
              disabled={value !== 'none' && baseId === null}
              ref={value === mode ? modeRef : undefined}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
