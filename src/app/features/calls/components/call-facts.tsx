import { DataList, Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Call } from '../../../../contract/call';
import { formatCallTime, formatCost, formatDuration, humanize } from '../lib/format';
import { PhoneNumber } from './phone-number';
import { StatusBadge } from './status-badge';

function Numbers({ call }: { call: Call }) {
  // A call with one number (a web call has no assistant number): that number alone, not "– → number".
  if (!call.assistant_phone_number || !call.client_phone_number) {
    return <PhoneNumber value={call.client_phone_number ?? call.assistant_phone_number} />;
  }
  const client = <PhoneNumber value={call.client_phone_number} />;
  const assistant = <PhoneNumber value={call.assistant_phone_number} />;
  // Inbound: the customer called the assistant's number; otherwise the assistant called out.
  const [from, to] = call.type === 'inbound' ? [client, assistant] : [assistant, client];
  return (
    <Group gap={6} wrap="wrap">
      {from}
      <IconArrowRight size={14} aria-label="to" />
      {to}
    </Group>
  );
}

export function CallFacts({ call }: { call: Call }) {
  const items: [string, ReactNode][] = [
    ['Status', <StatusBadge status={call.status} />],
    ['Type', call.type ? humanize(call.type) : '—'],
    ['Numbers', <Numbers call={call} />],
    ['Assistant', call.assistant_name || '—'],
    ['Campaign', call.campaign_name || '—'],
    ['Duration', formatDuration(call.duration)],
    ['Answered by', call.answered_by ? humanize(call.answered_by) : '—'],
    ['Carrier cost', formatCost(call.carrier_cost)],
    ['Total cost', formatCost(call.total_cost)],
    ['Started', formatCallTime(call.created_at, true)],
    ['Last update', formatCallTime(call.updated_at, true)],
  ];
  return (
    <DataList size="sm" labelWidth={110} gap={6}>
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{typeof value === 'string' ? <Text span size="sm">{value}</Text> : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
