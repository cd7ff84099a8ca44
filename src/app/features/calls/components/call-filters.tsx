import { Badge, Button, Collapse, Group, Input, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback, useId } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { lazy, memo, Suspense, useState } from 'react';
import { CALL_STATUSES, CALL_TYPES } from '@contract/call';
import { m } from '@/i18n';
import type { FilterOption } from '../api/filter-option';
import { statusLabel, typeLabel } from '@/lib/call-labels';
import { browserCountry, normalisePhoneFilter, type PhoneFilter } from '../lib/phone-filter';
import type { CallsSearch } from '../lib/search';

export type FilterPatch = Partial<Omit<CallsSearch, 'page' | 'per_page'>>;

// Functions, not constants: the labels are read in the language in use when the bar is drawn.
const statusData = () => CALL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));
const typeData = () => CALL_TYPES.map((t) => ({ value: t, label: typeLabel(t) }));
export const PHONE_DEBOUNCE_MS = 400;

function optionData(options: readonly FilterOption[] | undefined, selected: number | undefined, unnamed: (id: number) => string) {
  const data = (options ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  // A linked filter may name one that is not (or not yet) in the list: keep it choosable and visible.
  if (selected !== undefined && !data.some((d) => d.value === String(selected))) {
    data.unshift({ value: String(selected), label: unnamed(selected) });
  }
  return data;
}

const loadDateFilter = () => import('./date-filter');
const DateFilter = lazy(loadDateFilter);

/** Looks like the closed date picker; what the calendar needs loads when it is about to be used. */
function DateStandIn({ onOpen, loading }: { onOpen: () => void; loading: boolean }) {
  const id = useId();
  const warm = () => void loadDateFilter();
  return (
    <Input.Wrapper id={id} label={m.calls_filter_date()}>
      <Input
        id={id}
        component="button"
        type="button"
        style={{ cursor: 'pointer' }}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={onOpen}
        aria-busy={loading || undefined}
      >
        <Input.Placeholder>{m.calls_filter_any()}</Input.Placeholder>
      </Input>
    </Input.Wrapper>
  );
}

/** The date filter: a stand-in until the picker is wanted (a click, or a range already in the URL). */
function LazyDateFilter({ value, onChange }: { value: DatesRangeValue<string>; onChange: (value: DatesRangeValue<string>) => void }) {
  const [wanted, setWanted] = useState(false);
  const [openPending, setOpenPending] = useState(false);
  if (!wanted && value[0] === null && value[1] === null) {
    return <DateStandIn onOpen={() => { setWanted(true); setOpenPending(true); }} loading={false} />;
  }
  return (
    <Suspense fallback={<DateStandIn onOpen={() => undefined} loading />}>
      <DateFilter value={value} onChange={onChange} openOnMount={openPending} onOpened={() => setOpenPending(false)} />
    </Suspense>
  );
}

/** What the URL holds for typed phone text: E.164 when it reads as a number (so a shared link means the same everywhere), else the text. */
function phoneForUrl(text: string): string {
  const read = normalisePhoneFilter(text, browserCountry());
  return read.state === 'valid' ? read.e164 : text.trim();
}

function toId(value: string | null): number | undefined {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

interface Props {
  search: CallsSearch;
  phone: PhoneFilter;
  assistants: readonly FilterOption[] | undefined;
  campaigns: readonly FilterOption[] | undefined;
  optionsLoading: boolean;
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
  /** How many filters are set (0: nothing to clear). */
  activeCount: number;
  /** Narrow screens: the filters fold away behind a button. */
  compact: boolean;
}

/**
 * The filter bar. Each change goes to the URL at once, the phone text after a pause in typing.
 * Memoised: when a page of calls arrives nothing here changes, and its six inputs (four Selects with
 * their option lists, the date picker) were a good part of the render before the table painted.
 */
export const CallFilters = memo(function CallFilters({ search, phone, assistants, campaigns, optionsLoading, onChange, onClear, activeCount, compact }: Props) {
  const [unfolded, setUnfolded] = useState(false);
  // The phone box keeps what is typed; the URL gets it after a pause. Back/forward and "Clear" change
  // the URL underneath: the box follows (state adjusted during render, as React recommends).
  const [phoneText, setPhoneText] = useState(search.phone);
  const [seenPhone, setSeenPhone] = useState(search.phone);
  const sendPhone = useDebouncedCallback((value: string) => onChange({ phone: phoneForUrl(value) }), PHONE_DEBOUNCE_MS);
  if (search.phone !== seenPhone) {
    setSeenPhone(search.phone);
    if (search.phone !== phoneForUrl(phoneText)) setPhoneText(search.phone);
  }

  // The range picker reports the first day before the second is picked: commit whole ranges only.
  const urlRange: DatesRangeValue<string> = [search.date_from ?? null, search.date_to ?? null];
  const [range, setRange] = useState<DatesRangeValue<string>>(urlRange);
  const [seenRange, setSeenRange] = useState(urlRange.join('|'));
  if (urlRange.join('|') !== seenRange) {
    setSeenRange(urlRange.join('|'));
    setRange(urlRange);
  }

  const phoneHint =
    phone.state === 'invalid'
      ? m.calls_filter_phone_invalid()
      : undefined;

  const grid = (
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm" verticalSpacing="xs" style={{ flex: '1 1 640px', minWidth: 0 }}>
        <Select
          label={m.common_status()}
          placeholder={m.calls_filter_any()}
          data={statusData()}
          value={search.status ?? null}
          onChange={(v) => onChange({ status: (CALL_STATUSES as readonly string[]).includes(v ?? '') ? (v as CallsSearch['status']) : undefined })}
          clearable
          clearButtonProps={{ 'aria-label': m.calls_filter_clear_status() }}
          allowDeselect
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={m.calls_filter_type()}
          placeholder={m.calls_filter_any()}
          data={typeData()}
          value={search.type ?? null}
          onChange={(v) => onChange({ type: (CALL_TYPES as readonly string[]).includes(v ?? '') ? (v as CallsSearch['type']) : undefined })}
          clearable
          clearButtonProps={{ 'aria-label': m.calls_filter_clear_type() }}
        />
        <TextInput
          label={m.calls_filter_client_number()}
          placeholder={m.calls_filter_any_number()}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          leftSection={<IconSearch size={14} />}
          value={phoneText}
          onChange={(e) => {
            setPhoneText(e.currentTarget.value);
            sendPhone(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') sendPhone.flush();
          }}
          error={phoneHint}
        />
        <Select
          label={m.calls_filter_assistant()}
          placeholder={optionsLoading && !assistants ? m.common_loading() : m.calls_filter_any()}
          data={optionData(assistants, search.assistant_id, (id) => m.calls_assistant_id({ id }))}
          value={search.assistant_id !== undefined ? String(search.assistant_id) : null}
          onChange={(v) => onChange({ assistant_id: toId(v) })}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': m.calls_filter_clear_assistant() }}
          nothingFoundMessage={m.calls_filter_no_assistant()}
        />
        <Select
          label={m.calls_filter_campaign()}
          placeholder={optionsLoading && !campaigns ? m.common_loading() : m.calls_filter_any()}
          data={optionData(campaigns, search.campaign_id, (id) => m.calls_campaign_id({ id }))}
          value={search.campaign_id !== undefined ? String(search.campaign_id) : null}
          onChange={(v) => onChange({ campaign_id: toId(v) })}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': m.calls_filter_clear_campaign() }}
          nothingFoundMessage={m.calls_filter_no_campaign()}
        />
        <LazyDateFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            const [from, to] = next;
            if ((from && to) || (!from && !to)) onChange({ date_from: from ?? undefined, date_to: to ?? undefined });
          }}
        />
      </SimpleGrid>
  );
  const clearButton = (
      <Button
        variant="subtle"
        leftSection={<IconFilterOff size={16} />}
        onClick={() => {
          sendPhone.cancel();
          onClear();
        }}
        disabled={activeCount === 0}
      >
        {m.common_clear_filters()}
      </Button>
  );

  if (compact) {
    return (
      <Stack gap="xs">
        <Group gap="xs" justify="space-between">
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={activeCount > 0 ? <Badge size="sm" circle>{activeCount}</Badge> : null}
            onClick={() => setUnfolded((v) => !v)}
            aria-expanded={unfolded}
          >
            {m.common_filters()}
          </Button>
          {clearButton}
        </Group>
        <Collapse expanded={unfolded}>{grid}</Collapse>
      </Stack>
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {grid}
      {clearButton}
    </Group>
  );
});
