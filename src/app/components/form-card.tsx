import type { ReactNode } from 'react';
import { Card, Text, Title } from '@mantine/core';

/** A titled part of a form (the lead and campaign forms): a bordered card with a heading and a line of help. */
export function FormCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb={description ? 4 : 'sm'}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}
