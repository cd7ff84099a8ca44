import { useEffect, useRef, useState, type RefObject } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { CompactRowCard } from '@/components/compact-row-card';
import { TableHeader } from '@/components/table-header';
import { m } from '@/i18n';
import { DASH, formatCurrency } from '@/i18n/format';
import { countryName } from '../lib/countries';
import type { NumberKind, NumberRow } from '../lib/number-list';
import { NicknameForm } from './nickname-form';

const SEPARATOR = ' · ';
const KIND_COLORS: Record<NumberKind, string> = { normal: 'blue', sip: 'violet', caller_id: 'orange' };

export interface RowActions {
  releasingId: number | null;
  busy: boolean;
  onRelease: (n: NumberRow) => void;
}

/** The number as a name for buttons and dialogs: itself, or its id when the host did not send it. */
export const numberName = (n: NumberRow) => n.phone_number ?? m.numbers_number_plain({ id: String(n.id) });

function ReleaseButton({ n, releasingId, busy, onRelease }: RowActions & { n: NumberRow }) {
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden />}
      loading={releasingId === n.id}
      disabled={busy && releasingId !== n.id}
      onClick={() => onRelease(n)}
      aria-label={m.numbers_release_aria({ number: numberName(n) })}
    >
      {m.numbers_release()}
    </Button>
  );
}

/** Whether the nickname form is open; when it closes, focus goes back to the pencil that opened it. */
function useNicknameEditing() {
  const [editing, setEditing] = useState(false);
  const pencil = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) pencil.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return { editing, open: () => setEditing(true), close: () => setEditing(false), pencil };
}

function PencilButton({ n, onClick, pencil }: { n: NumberRow; onClick: () => void; pencil: RefObject<HTMLButtonElement | null> }) {
  return (
    <ActionIcon ref={pencil} variant="subtle" color="gray" size="sm" onClick={onClick} aria-label={m.numbers_nickname_edit_aria({ number: numberName(n) })}>
      <IconPencil size={14} aria-hidden />
    </ActionIcon>
  );
}

function TypeBadge({ n }: { n: NumberRow }) {
  if (!n.typeLabel) {
    return (
      <Text size="sm" c="dimmed">
        {DASH}
      </Text>
    );
  }
  return (
    <Badge variant="light" color={n.kind ? KIND_COLORS[n.kind] : 'gray'} radius="sm" tt="none" miw="max-content">
      {n.typeLabel}
    </Badge>
  );
}

/** A number imported from Twilio (answered by this service over Twilio's media streams). */
function ProviderBadge({ n }: { n: NumberRow }) {
  if (n.provider !== 'twilio') return null;
  return (
    <Badge variant="outline" color="red" radius="sm" tt="none" miw="max-content" title={m.numbers_provider_twilio_aria()} data-testid="provider-badge">
      {m.numbers_provider_twilio()}
    </Badge>
  );
}

function AvailabilityBadge({ n }: { n: NumberRow }) {
  if (n.available === null) {
    return (
      <Text size="sm" c="dimmed">
        {DASH}
      </Text>
    );
  }
  return (
    <Badge variant="dot" color={n.available ? 'teal' : 'gray'} radius="sm" tt="none" miw="max-content">
      {n.available ? m.numbers_available() : m.numbers_in_use()}
    </Badge>
  );
}

/** What the number costs: its monthly price and whether a subscription runs; null when neither is said. */
function billingText(n: NumberRow): string | null {
  const said: string[] = [];
  if (n.monthlyPrice !== null) said.push(m.numbers_per_month({ price: formatCurrency(n.monthlyPrice) }));
  if (n.subscription) said.push(m.numbers_subscription_active());
  return said.length > 0 ? said.join(SEPARATOR) : null;
}

/** The table's titled columns; the actions' column follows. */
const columnTitles = () => [m.numbers_col_number(), m.numbers_country(), m.numbers_col_type(), m.numbers_col_billing(), m.numbers_col_availability(), m.numbers_col_serves()];

/** The account's numbers: a table on a wide screen, a card per number on a phone (every fact, every action). */
export function NumberRows({ rows, actions }: { rows: NumberRow[]; actions: RowActions }) {
  // On a phone a seven-column table hides the actions off-screen: one small card per number instead.
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  return compact ? (
    <Stack gap="xs">
      {rows.map((n) => (
        <NumberCard key={n.id} n={n} actions={actions} />
      ))}
    </Stack>
  ) : (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="xs">
        <TableHeader titles={columnTitles()} actions={m.common_actions()} />
        {rows.map((n) => (
          <NumberTableRow key={n.id} n={n} actions={actions} />
        ))}
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One number in the table: its row, and while its nickname is edited a second row under it holding the
 * form across the full width (so the columns keep their widths). Both sit in the number's own row group.
 */
function NumberTableRow({ n, actions }: { n: NumberRow; actions: RowActions }) {
  const { editing, open, close, pencil } = useNicknameEditing();
  const billing = billingText(n);
  return (
    <Table.Tbody data-testid="phone-number-row" data-number={n.phone_number ?? ''}>
      <Table.Tr>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
              {n.phone_number ?? DASH}
            </Text>
            {editing ? null : <PencilButton n={n} onClick={open} pencil={pencil} />}
          </Group>
          {n.nickname ? (
            <Text size="xs" data-testid="number-nickname">
              {n.nickname}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Text size="sm">{countryName(n.country_code) ?? DASH}</Text>
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="wrap">
            <TypeBadge n={n} />
            <ProviderBadge n={n} />
          </Group>
        </Table.Td>
        <Table.Td>
          <Text size="sm" c={billing ? undefined : 'dimmed'}>
            {billing ?? DASH}
          </Text>
        </Table.Td>
        <Table.Td>
          <AvailabilityBadge n={n} />
        </Table.Td>
        <Table.Td maw={240}>
          <Text size="sm" c={n.servedBy ? undefined : 'dimmed'} truncate title={n.servedBy ?? undefined}>
            {n.servedBy ?? DASH}
          </Text>
        </Table.Td>
        <Table.Td ta="right">
          <ReleaseButton n={n} {...actions} />
        </Table.Td>
      </Table.Tr>
      {editing ? (
        <Table.Tr>
          <Table.Td colSpan={columnTitles().length + 1}>
            <div style={{ maxWidth: '36rem' }}>
              <NicknameForm id={n.id} number={numberName(n)} nickname={n.nickname} onClose={close} />
            </div>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Table.Tbody>
  );
}

function NumberCard({ n, actions }: { n: NumberRow; actions: RowActions }) {
  const { editing, open, close, pencil } = useNicknameEditing();
  const billing = billingText(n);
  const facts = [countryName(n.country_code), billing].filter(Boolean).join(SEPARATOR);
  return (
    <CompactRowCard
      data-testid="phone-number-row"
      data-number={n.phone_number ?? ''}
      main={
        <>
          <Group gap={4} wrap="nowrap">
            <Text ff="monospace" size="sm" fw={600}>
              {n.phone_number ?? DASH}
            </Text>
            {editing ? null : <PencilButton n={n} onClick={open} pencil={pencil} />}
          </Group>
          {n.nickname && !editing ? (
            <Text size="xs" data-testid="number-nickname">
              {n.nickname}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {facts || DASH}
          </Text>
          <Group gap={6} wrap="wrap">
            <TypeBadge n={n} />
            <ProviderBadge n={n} />
            <AvailabilityBadge n={n} />
          </Group>
          <Text size="xs">{n.servedBy ? m.numbers_serves_user({ user: n.servedBy }) : m.numbers_serves_none()}</Text>
        </>
      }
      aside={
        <div style={{ flexShrink: 0 }}>
          <ReleaseButton n={n} {...actions} />
        </div>
      }
    >
      {editing ? (
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          <NicknameForm id={n.id} number={numberName(n)} nickname={n.nickname} onClose={close} />
        </div>
      ) : null}
    </CompactRowCard>
  );
}
