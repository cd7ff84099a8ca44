import { Badge, Text } from '@mantine/core';
import { DASH } from '@/i18n/format';
import { statusLabel } from '@/lib/call-labels';
import { statusColor } from '@/lib/call-status';

/**
 * A coloured badge for a known status, its word in the reader's language on it (the colour is never the
 * only sign); an unknown status as plain text, exactly as it came.
 */
export function CallStatusBadge({ status }: { status: string }) {
  const color = statusColor(status);
  if (!color) {
    return (
      <Text span inherit data-status={status}>
        {status || DASH}
      </Text>
    );
  }
  return (
    <Badge color={color} variant="light" radius="sm" tt="none" fw={600} data-status={status} style={{ minWidth: 'max-content' }}>
      {statusLabel(status)}
    </Badge>
  );
}
