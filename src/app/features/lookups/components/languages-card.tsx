import { useQuery } from '@tanstack/react-query';
import { Badge, EmptyState } from '@mantine/core';
import { IconLanguageOff } from '@tabler/icons-react';
import { QueryState } from '../../../components/query-state';
import { languagesQuery } from '../api/get-languages';
import { FilterableTable } from './filterable-table';
import { LookupCard } from './lookup-card';

export function LanguagesCard() {
  const query = useQuery(languagesQuery());
  return (
    <LookupCard title="Languages" testId="languages" count={query.data?.length} description="Languages an assistant can speak; assistants name the language.">
      <QueryState
        query={query}
        errorTitle="Could not load the languages"
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={<IconLanguageOff size={24} aria-hidden />} title="No languages" description="The service lists no languages." size="sm" py="md" />}
      >
        {(languages) => (
          <FilterableTable
            rows={languages}
            noun="language"
            filterLabel="Filter languages"
            filterPlaceholder="Filter by name or code"
            matches={(l, needle) => l.name.toLowerCase().includes(needle) || l.iso_2.toLowerCase() === needle}
            column={{
              header: 'Code',
              cell: (l) =>
                l.iso_2 ? (
                  <Badge variant="outline" color="gray" radius="sm">
                    {l.iso_2}
                  </Badge>
                ) : (
                  '—'
                ),
            }}
          />
        )}
      </QueryState>
    </LookupCard>
  );
}
