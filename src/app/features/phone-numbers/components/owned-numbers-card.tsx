import { useRef, useState } from 'react';
import { Alert, Button, CloseButton, EmptyState, Group, SegmentedControl, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconPhoneOff, IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '@/api/errors';
import { phoneNumbersQuery } from '@/api/get-phone-numbers';
import { ErrorState } from '@/components/error-state';
import { LookupCard } from '@/components/lookup-card';
import { TableSkeleton } from '@/components/table-skeleton';
import { confirmAction } from '@/lib/confirm';
import { notifySuccess } from '@/lib/notify';
import { m } from '@/i18n';
import { useOwnedNumbers } from '../api/get-owned-numbers';
import { useReleaseNumber } from '../api/release-number';
import { numberRows, type NumberRow, type PhoneFilter } from '../lib/number-list';
import { NumberRows } from './number-rows';

export type { PhoneFilter } from '../lib/number-list';

const descriptions: Record<PhoneFilter, () => string> = {
  all: m.numbers_list_all,
  inbound: m.numbers_list_inbound,
  outbound: m.numbers_list_outbound,
};

const emptyFiltered: Record<Exclude<PhoneFilter, 'all'>, () => string> = {
  inbound: m.numbers_empty_inbound,
  outbound: m.numbers_empty_outbound,
};

function confirmRelease(n: NumberRow): Promise<boolean> {
  return confirmAction({
    title: m.numbers_release_title({ number: n.phone_number ?? m.numbers_number_hash({ id: String(n.id) }) }),
    danger: true,
    confirmLabel: m.numbers_release_confirm(),
    children: (
      <Text size="sm">
        {m.numbers_release_body()}
        {n.servedBy ? ` ${m.numbers_release_in_use({ user: n.servedBy })}` : ''}
      </Text>
    ),
  });
}

/**
 * The account's numbers, one list: GET /user/phone-numbers/all (ownership, billing, nickname, the assistant
 * served) joined with GET /user/assistants/phone-numbers?type= (free or in use; under a direction filter,
 * which numbers qualify). Each number can be renamed and released.
 */
export function OwnedNumbersCard({ filter, onFilterChange }: { filter: PhoneFilter; onFilterChange: (f: PhoneFilter) => void }) {
  const owned = useOwnedNumbers();
  // The previous filter's list stays while the next one loads, marked as refreshing.
  const listed = useQuery({ ...phoneNumbersQuery(filter === 'all' ? undefined : filter), placeholderData: keepPreviousData });
  const release = useReleaseNumber();
  // A refusal stays on screen (not only as a toast): it says what to change before trying again.
  const [refusal, setRefusal] = useState<{ number: string; message: string } | null>(null);
  // One release at a time, from the first click on (isPending turns true a render later).
  const inFlight = useRef(false);

  async function onRelease(n: NumberRow) {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      if (await confirmRelease(n)) await releaseNow(n);
    } finally {
      inFlight.current = false;
    }
  }

  async function releaseNow(n: NumberRow) {
    setRefusal(null);
    try {
      const answer = await release.mutateAsync(n.id);
      notifySuccess(answer.message || m.numbers_released_message({ number: n.phone_number ?? m.numbers_the_number() }), m.numbers_released());
    } catch (e) {
      setRefusal({ number: n.phone_number ?? `#${n.id}`, message: errorMessage(e) });
    }
  }

  const loaded = owned.data !== undefined && (listed.data !== undefined || listed.isError);
  const rows = owned.data !== undefined ? numberRows(owned.data, listed.data, filter) : [];

  function body() {
    if (owned.isError && owned.data === undefined) {
      return <ErrorState error={owned.error} title={m.numbers_owned_error()} onRetry={() => void owned.refetch()} retrying={owned.isFetching} />;
    }
    // Without the lookup a direction filter cannot tell which numbers qualify: say so rather than guess.
    if (filter !== 'all' && listed.isError && listed.data === undefined) {
      return <ErrorState error={listed.error} title={m.numbers_direction_error()} onRetry={() => void listed.refetch()} retrying={listed.isFetching} />;
    }
    if (!loaded) return <TableSkeleton columns={5} />;
    if (rows.length === 0) {
      return filter === 'all' ? (
        <EmptyState icon={<IconPhoneOff size={24} aria-hidden />} title={m.numbers_owned_empty()} description={m.numbers_owned_empty_description()} size="sm" py="md" />
      ) : (
        <EmptyState icon={<IconPhoneOff size={24} aria-hidden />} title={m.numbers_empty_filtered()} description={emptyFiltered[filter]()} size="sm" py="md" />
      );
    }
    return (
      <>
        {listed.isError && listed.data === undefined ? (
          // The numbers are known, whether they are free is not: the list stays, with "—" and a retry.
          <Alert color="orange" variant="light" title={m.numbers_availability_error()} role="alert" data-testid="availability-error">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{errorMessage(listed.error)}</Text>
              <Button size="xs" variant="white" color="orange" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void listed.refetch()} loading={listed.isFetching}>
                {m.common_retry()}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <NumberRows
          rows={rows}
          actions={{
            releasingId: release.isPending ? (release.variables ?? null) : null,
            busy: release.isPending,
            onRelease: (n) => void onRelease(n),
          }}
        />
      </>
    );
  }

  return (
    <LookupCard
      title={m.numbers_owned_title()}
      testId="phone-numbers"
      count={loaded ? rows.length : undefined}
      refreshing={listed.isFetching && listed.isPlaceholderData}
      description={descriptions[filter]()}
      controls={
        <SegmentedControl
          size="xs"
          aria-label={m.numbers_filter()}
          value={filter}
          onChange={(v) => onFilterChange(v as PhoneFilter)}
          data={[
            { value: 'all', label: m.common_all() },
            { value: 'inbound', label: m.numbers_inbound() },
            { value: 'outbound', label: m.numbers_outbound() },
          ]}
        />
      }
    >
      {refusal ? (
        <Alert color="red" variant="light" role="alert" title={m.numbers_not_released({ number: refusal.number })} data-testid="release-refusal" withCloseButton={false}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{refusal.message}</Text>
            <CloseButton size="sm" aria-label={m.numbers_dismiss()} onClick={() => setRefusal(null)} />
          </Group>
        </Alert>
      ) : null}
      {body()}
    </LookupCard>
  );
}
