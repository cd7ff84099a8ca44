import { Badge, Text } from '@mantine/core';

const COLORS: Record<string, string> = {
  created: 'blue',
  completed: 'teal',
  'reached-max-retries': 'orange',
};

/** A lead's status: the known ones as colored badges, any other exactly as the service sent it. */
export function LeadStatusBadge({ status }: { status: string }) {
  const color = COLORS[status];
  if (!color) {
    return (
      <Text span size="sm" data-testid="lead-status">
        {status === '' ? '—' : status}
      </Text>
    );
  }
  return (
    <Badge color={color} variant="light" tt="none" data-testid="lead-status" miw="max-content">
      {status}
    </Badge>
  );
}
