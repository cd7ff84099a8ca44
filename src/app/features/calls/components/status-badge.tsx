import { Badge, Text } from '@mantine/core';
import { humanize } from '../lib/format';
import { statusColor } from '../lib/status';

/** A coloured badge for a known status; an unknown one as plain text, exactly as it came. */
export function StatusBadge({ status }: { status: string }) {
  const color = statusColor(status);
  if (!color) {
    return (
      <Text span inherit data-status={status}>
        {status || '—'}
      </Text>
    );
  }
  return (
    <Badge color={color} variant="light" radius="sm" tt="none" fw={600} data-status={status} style={{ minWidth: 'max-content' }}>
      {humanize(status)}
    </Badge>
  );
}
