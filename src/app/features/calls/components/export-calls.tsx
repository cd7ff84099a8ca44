import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { m } from '@/i18n';
import type { ExportProgress } from '../api/export-calls';
import type { CallsFilterParams } from '../lib/params';

/** Where an export is: shown by its dialog. */
export type ExportPhase =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress }
  | { kind: 'done'; count: number; fileName: string }
  | { kind: 'failed'; error: unknown; loaded: number };

// The dialog comes with the first export.
const ExportCallsDialog = lazy(() => import('./export-calls-dialog'));

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
  const [phase, setPhase] = useState<ExportPhase>({ kind: 'idle' });
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
      const [{ fetchAllCalls }, { buildCsv, csvFileName }, { downloadCsv }] = await Promise.all([
        import('../api/export-calls'),
        import('../lib/csv'),
        import('@/lib/download-csv'),
      ]);
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
        <Suspense fallback={null}>
          <ExportCallsDialog phase={phase} filterWords={filterWords} onCancel={cancel} onRetry={() => void start()} />
        </Suspense>
      )}
    </>
  );
}
