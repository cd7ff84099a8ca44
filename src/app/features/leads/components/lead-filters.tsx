import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { m } from '@/i18n';
import { statusSelectData } from '@/lib/lead-status';

export interface CampaignOption {
  value: number;
  label: string;
}

export interface LeadFiltersProps {
  campaign: number | undefined;
  status: string | undefined;
  q: string;
  campaigns: CampaignOption[];
  statuses: string[];
  onChange: (patch: { campaign?: number | undefined; status?: string | undefined; q?: string }) => void;
}

/** Campaign, status and a search over phone, name and email; the search reaches the URL after a pause. */
export function LeadFilters({ campaign, status, q, campaigns, statuses, onChange }: LeadFiltersProps) {
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  const [pushed, setPushed] = useState(q);
  // The URL changed from outside (back button, a link, Clear): show it. Our own push coming back is
  // not shown again, so letters typed meanwhile stay.
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== pushed) setText(q);
  }
  const push = useDebouncedCallback((value: string) => {
    setPushed(value);
    onChange({ q: value });
  }, 300);
  const filtered = campaign !== undefined || status !== undefined || q !== '';

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
      <TextInput
        label={m.common_search()}
        placeholder={m.leads_filter_search_placeholder()}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          push(e.currentTarget.value);
        }}
        w={{ base: '100%', xs: 260 }}
      />
      <Select<number>
        label={m.leads_field_campaign()}
        placeholder={m.leads_filter_all_campaigns()}
        data={campaigns}
        value={campaign ?? null}
        onChange={(v) => onChange({ campaign: v ?? undefined })}
        clearable
        searchable
        // Side by side with Status on a phone (half of the row each, less the 12px gap): the list starts higher.
        w={{ base: 'calc(50% - 6px)', xs: 220 }}
      />
      <Select
        label={m.common_status()}
        placeholder={m.leads_filter_any_status()}
        data={statusSelectData(statuses)}
        value={status ?? null}
        onChange={(v) => onChange({ status: v ?? undefined })}
        clearable
        w={{ base: 'calc(50% - 6px)', xs: 200 }}
      />
      {filtered ? (
        <Button
          variant="subtle"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => {
            setText('');
            onChange({ campaign: undefined, status: undefined, q: '' });
          }}
        >
          {m.common_clear_filters()}
        </Button>
      ) : null}
    </Group>
  );
}
