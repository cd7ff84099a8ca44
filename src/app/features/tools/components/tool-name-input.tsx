import { Anchor, Group, Text, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { TOOL_LIMITS } from '@contract';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { describeToolNameProblem, suggestToolName, toolNameProblem } from '../lib/tool-name';

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'value' | 'onChange' | 'size' | 'style'>;

/**
 * The tool name with its rule said up front and checked on every key: what is wrong, and a name that
 * would pass, one click away.
 */
export function ToolNameInput({
  value,
  onChange,
  error,
  inputProps,
}: {
  value: string;
  onChange: (value: string) => void;
  /** A message from validation or from the server; a name breaking the pattern shows the live hint instead. */
  error?: string;
  inputProps?: InputProps;
}) {
  const problem = toolNameProblem(value);
  const suggestion = problem && problem.kind !== 'empty' ? suggestToolName(value) : '';
  const hintId = 'tool-name-hint';
  // What is wrong with a typed name is said precisely, with a fix, also after a refused save: the
  // validation's generic "format is invalid" would replace it with less. Another error (required,
  // or the service's word on a name that passes the pattern) shows as the field's error.
  const liveProblem = value !== '' && problem !== null;

  let hint = null;
  if (liveProblem) {
    hint = (
      <Group gap={6} wrap="nowrap" align="flex-start" mt={6} id={hintId} aria-live="polite">
        <IconX size={16} color="var(--mantine-color-red-6)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="red">
          {describeToolNameProblem(problem)}
          {suggestion && suggestion !== value ? (
            <>
              {' '}
              <Anchor component="button" type="button" size="sm" onClick={() => onChange(suggestion)}>
                {m.tools_name_use({ suggestion })}
              </Anchor>
            </>
          ) : null}
        </Text>
      </Group>
    );
  } else if (value !== '' && !error) {
    hint = (
      <Group gap={6} mt={6} id={hintId} aria-live="polite">
        <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
        <Text size="sm" c="teal">
          {m.tools_name_valid()}
        </Text>
      </Group>
    );
  }

  return (
    <div>
      <TextInput
        {...inputProps}
        label={m.common_name()}
        description={m.tools_name_hint({ max: formatNumber(TOOL_LIMITS.nameMax) })}
        placeholder="check_order_status"
        required
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        // The live problem marks the field invalid; its words are the hint below.
        error={liveProblem ? (error !== undefined ? true : undefined) : error}
        autoComplete="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      {hint}
    </div>
  );
}
