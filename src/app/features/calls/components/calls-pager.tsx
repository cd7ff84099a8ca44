import { Group, Pagination, Select, Text } from '@mantine/core';
import { PER_PAGE_OPTIONS, type PerPage } from '../lib/search';

const number = new Intl.NumberFormat('en-US');
const PER_PAGE_DATA = PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: `${n} a page` }));

export function CallsPager({
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
          {from !== null && to !== null ? `${number.format(from)}–${number.format(to)} of ${number.format(total)}` : `${number.format(total)} calls`}
        </Text>
        <Select
          aria-label="Calls a page"
          size="xs"
          w={120}
          data={PER_PAGE_DATA}
          value={String(perPage)}
          onChange={(v) => {
            const n = PER_PAGE_OPTIONS.find((o) => String(o) === v);
            if (n) onPerPage(n);
          }}
          allowDeselect={false}
        />
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
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        />
      )}
    </Group>
  );
}
