import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '@/api';
import { downloadCsv } from '@/lib/download-csv';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import type { ExportProgress } from '../api/export-calls';
import { joinParts } from '@/lib/call-format';
import type { CallsFilterParams } from '../lib/params';

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress }
  | { kind: 'done'; count: number; fileName: string }
  | { kind: 'failed'; error: unknown; loaded: number };

/**
 * CSV of every call of the current filter: all pages, a progress bar, a cancel button. `total` is the
 * filter's count as the table knows it, to say up front how big the export is.
 */
export function ExportCalls({
  filter,
  filterWords,
  total,
  disabled,
}: {
  filter: CallsFilterParams | null;
  filterWords: string[];
  total: number | null;
  disabled: boolean;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // The dialog is mounted from its first opening on (then it stays, for its closing transition): closed,
  // it was a dozen components drawn again with every page of calls the log shows.
  const [used, setUsed] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    if (!filter) return;
    const abort = new AbortController();
    controller.current = abort;
    setUsed(true);
    setPhase({ kind: 'running', progress: { loaded: 0, total, waitingFor: null } });
    let loaded = 0;
    try {
      // The paging and CSV code is only needed once someone exports: not part of the log's first visit.
      const [{ fetchAllCalls }, { buildCsv, csvFileName }] = await Promise.all([import('../api/export-calls'), import('../lib/csv')]);
      if (abort.signal.aborted) return;
      const calls = await fetchAllCalls(filter, {
        signal: abort.signal,
        onProgress: (progress) => {
          loaded = progress.loaded;
          if (!abort.signal.aborted) setPhase({ kind: 'running', progress });
        },
      });
      const fileName = csvFileName(filterWords.join(' '));
      const text = await buildCsv(calls);
      if (abort.signal.aborted) return;
      downloadCsv(fileName, text);
      setPhase({ kind: 'done', count: calls.length, fileName });
    } catch (error) {
      if (abort.signal.aborted) return;
      setPhase({ kind: 'failed', error, loaded });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setPhase({ kind: 'idle' });
  };

  const running = phase.kind === 'running' ? phase.progress : null;
  const percent = running && running.total ? Math.min(100, (running.loaded / running.total) * 100) : 0;

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        onClick={() => void start()}
        disabled={disabled || !filter || total === 0}
      >
        {m.common_export_csv()}
      </Button>
      {used && (
        <Modal
          opened={phase.kind !== 'idle'}
          onClose={cancel}
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
                <Button variant="default" onClick={cancel}>
                  {m.common_cancel()}
                </Button>
              ) : (
                <>
                  {phase.kind === 'failed' && <Button onClick={() => void start()}>{m.common_retry()}</Button>}
                  <Button variant={phase.kind === 'failed' ? 'default' : 'filled'} onClick={cancel}>
                    {m.common_close()}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
