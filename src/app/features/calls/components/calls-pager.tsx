import { Group, Pagination, Select, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { PER_PAGE_OPTIONS, type PerPage } from '../lib/search';

const perPageData = () => PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: m.calls_per_page_option({ count: formatNumber(n) }) }));

/** The accessible names of the pager's arrows. */
const CONTROL_LABELS: Record<'first' | 'previous' | 'next' | 'last', () => string> = {
  first: m.calls_pager_first,
  previous: m.calls_pager_previous,
  next: m.calls_pager_next,
  last: m.calls_pager_last,
};

/*
 * The page size apart, memoised: a Mantine Select (a combobox with its options) that would otherwise be
 * drawn again with every page the table shows, though only the page numbers changed.
 */
const PerPageSelect = memo(function PerPageSelect({ perPage, onPerPage }: { perPage: PerPage; onPerPage: (perPage: PerPage) => void }) {
  const data = useMemo(() => perPageData(), []);
  return (
    <Select
      aria-label={m.calls_per_page_label()}
      size="xs"
      w={120}
      data={data}
      value={String(perPage)}
      onChange={(v) => {
        const n = PER_PAGE_OPTIONS.find((o) => String(o) === v);
        if (n) onPerPage(n);
      }}
      allowDeselect={false}
    />
  );
});

/** Memoised: the page draws again as its queries move (fetching flags, a live refresh), the pager only when its figures change. */
export const CallsPager = memo(function CallsPager({
  page,
  lastPage,
  from,
  to,
  total,
  perPage,
  onPage,
  onPerPage,
  compact,
}: {
  page: number;
  lastPage: number;
  from: number | null;
  to: number | null;
  total: number;
  perPage: PerPage;
  onPage: (page: number) => void;
  onPerPage: (perPage: PerPage) => void;
  compact: boolean;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" data-testid="calls-range" style={{ whiteSpace: 'nowrap' }}>
          {from !== null && to !== null
            ? m.calls_range({ from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })
            : m.calls_count({ count: formatNumber(total) })}
        </Text>
        <PerPageSelect perPage={perPage} onPerPage={onPerPage} />
      </Group>
      {lastPage > 1 && (
        <Pagination
          total={lastPage}
          value={Math.min(page, lastPage)}
          onChange={onPage}
          siblings={compact ? 0 : 1}
          boundaries={1}
          size="sm"
          withEdges={!compact}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control]() })}
          getItemProps={(n) => ({ 'aria-label': m.calls_pager_page({ page: formatNumber(n) }) })}
        />
      )}
    </Group>
  );
});
