import type { ReactNode } from 'react';
import { Card, EmptyState } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { PageHeader } from './page-header';

/** A resource page that is not built yet: its title and what it will hold. */
export function ComingSoon({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card>
        <EmptyState
          py="xl"
          icon={<IconHammer size={28} aria-hidden />}
          variant="light"
          title="Coming soon"
          description={`The ${title.toLowerCase()} page is being built. Everything else in the console works already.`}
        >
          {children}
        </EmptyState>
      </Card>
    </>
  );
}
