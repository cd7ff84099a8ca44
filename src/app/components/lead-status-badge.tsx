import { Badge, Text } from '@mantine/core';
import { DASH } from '@/i18n/format';
import { leadStatusLabel } from '@/lib/lead-status';

const COLORS: Record<string, string> = {
  created: 'blue',
  completed: 'teal',
  'reached-max-retries': 'orange',
};

/** A lead's status: the known ones as colored badges with their label, any other exactly as the service sent it. */
export function LeadStatusBadge({ status }: { status: string }) {
  const color = Object.prototype.hasOwnProperty.call(COLORS, status) ? COLORS[status] : undefined;
  if (!color) {
    return (
      <Text span size="sm" data-testid="lead-status">
        {status === '' ? DASH : status}
      </Text>
    );
  }
  return (
    <Badge color={color} variant="light" tt="none" data-testid="lead-status" data-status={status} miw="max-content">
      {leadStatusLabel(status)}
    </Badge>
  );
}
