import type { FormEvent, ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

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

/**
 * A form of such cards, one under the other (its footer last): checked by the form's own rules, not the
 * browser's, and asking before the page is left while `unsaved()` says so.
 */
export function CardsForm({
  label,
  onSubmit,
  unsaved,
  children,
}: {
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  unsaved: () => boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={label}>
      <UnsavedChangesGuard when={unsaved} />
      <Stack gap="lg">{children}</Stack>
    </form>
  );
}
