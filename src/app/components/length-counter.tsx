import { Text } from '@mantine/core';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/** "120 / 255" under a text field, red once past the limit; announced politely to screen readers. */
export function LengthCounter({ length, max }: { length: number; max: number }) {
  const over = length > max;
  return (
    <Text component="span" size="xs" c={over ? 'red.7' : 'dimmed'} fw={over ? 600 : undefined} aria-live="polite">
      {m.shell_length_counter({ length: formatNumber(length), max: formatNumber(max) })}
      {over ? ` ${m.shell_length_over({ count: formatNumber(length - max) })}` : null}
    </Text>
  );
}
