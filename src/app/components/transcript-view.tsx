import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { TranscriptEntry } from '@contract/call';
import { m } from '@/i18n';
import { NOTICEABLE_MS, sinceAnswer } from '@/lib/call-latency';
import { formatCallDuration } from '@/lib/tool-call-format';
import { parseTranscript, speakerLabel, type Turn } from '@/lib/transcript';
import { ToolCallCard } from './tool-call/tool-call-card';

const SIDE_STYLE: Record<Turn['side'], { align: 'flex-start' | 'flex-end' | 'center'; bg: string }> = {
  assistant: { align: 'flex-start', bg: 'var(--mantine-color-blue-light)' },
  customer: { align: 'flex-end', bg: 'var(--mantine-color-gray-light)' },
  other: { align: 'center', bg: 'transparent' },
};

/** The model's time for an assistant turn, in words, set apart when people would notice the pause. */
function ModelTime({ ms }: { ms: number }) {
  const slow = ms > NOTICEABLE_MS;
  return (
    <Text size="xs" c={slow ? 'orange.8' : 'dimmed'} data-testid="turn-latency" data-slow={slow || undefined}>
      {slow ? m.calls_turn_model_time_slow({ duration: formatCallDuration(ms) ?? '' }) : m.calls_turn_model_time({ duration: formatCallDuration(ms) ?? '' })}
    </Text>
  );
}

function Said({ turn, time }: { turn: Turn; time: string | null }) {
  const style = SIDE_STYLE[turn.side];
  const filler = turn.kind === 'filler';
  return (
    <Paper
      px="sm"
      py={6}
      radius="md"
      withBorder={turn.side === 'other' || filler}
      maw={turn.side === 'other' ? '100%' : '85%'}
      style={{ background: filler ? 'transparent' : style.bg, borderStyle: filler ? 'dashed' : undefined }}
    >
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          {filler ? <IconHourglassLow size={12} aria-hidden /> : null}
          <Text size="xs" fw={600} c={turn.side === 'assistant' && !filler ? 'blue' : 'dimmed'}>
            {speakerLabel(turn)}
          </Text>
        </Group>
        {time && (
          <Text size="xs" c="dimmed">
            {time}
          </Text>
        )}
      </Group>
      <Text size="sm" fs={filler ? 'italic' : undefined} c={filler ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {turn.text}
      </Text>
      {turn.latencyMs !== null ? <ModelTime ms={turn.latencyMs} /> : null}
    </Paper>
  );
}

/**
 * The conversation as a timeline: the assistant on the left, the customer on the right, notes in the
 * middle; each turn with its time since the call was answered. On a call a language model played (our
 * extension) the assistant's turns carry the model's time, filler phrases are set apart, and tool calls
 * sit where they happened as cards (ToolCallCard, whose result slot takes a tool's own view).
 * Every piece of the transcript is a text node; nothing is parsed as markup.
 */
export function TranscriptView({ transcript }: { transcript: string | readonly TranscriptEntry[] | null }) {
  const turns = useMemo(() => parseTranscript(transcript), [transcript]);
  const times = useMemo(() => sinceAnswer(turns), [turns]);
  if (turns.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {m.calls_no_transcript()}
      </Text>
    );
  }
  return (
    <Stack gap="xs" role="list" aria-label={m.calls_section_transcript()} data-testid="call-timeline">
      {turns.map((turn, i) => {
        const time = times[i] ?? null;
        return (
          <Box
            key={i}
            role="listitem"
            data-side={turn.side}
            data-kind={turn.kind}
            style={{ display: 'flex', justifyContent: SIDE_STYLE[turn.side].align }}
          >
            {turn.tool ? (
              <Box w="100%">
                <ToolCallCard
                  call={turn.tool}
                  aside={
                    time ? (
                      <Text size="xs" c="dimmed">
                        {time}
                      </Text>
                    ) : null
                  }
                />
              </Box>
            ) : (
              <Said turn={turn} time={time} />
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
