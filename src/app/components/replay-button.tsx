import { useRef } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import type { StartReplayRequest } from '@contract/replays';
import { useStartReplay } from '@/api/start-replay';
import { confirmAction } from '@/lib/confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/**
 * "Replay": past calls (by id, or the call log's filter) placed again against their assistant as it is now.
 * Asks first (each replay is a real call, charged as one), then opens the assistant's Replays tab on the set.
 */
export function ReplayButton({ request, label, confirm, disabled, ...props }: { request: StartReplayRequest | null; label: string; confirm: 'call' | 'filter'; disabled?: boolean } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const start = useStartReplay();
  const navigate = useNavigate();
  const busy = useRef(false);

  async function replay() {
    if (!request || busy.current) return;
    busy.current = true;
    try {
      const texts = await import('./replay-confirm-texts');
      if (!(await confirmAction({ title: texts.replayConfirmTitle(), children: texts.replayConfirmText(confirm), confirmLabel: texts.replayStartLabel() }))) return;
      const set = await start.mutateAsync(request);
      notifySuccess(m.replays_started_message({ count: formatNumber(set.pairs_total ?? 0) }), m.replays_started_title());
      if (set.assistant_id !== null) {
        void navigate({ to: '/assistants/$assistantId', params: { assistantId: String(set.assistant_id) }, search: { tab: 'replays', replay: set.id } });
      }
    } catch (e) {
      notifyError(e, m.replays_not_started());
    } finally {
      busy.current = false;
    }
  }

  return (
    <Button variant="default" leftSection={<IconPlayerTrackNext size={16} aria-hidden />} {...props} onClick={() => void replay()} loading={start.isPending} disabled={disabled || !request} data-testid="replay-button">
      {label}
    </Button>
  );
}
