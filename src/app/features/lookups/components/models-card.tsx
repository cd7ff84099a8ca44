import { useQuery } from '@tanstack/react-query';
import { EmptyState, ScrollArea, Table, Text } from '@mantine/core';
import { IconBrain } from '@tabler/icons-react';
import { QueryState } from '@/components/query-state';
import { modelsQuery } from '@/api/get-models';
import { LookupCard } from '@/components/lookup-card';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';

export function ModelsCard() {
  const query = useQuery(modelsQuery());
  return (
    <LookupCard title={m.lookups_models_title()} testId="models" count={query.data?.length} description={m.lookups_models_description()}>
      <QueryState
        query={query}
        errorTitle={m.lookups_models_error()}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={<IconBrain size={24} aria-hidden />} title={m.lookups_models_empty()} description={m.lookups_models_empty_description()} size="sm" py="md" />}
      >
        {(models) => (
          <ScrollArea.Autosize mah={380} type="auto" viewportProps={{ tabIndex: 0 }}>
            <Table stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.common_name()}</Table.Th>
                  <Table.Th ta="right">ID</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {models.map((model) => (
                  <Table.Tr key={model.id}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {model.name || DASH}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c="dimmed" ff="monospace">
                        {model.id}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </QueryState>
    </LookupCard>
  );
}
