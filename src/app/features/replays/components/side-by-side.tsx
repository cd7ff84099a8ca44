import { Badge, Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TranscriptEntry } from '@contract/call';
import type { ReplayCall } from '@contract/replays';
import { m } from '@/i18n';

type Entries = readonly TranscriptEntry[];

const entriesOf = (call: ReplayCall | null): Entries => (call && Array.isArray(call.transcript) ? call.transcript : []);

function speaker(e: TranscriptEntry): string {
  if (e.type === 'function_call') return m.replays_speaker_tool({ name: e.name ?? '' });
  return e.sender === 'human' || e.sender === 'user' ? m.replays_speaker_customer() : m.replays_speaker_assistant();
}

function lineText(e: TranscriptEntry): string {
  if (e.type === 'function_call') return `${JSON.stringify(e.arguments ?? {})}${e.error ? ` — ${e.error}` : ''}`;
  return e.text ?? '';
}

/** One transcript as numbered lines (as the judge read them), the divergence and the judge's lines marked. */
function Column({ title, entries, divergence, cited, testId }: { title: string; entries: Entries; divergence: number | null; cited: ReadonlySet<number>; testId: string }) {
  return (
    <Stack gap={6} data-testid={testId} miw={0}>
      <Title order={4} size="h5">
        {title}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.replays_no_transcript()}
        </Text>
      ) : (
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((e, i) => {
            const diverges = i === divergence;
            return (
              <Box
                component="li"
                key={i}
                mb={4}
                data-diverges={diverges || undefined}
                data-cited={cited.has(i + 1) || undefined}
              >
                {diverges ? (
                  <Badge color="orange" variant="light" size="sm" mb={2}>
                    {m.replays_diverges_here()}
                  </Badge>
                ) : null}
                <Paper
                  withBorder
                  p={6}
                  radius="sm"
                  style={{
                    borderLeft: diverges ? '4px solid var(--mantine-color-orange-6)' : cited.has(i + 1) ? '4px solid var(--mantine-color-blue-6)' : undefined,
                    background: e.sender === 'human' || e.sender === 'user' ? 'var(--mantine-color-gray-light)' : undefined,
                  }}
                >
                  <Text size="xs" c="dimmed">
                    {i + 1}. {speaker(e)}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {lineText(e)}
                  </Text>
                </Paper>
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}

/** The original and the replay side by side (stacked on a phone), from the first point where they part. */
export function SideBySide({
  original,
  replay,
  divergence,
  lines,
}: {
  original: ReplayCall | null;
  replay: ReplayCall | null;
  divergence: { original: number | null; replay: number | null } | null;
  lines: readonly { transcript: string; line: number | null }[];
}) {
  const cited = (which: string) => new Set(lines.filter((l) => l.transcript === which && l.line !== null).map((l) => l.line as number));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Column title={m.replays_original()} entries={entriesOf(original)} divergence={divergence?.original ?? null} cited={cited('original')} testId="pair-original" />
      <Column title={m.replays_replay()} entries={entriesOf(replay)} divergence={divergence?.replay ?? null} cited={cited('replay')} testId="pair-replay" />
    </SimpleGrid>
  );
}
