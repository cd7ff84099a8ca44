import type { ReactNode } from 'react';
import { Card, Group, Stack } from '@mantine/core';

/**
 * One record of a list as a phone shows it: a card with its name and lines on the left, its state or
 * actions on the right, and the rest below. `data-*` attributes (the row's test id, its record's id) go
 * on the card.
 */
export function CompactRowCard({
  main,
  aside,
  children,
  ...data
}: {
  main: ReactNode;
  aside: ReactNode;
  children: ReactNode;
  [attribute: `data-${string}`]: string | number;
}) {
  return (
    <Card withBorder padding="sm" {...data}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {main}
        </Stack>
        {aside}
      </Group>
      {children}
    </Card>
  );
}
