import { ActionIcon, Box, Code, CopyButton, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { m } from '@/i18n';
import { prettyJson } from '@/lib/key-values';

/** Formatted JSON with a copy button; shown as text. */
export function JsonBlock({ data, empty, label }: { data: unknown; empty: string; label: string }) {
  const text = useMemo(() => (data === null || data === undefined ? null : prettyJson(data)), [data]);
  if (text === null) {
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Box pos="relative">
      <Code block aria-label={label} tabIndex={0} style={{ maxHeight: 320, overflow: 'auto', paddingRight: 40 }}>
        {text}
      </Code>
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? m.common_copied() : m.calls_copy_json()} withArrow>
            <ActionIcon
              variant="default"
              size="sm"
              onClick={copy}
              aria-label={copied ? m.common_copied() : m.calls_copy_named({ label })}
              pos="absolute"
              top={6}
              right={6}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Box>
  );
}
