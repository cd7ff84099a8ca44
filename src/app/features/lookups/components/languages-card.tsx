import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, EmptyState, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { IconLanguageOff, IconSearch } from '@tabler/icons-react';
import { QueryState } from '../../../components/query-state';
import { languagesQuery } from '../api/get-languages';
import { LookupCard } from './lookup-card';

export function LanguagesCard() {
  const query = useQuery(languagesQuery());
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  return (
    <LookupCard title="Languages" testId="languages" count={query.data?.length} description="Languages an assistant can speak; assistants name the language.">
      <QueryState
        query={query}
        errorTitle="Could not load the languages"
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={<IconLanguageOff size={24} aria-hidden />} title="No languages" description="The service lists no languages." size="sm" py="md" />}
      >
        {(languages) => {
          const shown = needle
            ? languages.filter((l) => l.name.toLowerCase().includes(needle) || l.iso_2.toLowerCase() === needle)
            : languages;
          return (
            <>
              {languages.length > 8 ? (
                <TextInput
                  size="xs"
                  placeholder="Filter by name or code"
                  aria-label="Filter languages"
                  leftSection={<IconSearch size={14} aria-hidden />}
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                />
              ) : null}
              <ScrollArea.Autosize mah={380} type="auto">
                <Table stickyHeader>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Code</Table.Th>
                      <Table.Th ta="right">ID</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((l) => (
                      <Table.Tr key={l.id}>
                        <Table.Td>
                          <Text size="sm">{l.name || '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          {l.iso_2 ? (
                            <Badge variant="outline" color="gray" radius="sm">
                              {l.iso_2}
                            </Badge>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm" c="dimmed" ff="monospace">
                            {l.id}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {shown.length === 0 ? (
                  <Text size="sm" c="dimmed" ta="center" py="sm">
                    No language matches “{text.trim()}”.
                  </Text>
                ) : null}
              </ScrollArea.Autosize>
            </>
          );
        }}
      </QueryState>
    </LookupCard>
  );
}
