import { useEffect, useRef } from 'react';
import { Badge, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ExpectationResult, Expectation } from '@contract/suites';
import type { TranscriptEntry } from '@contract/call';
import { callQueryOptions } from '@/api/get-call';
import { AnchorLink } from '@/components/links';
import { QueryState } from '@/components/query-state';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { expectationText } from '../lib/labels';

export interface EvidenceTarget {
  expectation: Expectation | null;
  result: ExpectationResult | null;
  callId: number | null;
  repetition: number | null;
  scenarioName: string;
  /** Why the repetition could not run (no call), when it could not. */
  error: string | null;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v, null, 2) ?? '');

/** One line of the call's transcript: who said what, or which tool was called with what and what came back. */
function EntryLine({ entry, index, marked }: { entry: TranscriptEntry; index: number; marked: boolean }) {
  const loose = entry as Record<string, unknown>;
  const isTool = entry.type === 'function_call';
  const who = isTool ? m.suites_entry_tool({ name: asText(loose.name ?? '') }) : entry.sender === 'human' ? m.suites_entry_customer() : entry.type === 'filler' ? m.suites_entry_filler() : m.suites_entry_assistant();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The moment the evidence points at: brought into view and focused, so a screen reader starts there.
    if (marked) {
      ref.current?.scrollIntoView({ block: 'center' });
      ref.current?.focus();
    }
  }, [marked]);
  return (
    <Paper
      ref={ref}
      id={`suite-entry-${index}`}
      role="listitem"
      tabIndex={marked ? -1 : undefined}
      aria-current={marked ? 'true' : undefined}
      data-testid="evidence-entry"
      data-marked={marked || undefined}
      withBorder
      px="sm"
      py={6}
      style={marked ? { borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2, background: 'var(--mantine-color-orange-light)' } : undefined}
    >
      <Group gap="xs" wrap="nowrap" align="baseline">
        <Text size="xs" c="dimmed" w={28} ta="right">
          {formatNumber(index + 1)}
        </Text>
        <Text size="xs" fw={600}>
          {who}
        </Text>
        {marked ? (
          <Badge size="xs" color="orange" variant="filled">
            {m.suites_evidence_here()}
          </Badge>
        ) : null}
      </Group>
      {isTool ? (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.suites_entry_tool_call({ args: asText(loose.arguments ?? {}), result: loose.error ? asText(loose.error) : asText(loose.result ?? null) })}
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {entry.text ?? ''}
        </Text>
      )}
    </Paper>
  );
}

function Transcript({ callId, entry }: { callId: number; entry: number | null }) {
  const query = useQuery(callQueryOptions(callId));
  return (
    <QueryState query={query} loadingText={m.suites_transcript_loading()} errorTitle={m.suites_transcript_error()}>
      {(call) => {
        const entries = Array.isArray(call.transcript) ? call.transcript : [];
        if (entries.length === 0) return <Text c="dimmed">{m.suites_transcript_empty()}</Text>;
        return (
          <Stack gap={6} role="list" aria-label={m.suites_transcript_title()}>
            {entries.map((e, i) => (
              <EntryLine key={i} entry={e} index={i} marked={i === entry} />
            ))}
          </Stack>
        );
      }}
    </QueryState>
  );
}

/** What one repetition showed for one expectation: the verdict, the evidence, and the call's transcript at that moment. */
export function EvidenceDrawer({ target, onClose }: { target: EvidenceTarget | null; onClose: () => void }) {
  const result = target?.result ?? null;
  const entry = result?.evidence?.entry ?? null;
  const value = result?.evidence?.value;
  return (
    <Drawer opened={target !== null} onClose={onClose} position="right" size="lg" title={m.suites_evidence_title()} data-testid="evidence-drawer">
      {target ? (
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {m.suites_evidence_of({ scenario: target.scenarioName, repetition: formatNumber(target.repetition ?? 0) })}
            </Text>
            <Title order={3} size="h5">
              {expectationText(target.expectation)}
            </Title>
          </div>
          {result ? (
            <Stack gap={4}>
              <Group gap="xs">
                <Badge color={result.pass ? 'green' : 'red'} variant="light">
                  {result.pass ? m.suites_passed() : m.suites_failed()}
                </Badge>
              </Group>
              <Text size="sm" data-testid="evidence-detail">
                {result.evidence?.detail ?? ''}
              </Text>
              {result.evidence?.reason ? (
                <Text size="sm" data-testid="evidence-reason">
                  {m.suites_evidence_reason({ reason: result.evidence.reason })}
                </Text>
              ) : null}
              {value !== undefined && value !== null ? (
                <Text size="xs" ff="monospace" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {asText(value)}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c="red">
              {target.error ?? m.suites_not_checked()}
            </Text>
          )}
          {target.callId !== null ? (
            <>
              <Group justify="space-between">
                <Title order={4} size="h6">
                  {m.suites_transcript_title()}
                </Title>
                <AnchorLink to="/calls/$callId" params={{ callId: target.callId }} size="sm">
                  {m.suites_open_call({ id: formatNumber(target.callId, { useGrouping: false }) })}
                </AnchorLink>
              </Group>
              {entry === null ? (
                <Text size="xs" c="dimmed">
                  {m.suites_evidence_no_moment()}
                </Text>
              ) : null}
              <Transcript callId={target.callId} entry={entry} />
            </>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
