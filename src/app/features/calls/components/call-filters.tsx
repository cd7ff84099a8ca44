import { Badge, Button, Collapse, Group, Input, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback, useId } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { CALL_STATUSES, CALL_TYPES } from '@contract/call';
import { m } from '@/i18n';
import type { FilterOption } from '../api/filter-option';
import { statusLabel, typeLabel } from '@/lib/call-labels';
import { browserCountry, normalisePhoneFilter, type PhoneFilter } from '../lib/phone-filter';
import { LATENCY_P95_MAX_MS, type CallsSearch } from '../lib/search';

export type FilterPatch = Partial<Omit<CallsSearch, 'page' | 'per_page'>>;

// Functions, not constants: the labels are read in the language in use when the bar is drawn.
const statusData = () => CALL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));
const typeData = () => CALL_TYPES.map((t) => ({ value: t, label: typeLabel(t) }));
const assistantWords = () => ({
  label: m.calls_filter_assistant(),
  unnamed: (id: number) => m.calls_assistant_id({ id }),
  clear: m.calls_filter_clear_assistant(),
  nothingFound: m.calls_filter_no_assistant(),
});
const campaignWords = () => ({
  label: m.calls_filter_campaign(),
  unnamed: (id: number) => m.calls_campaign_id({ id }),
  clear: m.calls_filter_clear_campaign(),
  nothingFound: m.calls_filter_no_campaign(),
});
export const PHONE_DEBOUNCE_MS = 400;

/** A filter's label, "any" while none is chosen, and its clear button's name. */
const anyOf = (label: string, clear: string) => ({ label, placeholder: m.calls_filter_any(), clearable: true, clearButtonProps: { 'aria-label': clear } });

/*
 * The option lists are mounted while a list is open only (Mantine keeps them mounted, hidden, by
 * default): a Select whose value changes is otherwise drawn again with all its options and their
 * scroll area, twice per filter change. The combobox names its list (aria-controls) only while open.
 * And it closes at once, without its 150 ms fade: the fade's frames were drawn while the new page's answer
 * arrived, and the table's paint waited behind them (`npm run bench:calls`).
 */
const COMBOBOX = { keepMounted: false, transitionProps: { duration: 0 } } as const;

/** The chosen value when it is one of `values`, else no filter. */
function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

function optionData(options: readonly FilterOption[] | undefined, selected: number | undefined, unnamed: (id: number) => string) {
  const data = (options ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  // A linked filter may name one that is not (or not yet) in the list: keep it choosable and visible.
  if (selected !== undefined && !data.some((d) => d.value === String(selected))) {
    data.unshift({ value: String(selected), label: unnamed(selected) });
  }
  return data;
}

/** A filter by one of a list the page loads (an assistant, a campaign): searchable, clearable, by id. */
const OptionFilter = memo(function OptionFilter({
  field,
  options,
  loading,
  selected,
  onChange,
  words,
}: {
  field: 'assistant_id' | 'campaign_id';
  options: readonly FilterOption[] | undefined;
  loading: boolean;
  selected: number | undefined;
  onChange: (patch: FilterPatch) => void;
  words: ReturnType<typeof assistantWords>;
}) {
  return (
    <Select
      label={words.label}
      placeholder={loading && !options ? m.common_loading() : m.calls_filter_any()}
      data={optionData(options, selected, words.unnamed)}
      value={selected !== undefined ? String(selected) : null}
      onChange={(v) => onChange({ [field]: toId(v) })}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': words.clear }}
      nothingFoundMessage={words.nothingFound}
      comboboxProps={COMBOBOX}
    />
  );
});

/*
 * The bar's fields are memoised apart, on their value and the page's stable change handler: a filter
 * change draws again the field that changed, not the five Selects (each with its option list, which
 * Mantine keeps mounted while closed) and the other inputs.
 */
const StatusFilter = memo(function StatusFilter({ value, onChange }: { value: CallsSearch['status']; onChange: (patch: FilterPatch) => void }) {
  const data = useMemo(() => statusData(), []);
  return (
    <Select
      {...anyOf(m.common_status(), m.calls_filter_clear_status())}
      data={data}
      value={value ?? null}
      onChange={(v) => onChange({ status: oneOf(CALL_STATUSES, v) })}
      allowDeselect
      comboboxProps={COMBOBOX}
    />
  );
});

const TypeFilter = memo(function TypeFilter({ value, onChange }: { value: CallsSearch['type']; onChange: (patch: FilterPatch) => void }) {
  const data = useMemo(() => typeData(), []);
  return <Select {...anyOf(m.calls_filter_type(), m.calls_filter_clear_type())} data={data} value={value ?? null} onChange={(v) => onChange({ type: oneOf(CALL_TYPES, v) })} comboboxProps={COMBOBOX} />;
});

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
const LazyDateFilter = memo(function LazyDateFilter({ value, onChange }: { value: DatesRangeValue<string>; onChange: (value: DatesRangeValue<string>) => void }) {
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
});

/** A typed latency as the filter's value: a whole number of ms within the service's bounds, else none. */
export function latencyFilterValue(value: string | number): number | undefined {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n)) return undefined;
  return Math.min(LATENCY_P95_MAX_MS, Math.max(0, Math.round(n)));
}

const loadLatencyInput = () => import('./latency-input');
const LatencyInput = lazy(loadLatencyInput);

/**
 * The latency box until NumberInput has loaded: the same label, placeholder and value in a plain text
 * box that filters just as well (digits only, clamped when it loses the focus). Hovering or
 * focusing it fetches the real one.
 */
function LatencyStandIn({
  value,
  onChange,
  onEnter,
  onWanted,
  onFocusChange,
}: {
  value: string | number;
  onChange: (value: string) => void;
  onEnter: () => void;
  onWanted: () => void;
  onFocusChange: (focused: boolean) => void;
}) {
  return (
    <TextInput
      label={m.calls_filter_latency()}
      placeholder={m.calls_filter_any()}
      inputMode="numeric"
      autoComplete="off"
      value={String(value)}
      onPointerEnter={onWanted}
      onFocus={() => {
        onWanted();
        onFocusChange(true);
      }}
      onBlur={(e) => {
        const clamped = latencyFilterValue(e.currentTarget.value);
        if (e.currentTarget.value.trim() !== '' && clamped !== undefined) onChange(String(clamped));
        onFocusChange(false);
      }}
      // What NumberInput lets through: digits only (no sign, no decimals).
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onEnter();
      }}
      data-testid="latency-filter"
    />
  );
}

/**
 * Our extension's filter: calls whose p95 model time per assistant turn is at least this. The box keeps
 * what is typed; the URL gets it after a pause, as the phone filter does. NumberInput loads on demand: at
 * once when a link carries a value (it shows the unit), else when the box is hovered or focused; a focused
 * stand-in stays until it loses the focus, so the caret and the typing are never interrupted.
 */
const LatencyFilter = memo(function LatencyFilter({ value, onChange }: { value: number | undefined; onChange: (patch: FilterPatch) => void }) {
  const [text, setText] = useState<string | number>(value ?? '');
  const [seen, setSeen] = useState(value);
  const [loaded, setLoaded] = useState(false);
  const [standInFocused, setStandInFocused] = useState(false);
  const send = useDebouncedCallback((v: string | number) => onChange({ latency_p95_min: latencyFilterValue(v) }), PHONE_DEBOUNCE_MS);
  if (value !== seen) {
    setSeen(value);
    if (latencyFilterValue(text) !== value) setText(value ?? '');
  }
  const want = useCallback(() => {
    void loadLatencyInput().then(
      () => setLoaded(true),
      () => undefined, // Not loaded (offline): the stand-in keeps filtering.
    );
  }, []);
  useEffect(() => {
    if (value !== undefined) want();
  }, [value, want]);
  const change = (v: string | number) => {
    setText(v);
    send(v);
  };
  const standIn = (
    <LatencyStandIn value={text} onChange={change} onEnter={() => send.flush()} onWanted={want} onFocusChange={setStandInFocused} />
  );
  if (!loaded || standInFocused) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LatencyInput value={text} onChange={change} onEnter={() => send.flush()} />
    </Suspense>
  );
});

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
  /** The latency filter (our extension): on the local service, or when a link carries it. */
  showLatency: boolean;
}

/**
 * The filter bar. Each change goes to the URL at once, the phone text after a pause in typing.
 * Memoised: when a page of calls arrives nothing here changes, and its six inputs (four Selects with
 * their option lists, the date picker) were a good part of the render before the table painted.
 */
export const CallFilters = memo(function CallFilters({ search, phone, assistants, campaigns, optionsLoading, onChange, onClear, activeCount, compact, showLatency }: Props) {
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

  const changeRange = useCallback(
    (next: DatesRangeValue<string>) => {
      setRange(next);
      const [from, to] = next;
      if ((from && to) || (!from && !to)) onChange({ date_from: from ?? undefined, date_to: to ?? undefined });
    },
    [onChange],
  );
  // Read once: a change of language reloads the page.
  const assistantText = useMemo(() => assistantWords(), []);
  const campaignText = useMemo(() => campaignWords(), []);

  const phoneHint =
    phone.state === 'invalid'
      ? m.calls_filter_phone_invalid()
      : undefined;

  const grid = (
      <SimpleGrid cols={{ base: 2, md: showLatency ? 4 : 3, lg: showLatency ? 7 : 6 }} spacing="sm" verticalSpacing="xs" style={{ flex: '1 1 640px', minWidth: 0 }}>
        <StatusFilter value={search.status} onChange={onChange} />
        <TypeFilter value={search.type} onChange={onChange} />
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
        <OptionFilter field="assistant_id" words={assistantText} options={assistants} loading={optionsLoading} selected={search.assistant_id} onChange={onChange} />
        <OptionFilter field="campaign_id" words={campaignText} options={campaigns} loading={optionsLoading} selected={search.campaign_id} onChange={onChange} />
        <LazyDateFilter value={range} onChange={changeRange} />
        {showLatency ? <LatencyFilter value={search.latency_p95_min} onChange={onChange} /> : null}
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
