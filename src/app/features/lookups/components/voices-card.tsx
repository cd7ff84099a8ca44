import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, EmptyState, SegmentedControl } from '@mantine/core';
import { IconMicrophoneOff } from '@tabler/icons-react';
import type { Voice, VoiceMode } from '../../../../contract/lookups';
import { QueryState } from '../../../components/query-state';
import { voicesQuery } from '../api/get-voices';
import { voicesForMode } from '../lib/voice-choices';
import { FilterableTable } from './filterable-table';
import { LookupCard } from './lookup-card';

export type VoiceFilter = 'all' | VoiceMode;

const modeColors: Record<string, string> = { pipeline: 'indigo', multimodal: 'grape' };

export function VoicesCard({ filter, onFilterChange }: { filter: VoiceFilter; onFilterChange: (f: VoiceFilter) => void }) {
  const query = useQuery({ ...voicesQuery(filter === 'all' ? undefined : filter), placeholderData: keepPreviousData });
  // Under a mode filter, voices whose mode the host does not state are listed too, with "—" as their mode.
  const all = useQuery({ ...voicesQuery(), enabled: filter !== 'all' });
  const withModeless = (voices: Voice[]) => (filter === 'all' ? voices : voicesForMode(voices, all.data));
  return (
    <LookupCard
      title="Voices"
      testId="voices"
      count={query.data ? withModeless(query.data).length : undefined}
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
        isEmpty={(d) => withModeless(d).length === 0}
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
        {(voices) => (
          <FilterableTable
            rows={withModeless(voices)}
            noun="voice"
            filterLabel="Filter voices by name"
            filterPlaceholder="Filter by name"
            matches={(v, needle) => (v.name || `Voice ${v.id}`).toLowerCase().includes(needle)}
            column={{
              header: 'Mode',
              cell: (v) =>
                v.mode ? (
                  <Badge variant="light" color={modeColors[v.mode] ?? 'gray'} radius="sm" tt="none">
                    {v.mode}
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
