import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { forwardRef, useState, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_CHARS } from '@contract/conversation';
import { LengthCounter } from '@/components/length-counter';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { DictateButton } from './dictate-button';

/**
 * The message box: Enter sends, Shift+Enter breaks the line (and Enter while an input method composes
 * does neither). Disabled while a reply is pending; `onSend` answers whether the text was taken, and the
 * box empties only then. At most 2,000 characters, as the API takes. The microphone (where the browser
 * recognises speech) adds the dictated words to the box.
 */
export const MessageBox = forwardRef<HTMLTextAreaElement, { onSend: (text: string) => boolean; disabled: boolean }>(function MessageBox(
  { onSend, disabled },
  ref,
) {
  const [text, setText] = useState('');
  const tooLong = text.length > MESSAGE_MAX_CHARS;
  const empty = text.trim() === '';

  function submit() {
    if (disabled || empty || tooLong) return;
    if (onSend(text.trim())) setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <Stack gap={6}>
      <Textarea
        ref={ref}
        aria-label={m.conversations_message_label()}
        placeholder={m.conversations_message_placeholder()}
        description={m.conversations_message_hint()}
        inputWrapperOrder={['input', 'error', 'description']}
        autosize
        minRows={2}
        maxRows={6}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        error={tooLong ? m.conversations_message_too_long({ max: formatNumber(MESSAGE_MAX_CHARS) }) : undefined}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <span>{text.length > MESSAGE_MAX_CHARS * 0.8 ? <LengthCounter length={text.length} max={MESSAGE_MAX_CHARS} /> : null}</span>
        <Group gap="xs" wrap="nowrap">
          <DictateButton disabled={disabled} onText={(words) => setText((before) => (before.trim() === '' ? words : `${before.replace(/\s+$/, '')} ${words}`))} />
          <Button size="xs" rightSection={<IconSend size={14} aria-hidden />} onClick={submit} disabled={disabled || empty || tooLong}>
            {m.conversations_send()}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
});
