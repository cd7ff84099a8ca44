import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, EmptyState, SegmentedControl } from '@mantine/core';
import { IconMicrophoneOff } from '@tabler/icons-react';
import type { Voice, VoiceMode } from '@contract/lookups';
import { QueryState } from '@/components/query-state';
import { voicesQuery } from '@/api/get-voices';
import { voicesForMode } from '@/lib/voice-choices';
import { FilterableTable } from './filterable-table';
import { LookupCard } from '@/components/lookup-card';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';

export type VoiceFilter = 'all' | VoiceMode;

const modeColors: Record<string, string> = { pipeline: 'indigo', multimodal: 'grape' };

/** A mode as the badge says it: the known ones in the reader's language, another as sent. */
const modeLabels: Record<string, () => string> = { pipeline: m.lookups_mode_value_pipeline, multimodal: m.lookups_mode_value_multimodal };
const modeLabel = (mode: string) => (Object.hasOwn(modeLabels, mode) ? modeLabels[mode]!() : mode);

export function VoicesCard({ filter, onFilterChange }: { filter: VoiceFilter; onFilterChange: (f: VoiceFilter) => void }) {
  const query = useQuery({ ...voicesQuery(filter === 'all' ? undefined : filter), placeholderData: keepPreviousData });
  // Under a mode filter, voices whose mode the host does not state are listed too, with "—" as their mode.
  const all = useQuery({ ...voicesQuery(), enabled: filter !== 'all' });
  const withModeless = (voices: Voice[]) => (filter === 'all' ? voices : voicesForMode(voices, all.data));
  return (
    <LookupCard
      title={m.lookups_voices_title()}
      testId="voices"
      count={query.data ? withModeless(query.data).length : undefined}
      refreshing={query.isFetching && query.isPlaceholderData}
      description={m.lookups_voices_description()}
      controls={
        <SegmentedControl
          size="xs"
          aria-label={m.lookups_voice_mode()}
          value={filter}
          onChange={(v) => onFilterChange(v as VoiceFilter)}
          data={[
            { value: 'all', label: m.common_all() },
            { value: 'pipeline', label: m.lookups_mode_pipeline() },
            { value: 'multimodal', label: m.lookups_mode_multimodal() },
          ]}
        />
      }
    >
      <QueryState
        query={query}
        errorTitle={m.lookups_voices_error()}
        isEmpty={(d) => withModeless(d).length === 0}
        empty={
          <EmptyState
            icon={<IconMicrophoneOff size={24} aria-hidden />}
            title={m.lookups_voices_empty()}
            description={filter === 'all' ? m.lookups_voices_empty_all() : m.lookups_voices_empty_mode({ mode: filter })}
            size="sm"
            py="md"
          />
        }
      >
        {(voices) => (
          <FilterableTable
            rows={withModeless(voices)}
            noMatch={(text) => m.lookups_voices_no_match({ text })}
            filterLabel={m.lookups_voices_filter()}
            filterPlaceholder={m.lookups_filter_by_name()}
            matches={(v, needle) => (v.name || m.lookups_voice_fallback({ id: String(v.id) })).toLowerCase().includes(needle)}
            column={{
              header: m.lookups_col_mode(),
              cell: (v) =>
                v.mode ? (
                  <Badge variant="light" color={modeColors[v.mode] ?? 'gray'} radius="sm" tt="none">
                    {modeLabel(v.mode)}
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
