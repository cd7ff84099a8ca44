import { Group, Progress, Text, Tooltip } from '@mantine/core';
import { TOOL_LIMITS } from '@contract';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/**
 * "3 of 5 used" beside the create button. The hosted plan may allow another number: the service's own
 * answer decides, so creating is never blocked here, only forewarned.
 */
export function ToolQuota({ used }: { used: number }) {
  const max = TOOL_LIMITS.maxPerUser;
  const full = used >= max;
  return (
    <Tooltip
      label={full ? m.tools_quota_full({ max: formatNumber(max) }) : m.tools_quota_hint({ max: formatNumber(max) })}
      withArrow
    >
      <Group gap={8} wrap="nowrap" data-testid="tool-quota">
        <Progress
          value={Math.min(100, (used / max) * 100)}
          color={full ? 'orange' : 'blue'}
          w={56}
          size="sm"
          aria-hidden
        />
        <Text size="sm" c={full ? 'orange.8' : 'dimmed'} fw={full ? 600 : 500} style={{ whiteSpace: 'nowrap' }}>
          {m.tools_quota_used({ used: formatNumber(used), max: formatNumber(max) })}
        </Text>
      </Group>
    </Tooltip>
  );
}
