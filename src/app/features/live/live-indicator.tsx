import { Badge, Tooltip } from '@mantine/core';
import { useLiveStatus } from './live-context';
import type { StreamState } from './lib/event-stream';

const EXPLAIN: Record<StreamState, string> = {
  live: 'Changes arrive as they happen (the service’s event stream is open).',
  connecting: 'Opening the service’s event stream; until then pages refresh every 5 seconds.',
  down: 'The event stream dropped and is reconnecting; meanwhile pages refresh every 5 seconds.',
  unsupported: 'This API host offers no event stream: pages with live data refresh every 5 seconds.',
  stopped: 'No event stream: pages with live data refresh every 5 seconds.',
};

/** "Live" or "Polling" in the header, with why in a tooltip. `visibleFrom`: the phone header has no room; the navigation shows it there. */
export function LiveIndicator({ visibleFrom, hiddenFrom }: { visibleFrom?: 'sm'; hiddenFrom?: 'sm' }) {
  const { mode, stream } = useLiveStatus();
  const live = mode === 'live';
  return (
    <Tooltip label={EXPLAIN[stream]} multiline w={260}>
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
        aria-label={live ? 'Live updates on' : 'Live updates off: polling every 5 seconds'}
        role="status"
        miw="max-content"
        mt={hiddenFrom ? 'xs' : undefined}
      >
        {live ? 'Live' : 'Polling'}
      </Badge>
    </Tooltip>
  );
}
