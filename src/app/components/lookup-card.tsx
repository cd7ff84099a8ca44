import type { ReactNode } from 'react';
import { Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/** The frame of one lookup list: title with its count, a filter on the right, an explanation, the list. */
export function LookupCard({
  title,
  count,
  description,
  controls,
  refreshing,
  children,
  testId,
}: {
  title: string;
  count?: number | undefined;
  description?: ReactNode;
  controls?: ReactNode;
  refreshing?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} fz="lg">
              {title}
            </Title>
            {count !== undefined ? (
              <Badge variant="light" color="gray" radius="sm" aria-label={m.lookups_count_shown({ count: formatNumber(count) })}>
                {formatNumber(count)}
              </Badge>
            ) : null}
            {refreshing ? <Loader size={14} role="status" aria-label={m.lookups_refreshing()} /> : null}
          </Group>
          {controls}
        </Group>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
