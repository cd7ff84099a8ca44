import { Badge, Tooltip } from '@mantine/core';
import { m } from '@/i18n';
import { useLiveStatus } from './live-context';
import type { StreamState } from './event-stream';

const EXPLAIN: Record<StreamState, () => string> = {
  live: m.live_explain_live,
  connecting: m.live_explain_connecting,
  down: m.live_explain_down,
  unsupported: m.live_explain_unsupported,
  stopped: m.live_explain_stopped,
};

/** "Live" or "Polling" in the header, with why in a tooltip. `visibleFrom`: the phone header has no room; the navigation shows it there. */
export function LiveIndicator({ visibleFrom, hiddenFrom }: { visibleFrom?: 'sm'; hiddenFrom?: 'sm' }) {
  const { mode, stream } = useLiveStatus();
  const live = mode === 'live';
  return (
    <Tooltip label={EXPLAIN[stream]()} multiline w={260}>
      <Badge
        variant="dot"
        color={live ? 'green' : stream === 'down' ? 'orange' : 'gray'}
        size="md"
        radius="sm"
        tt="none"
        fw={500}
        visibleFrom={visibleFrom}
        hiddenFrom={hiddenFrom}
        data-testid={hiddenFrom ? 'live-indicator-nav' : 'live-indicator'}
        data-mode={mode}
        data-stream={stream}
        aria-label={live ? m.live_label_on() : m.live_label_off()}
        role="status"
        miw="max-content"
        mt={hiddenFrom ? 'xs' : undefined}
      >
        {live ? m.live_badge_live() : m.live_badge_polling()}
      </Badge>
    </Tooltip>
  );
}
