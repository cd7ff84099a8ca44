import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { TranscriptEntry } from '@contract/call';
import { m } from '@/i18n';
import { formatTurnTime, parseTranscript, speakerLabel, type Turn } from '@/lib/transcript';

const SIDE_STYLE: Record<Turn['side'], { align: 'flex-start' | 'flex-end' | 'center'; bg: string }> = {
  assistant: { align: 'flex-start', bg: 'var(--mantine-color-blue-light)' },
  customer: { align: 'flex-end', bg: 'var(--mantine-color-gray-light)' },
  other: { align: 'center', bg: 'transparent' },
};

/**
 * The conversation: the assistant on the left, the customer on the right, notes in the middle.
 * Every piece of the transcript is a text node; nothing is parsed as markup.
 */
export function TranscriptView({ transcript }: { transcript: string | readonly TranscriptEntry[] | null }) {
  const turns = useMemo(() => parseTranscript(transcript), [transcript]);
  if (turns.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {m.calls_no_transcript()}
      </Text>
    );
  }
  return (
    <Stack gap="xs" role="list" aria-label={m.calls_section_transcript()}>
      {turns.map((turn, i) => {
        const style = SIDE_STYLE[turn.side];
        const time = formatTurnTime(turn.timestamp);
        return (
          <Box key={i} role="listitem" data-side={turn.side} style={{ display: 'flex', justifyContent: style.align }}>
            <Paper
              px="sm"
              py={6}
              radius="md"
              withBorder={turn.side === 'other'}
              maw={turn.side === 'other' ? '100%' : '85%'}
              style={{ background: style.bg }}
            >
              <Group gap={6} justify="space-between" wrap="nowrap">
                <Text size="xs" fw={600} c={turn.side === 'assistant' ? 'blue' : 'dimmed'}>
                  {speakerLabel(turn)}
                </Text>
                {time && (
                  <Text size="xs" c="dimmed">
                    {time}
                  </Text>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {turn.text}
              </Text>
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}
