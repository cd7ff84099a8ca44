import { useEffect, useRef } from 'react';
import { Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { ToolCallCard } from '@/components/tool-call/tool-call-card';
import { m } from '@/i18n';
import type { ToolItem, TranscriptItem, TranscriptLine } from '../lib/call-state';

/** A tool's arguments as the card takes them: an object as it is, a JSON text read, anything else under `value`. */
function argumentsOf(value: unknown): Record<string, unknown> {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return { value };
    }
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  return v === undefined || v === null ? {} : { value: v };
}

function ToolCard({ tool }: { tool: ToolItem }) {
  return (
    <ToolCallCard
      call={{ name: tool.name || m.webcall_tool_unnamed(), arguments: argumentsOf(tool.arguments), result: tool.result, error: tool.error, durationMs: null, pending: tool.result === undefined && tool.error === null }}
    />
  );
}

function Line({ line }: { line: TranscriptLine }) {
  const caller = line.sender === 'human';
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      maw="85%"
      ml={caller ? 'auto' : undefined}
      bg={caller ? 'var(--mantine-color-blue-light)' : undefined}
      data-testid="web-call-line"
      data-sender={line.sender}
      data-final={line.final ? 'true' : 'false'}
      data-interrupted={line.interrupted ? 'true' : undefined}
    >
      <Group gap={6} mb={2}>
        <Text size="xs" fw={600} c="dimmed">
          {caller ? m.webcall_caller() : m.webcall_assistant()}
        </Text>
        {line.interrupted ? (
          <Badge size="xs" variant="light" color="orange" tt="none">
            {m.webcall_interrupted()}
          </Badge>
        ) : null}
      </Group>
      {/* The service's words, as text. Still growing: lighter. */}
      <Text size="sm" fs={line.final ? undefined : 'italic'} c={line.final ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {line.text}
      </Text>
    </Paper>
  );
}

/** The last line that is complete, for screen readers: each is announced once, when it is final. */
function lastFinalLine(items: readonly TranscriptItem[]): TranscriptLine | null {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind === 'line' && item.final) return item;
  }
  return null;
}

/**
 * Both sides as they speak: lines grow in place (by the service's id), an interrupted line is marked, a
 * tool call is a small card. Growing lines are not read out piece by piece: a polite live region says each
 * line once it is final.
 */
export function CallTranscript({ items }: { items: readonly TranscriptItem[] }) {
  const end = useRef<HTMLDivElement>(null);
  const last = items[items.length - 1];
  const lastText = last?.kind === 'line' ? last.text : '';
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [items.length, lastText]);
  const spoken = lastFinalLine(items);

  return (
    <>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.webcall_transcript_empty()}
        </Text>
      ) : null}
      <Stack component="ol" gap="xs" aria-label={m.webcall_transcript_label()} data-testid="web-call-transcript" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item) => (
          <li key={item.key}>{item.kind === 'tool' ? <ToolCard tool={item} /> : <Line line={item} />}</li>
        ))}
      </Stack>
      <div ref={end} />
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="web-call-announce">
        {spoken ? (spoken.sender === 'human' ? m.webcall_live_caller({ text: spoken.text }) : m.webcall_live_assistant({ text: spoken.text })) : ''}
      </VisuallyHidden>
    </>
  );
}
