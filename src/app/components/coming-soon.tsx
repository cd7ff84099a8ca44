import type { ReactNode } from 'react';
import { Card, EmptyState } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { currentLocale, m } from '@/i18n';
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
          title={m.shell_coming_soon_title()}
          // English runs the page's name into the sentence ("The calls page"); German quotes it as titled.
          description={m.shell_coming_soon_description({ page: currentLocale() === 'en' ? title.toLowerCase() : title })}
        >
          {children}
        </EmptyState>
      </Card>
    </>
  );
}
