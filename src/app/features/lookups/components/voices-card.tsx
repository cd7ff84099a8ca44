import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, EmptyState, ScrollArea, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { IconMicrophoneOff, IconSearch } from '@tabler/icons-react';
import type { VoiceMode } from '../../../../contract/lookups';
import { QueryState } from '../../../components/query-state';
import { voicesQuery } from '../api/get-voices';
import { LookupCard } from './lookup-card';

export type VoiceFilter = 'all' | VoiceMode;

const modeColors: Record<string, string> = { pipeline: 'indigo', multimodal: 'grape' };

export function VoicesCard({ filter, onFilterChange }: { filter: VoiceFilter; onFilterChange: (f: VoiceFilter) => void }) {
  const query = useQuery({ ...voicesQuery(filter === 'all' ? undefined : filter), placeholderData: keepPreviousData });
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  return (
    <LookupCard
      title="Voices"
      testId="voices"
      count={query.data?.length}
      refreshing={query.isFetching && query.isPlaceholderData}
      description="Public voices and your own. An assistant's mode decides which voices it can use."
      controls={
        <SegmentedControl
          size="xs"
          aria-label="Voice mode"
          value={filter}
          onChange={(v) => onFilterChange(v as VoiceFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'pipeline', label: 'Pipeline' },
            { value: 'multimodal', label: 'Multimodal' },
          ]}
        />
      }
    >
      <QueryState
        query={query}
        errorTitle="Could not load the voices"
        isEmpty={(d) => d.length === 0}
        empty={
          <EmptyState
            icon={<IconMicrophoneOff size={24} aria-hidden />}
            title="No voices"
            description={filter === 'all' ? 'The service lists no voices.' : `No ${filter} voices.`}
            size="sm"
            py="md"
          />
        }
      >
        {(voices) => {
          const shown = needle ? voices.filter((v) => v.name.toLowerCase().includes(needle)) : voices;
          return (
            <>
              {voices.length > 8 ? (
                <TextInput
                  size="xs"
                  placeholder="Filter by name"
                  aria-label="Filter voices by name"
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
                      <Table.Th>Mode</Table.Th>
                      <Table.Th ta="right">ID</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((v) => (
                      <Table.Tr key={v.id}>
                        <Table.Td>
                          <Text size="sm">{v.name || '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          {v.mode ? (
                            <Badge variant="light" color={modeColors[v.mode] ?? 'gray'} radius="sm" tt="none">
                              {v.mode}
                            </Badge>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm" c="dimmed" ff="monospace">
                            {v.id}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {shown.length === 0 ? (
                  <Text size="sm" c="dimmed" ta="center" py="sm">
                    No voice matches “{text.trim()}”.
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
