import { ActionIcon, Code, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { m } from '@/i18n';

/** Commands to run, as text, with a copy button. */
export function CommandBlock({ text, name }: { text: string; name: string }) {
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
              aria-label={copied ? m.common_copied() : m.webcall_setup_copy({ name })}
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
