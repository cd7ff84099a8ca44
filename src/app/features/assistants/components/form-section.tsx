import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import type { AssistantSectionId } from '../lib/sections';

/** One titled part of the assistant form; its id is the target of the section navigation. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: AssistantSectionId;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      id={`section-${id}`}
      aria-labelledby={`section-${id}-title`}
      style={{ scrollMarginTop: 72, overflow: 'visible' }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={`section-${id}-title`}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
