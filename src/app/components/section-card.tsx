import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title, type GroupProps } from '@mantine/core';

/**
 * A card that is a section of its page, named by its heading (`id` is the heading's), with a line of help
 * under the heading and, beside it, what acts on the whole card (a state badge, a filter).
 */
export function SectionCard({
  id,
  title,
  description,
  aside,
  headerProps,
  children,
  outside,
}: {
  id: string;
  title: string;
  description: ReactNode;
  aside?: ReactNode;
  /** How the heading and `aside` share the row. */
  headerProps?: GroupProps;
  children: ReactNode;
  /** In the card but after its stacked content (a drawer the card opens). */
  outside?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" {...headerProps}>
          <div>
            <Title order={2} size="h4" id={id}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          {aside}
        </Group>
        {children}
      </Stack>
      {outside}
    </Card>
  );
}
