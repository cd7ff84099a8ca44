import { Code, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { m } from '@/i18n';
import { prettyValue } from '@/lib/tool-call-format';

/** A labelled value (a tool's arguments, its result) as text: JSON indented, never markup. */
export function ValueBlock({ label, value, color }: { label: string; value: unknown; color?: string }) {
  const text = useMemo(() => prettyValue(value), [value]);
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      {text === '' || text === 'null' ? (
        <Text size="xs" c="dimmed">
          {m.conversations_value_empty()}
        </Text>
      ) : (
        <Code
          block
          c={color}
          // Scrolls when long: reachable with the keyboard, named for screen readers.
          tabIndex={0}
          aria-label={label}
          style={{ maxHeight: 200, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}
        >
          {text}
        </Code>
      )}
    </Stack>
  );
}
