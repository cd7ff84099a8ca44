import { useQuery } from '@tanstack/react-query';
import { Badge, EmptyState } from '@mantine/core';
import { IconLanguageOff } from '@tabler/icons-react';
import { QueryState } from '@/components/query-state';
import { languagesQuery } from '@/api/get-languages';
import { FilterableTable } from './filterable-table';
import { LookupCard } from '@/components/lookup-card';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';

export function LanguagesCard() {
  const query = useQuery(languagesQuery());
  return (
    <LookupCard title={m.lookups_languages_title()} testId="languages" count={query.data?.length} description={m.lookups_languages_description()}>
      <QueryState
        query={query}
        errorTitle={m.lookups_languages_error()}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={<IconLanguageOff size={24} aria-hidden />} title={m.lookups_languages_empty()} description={m.lookups_languages_empty_description()} size="sm" py="md" />}
      >
        {(languages) => (
          <FilterableTable
            rows={languages}
            noMatch={(text) => m.lookups_languages_no_match({ text })}
            filterLabel={m.lookups_languages_filter()}
            filterPlaceholder={m.lookups_languages_filter_placeholder()}
            matches={(l, needle) => l.name.toLowerCase().includes(needle) || l.iso_2.toLowerCase() === needle}
            column={{
              header: m.lookups_col_code(),
              cell: (l) =>
                l.iso_2 ? (
                  <Badge variant="outline" color="gray" radius="sm">
                    {l.iso_2}
                  </Badge>
                ) : (
                  DASH
                ),
            }}
          />
        )}
      </QueryState>
    </LookupCard>
  );
}
