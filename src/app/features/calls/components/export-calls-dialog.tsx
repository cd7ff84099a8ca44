import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { errorMessage } from '@/api';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { joinParts } from '@/lib/call-format';
import type { ExportPhase } from './export-calls';

/**
 * The export's dialog: its progress, its end and its failure. Loaded with the first export (export-calls.tsx), so the
 * call log's first visit does not carry it.
 */
export default function ExportCallsDialog({
  phase,
  filterWords,
  onCancel,
  onRetry,
}: {
  phase: ExportPhase;
  filterWords: string[];
  onCancel: () => void;
  onRetry: () => void;
}) {
  const running = phase.kind === 'running' ? phase.progress : null;
  const percent = running && running.total ? Math.min(100, (running.loaded / running.total) * 100) : 0;
  return (
    <Modal
      opened={phase.kind !== 'idle'}
      onClose={onCancel}
      title={m.calls_export_title()}
      closeOnClickOutside={phase.kind !== 'running'}
      centered
    >
      <Stack gap="sm" data-testid="export-dialog" data-phase={phase.kind}>
        <Text size="sm" c="dimmed">
          {filterWords.length > 0 ? joinParts(filterWords) : m.calls_all_calls()}
        </Text>
        {running && (
          <>
            <Progress value={percent} animated aria-label={m.calls_export_progress_label()} />
            <Text size="sm" data-testid="export-progress">
              {running.total !== null
                ? m.calls_export_loaded_of({ loaded: formatNumber(running.loaded), total: formatNumber(running.total) })
                : m.calls_export_loaded({ loaded: formatNumber(running.loaded) })}
              {running.waitingFor ? ` · ${m.calls_export_waiting({ seconds: formatNumber(running.waitingFor) })}` : ''}
            </Text>
            {running.total !== null && running.total > 5_000 && (
              <Text size="xs" c="dimmed">
                {m.calls_export_large()}
              </Text>
            )}
          </>
        )}
        {phase.kind === 'done' && (
          <Text size="sm" data-testid="export-done">
            {m.calls_export_done({ count: formatNumber(phase.count), file: phase.fileName })}
          </Text>
        )}
        {phase.kind === 'failed' && (
          <Text size="sm" c="red" role="alert">
            {m.calls_export_failed({ count: formatNumber(phase.loaded), error: errorMessage(phase.error) })}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {running ? (
            <Button variant="default" onClick={onCancel}>
              {m.common_cancel()}
            </Button>
          ) : (
            <>
              {phase.kind === 'failed' && <Button onClick={onRetry}>{m.common_retry()}</Button>}
              <Button variant={phase.kind === 'failed' ? 'default' : 'filled'} onClick={onCancel}>
                {m.common_close()}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
