import type { ReactNode } from 'react';
import { Card, EmptyState } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * What a list page shows while it holds nothing yet: the list's icon, what would be here, and what to do
 * (a create button). `withBorder` when no card of the list is around it.
 */
export function EmptyList({
  icon: ListIcon,
  title,
  description,
  withBorder,
  children,
}: {
  icon: Icon;
  title: string;
  description: string;
  withBorder?: boolean;
  children: ReactNode;
}) {
  const empty = (
    <EmptyState py="xl" icon={<ListIcon size={28} aria-hidden />} variant="light" title={title} description={description}>
      {children}
    </EmptyState>
  );
  return withBorder ? <Card withBorder>{empty}</Card> : empty;
}
