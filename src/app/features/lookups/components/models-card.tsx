import { useQuery } from '@tanstack/react-query';
import { EmptyState, ScrollArea, Table, Text } from '@mantine/core';
import { IconBrain } from '@tabler/icons-react';
import { QueryState } from '../../../components/query-state';
import { modelsQuery } from '../api/get-models';
import { LookupCard } from './lookup-card';

export function ModelsCard() {
  const query = useQuery(modelsQuery());
  return (
    <LookupCard title="Models" testId="models" count={query.data?.length} description="LLM models an assistant can think with; assistants name the model.">
      <QueryState
        query={query}
        errorTitle="Could not load the models"
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={<IconBrain size={24} aria-hidden />} title="No models" description="The service lists no LLM models." size="sm" py="md" />}
      >
        {(models) => (
          <ScrollArea.Autosize mah={380} type="auto">
            <Table stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th ta="right">ID</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {models.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {m.name || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c="dimmed" ff="monospace">
                        {m.id}
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
