import { Text } from '@mantine/core';

/** "120 / 255" under a text field, red once past the limit; announced politely to screen readers. */
export function LengthCounter({ length, max }: { length: number; max: number }) {
  const over = length > max;
  return (
    <Text component="span" size="xs" c={over ? 'red.7' : 'dimmed'} fw={over ? 600 : undefined} aria-live="polite">
      {length} / {max}
      {over ? ` (${length - max} too many)` : ''}
    </Text>
  );
}
