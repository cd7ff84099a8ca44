import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { m } from '@/i18n';
import { useAssistantOptions } from '../api/get-assistant-options';
import { conversationTypeLabel } from '../lib/format';
import { CONVERSATION_TYPE_FILTERS, type ConversationsSearch } from '../lib/search';

export type ConversationFilterPatch = Partial<Pick<ConversationsSearch, 'type' | 'assistant_id'>>;

/** The list's filters: type and assistant (by its integer id, as the list's filter takes it). */
export function ConversationFilters({ search, onChange }: { search: ConversationsSearch; onChange: (patch: ConversationFilterPatch) => void }) {
  const assistants = useAssistantOptions();
  const assistantData = useMemo(() => {
    const options = (assistants.data ?? []).map((a) => ({ value: String(a.id), label: a.name ?? m.conversations_assistant_id({ id: String(a.id) }) }));
    // A filter from the URL for an assistant not (yet) in the list still shows as chosen.
    if (search.assistant_id && !options.some((o) => o.value === String(search.assistant_id))) {
      options.push({ value: String(search.assistant_id), label: m.conversations_assistant_id({ id: String(search.assistant_id) }) });
    }
    return options.sort((a, b) => a.label.localeCompare(b.label));
  }, [assistants.data, search.assistant_id]);
  const active = search.type !== undefined || search.assistant_id !== undefined;

  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
      <Select
        label={m.conversations_col_type()}
        placeholder={m.conversations_all_types()}
        data={CONVERSATION_TYPE_FILTERS.map((t) => ({ value: t, label: conversationTypeLabel(t) }))}
        value={search.type ?? null}
        onChange={(value) => onChange({ type: (value as ConversationsSearch['type']) ?? undefined })}
        clearable
        allowDeselect
        w={{ base: '100%', xs: 180 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={m.conversations_col_assistant()}
        placeholder={assistants.isError ? m.conversations_assistants_unavailable() : m.conversations_all_assistants()}
        data={assistantData}
        value={search.assistant_id ? String(search.assistant_id) : null}
        onChange={(value) => onChange({ assistant_id: value ? Number(value) : undefined })}
        searchable
        clearable
        nothingFoundMessage={m.conversations_no_assistant_found()}
        w={{ base: '100%', xs: 260 }}
        comboboxProps={{ withinPortal: true }}
      />
      {active ? (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => onChange({ type: undefined, assistant_id: undefined })}>
          {m.common_clear_filters()}
        </Button>
      ) : null}
    </Group>
  );
}
