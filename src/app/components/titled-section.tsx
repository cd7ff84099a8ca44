import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';

/** A part of a record's detail (a call, a webhook delivery), named by its small heading. */
export function TitledSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
