import { DataList, Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Call } from '@contract/call';
import { m } from '@/i18n';
import { formatCallTime, formatCost, formatDuration } from '@/lib/call-format';
import { answeredByLabel, typeLabel } from '@/lib/call-labels';
import { PhoneNumber } from '@/components/phone-number';
import { CallStatusBadge } from '@/components/call-status-badge';

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
      <IconArrowRight size={14} aria-label={m.calls_numbers_to()} />
      {to}
    </Group>
  );
}

/** A call's conversation mode in words; none when the host did not say. */
function conversationModeLabel(mode: string | null | undefined): string | null {
  if (mode === 'model') return m.calls_mode_model();
  if (mode === 'scripted') return m.calls_mode_scripted();
  return mode ? mode : null;
}

export function CallFacts({ call }: { call: Call }) {
  const items: [string, ReactNode][] = [
    [m.common_status(), <CallStatusBadge status={call.status} />],
    [m.calls_col_type(), typeLabel(call.type)],
    [m.calls_fact_numbers(), <Numbers call={call} />],
    [m.calls_col_assistant(), call.assistant_name || '—'],
    [m.calls_col_campaign(), call.campaign_name || '—'],
    [m.calls_col_duration(), formatDuration(call.duration)],
    [m.calls_col_answered_by(), answeredByLabel(call.answered_by)],
    [m.calls_fact_carrier_cost(), formatCost(call.carrier_cost)],
    [m.calls_col_total_cost(), formatCost(call.total_cost)],
    [m.calls_fact_started(), formatCallTime(call.created_at, true)],
    [m.calls_fact_last_update(), formatCallTime(call.updated_at, true)],
  ];
  // Our extension: who played the conversation. Hosted data leaves it out, and so does this list.
  const mode = conversationModeLabel(call.conversation_mode);
  if (mode) items.splice(2, 0, [m.calls_fact_conversation(), mode]);
  // Our extension (assistant_transfer): the assistant the call was handed to, after the one that took it.
  if (call.transferred_to_assistant_name) {
    const at = items.findIndex(([label]) => label === m.calls_col_assistant());
    items.splice(at + 1, 0, [m.calls_fact_handed_over_to(), call.transferred_to_assistant_name]);
  }
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
