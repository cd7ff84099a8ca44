import { useState } from 'react';
import { Button, Collapse, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconDialpad } from '@tabler/icons-react';
import { KEYPAD_KEYS, type KeypadKey } from '@contract/voice';
import { m } from '@/i18n';

/** How many of the last keys pressed are shown (the service keeps them all in the transcript). */
const SHOWN_KEYS = 16;

/**
 * A telephone keypad for the web call: each key pressed goes to the service at once (the assistant hears it
 * as a caller's keypress: a phone menu, collect_keypad). Shown on demand; the digit keys on the keyboard work
 * while it is open.
 */
export function CallKeypad({ onKey, disabled }: { onKey: (key: KeypadKey) => void; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState('');
  const press = (key: KeypadKey) => {
    if (disabled) return;
    onKey(key);
    setPressed((p) => (p + key).slice(-SHOWN_KEYS));
  };
  return (
    <div data-testid="web-call-keypad">
      <Button variant="subtle" size="xs" leftSection={<IconDialpad size={16} aria-hidden />} onClick={() => setOpen((o) => !o)} aria-expanded={open} disabled={disabled}>
        {open ? m.webcall_keypad_hide() : m.webcall_keypad()}
      </Button>
      <Collapse expanded={open && !disabled}>
        <SimpleGrid
          cols={3}
          spacing={6}
          verticalSpacing={6}
          maw={180}
          mt="xs"
          onKeyDown={(e) => {
            const key = KEYPAD_KEYS.find((k) => k === e.key);
            if (key && !(e.target instanceof HTMLButtonElement && e.key === ' ')) {
              e.preventDefault();
              press(key);
            }
          }}
        >
          {KEYPAD_KEYS.map((key) => (
            <UnstyledButton
              key={key}
              onClick={() => press(key)}
              aria-label={m.webcall_keypad_key({ key })}
              disabled={disabled}
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, padding: '6px 0', textAlign: 'center', fontFamily: 'monospace', fontSize: 18 }}
            >
              {key}
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {pressed !== '' ? (
          <Group mt={4}>
            <Text size="xs" c="dimmed" aria-live="polite" data-testid="web-call-keys">
              {m.webcall_keypad_pressed({ keys: pressed })}
            </Text>
          </Group>
        ) : null}
      </Collapse>
    </div>
  );
}
