import { ActionIcon, Code, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { m } from '@/i18n';

/** Commands to run, as text, with a copy button; `copyLabel` names the button for a screen reader ("Copy the Ollama commands"). */
export function CommandBlock({ text, copyLabel }: { text: string; copyLabel: string }) {
  return (
    <div style={{ position: 'relative' }}>
      <Code block style={{ paddingRight: 40, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {text}
      </Code>
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? m.common_copied() : m.common_copy()} withArrow>
            <ActionIcon
              variant="default"
              size="sm"
              onClick={copy}
              aria-label={copied ? m.common_copied() : copyLabel}
              style={{ position: 'absolute', top: 6, right: 6 }}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </div>
  );
}
