import { Fragment, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Box, Group, Stack, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconChevronUp, IconSelector, IconTrash } from '@tabler/icons-react';
import type { Lead, SecondaryContact } from '@contract/lead';
import { CompactRowCard } from '@/components/compact-row-card';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { countryOf, formatNational } from '@/lib/phone';
import { variableText } from '@/lib/variables';
import { customerEmail, customerName, formatLeadDateAndTime, formatLeadTime } from '../lib/format';
import type { LeadSort } from '../lib/list-params';
import { LeadStatusBadge } from '@/components/lead-status-badge';

/** A stored number: national format with its country, E.164 on hover (and in the title for copy). */
export function PhoneText({ e164, size = 'sm', fw }: { e164: string | null; size?: string; fw?: number }) {
  if (!e164)
    return (
      <Text span size={size} c="dimmed">
        {DASH}
      </Text>
    );
  const country = countryOf(e164);
  const national = formatNational(e164);
  return (
    <Tooltip label={e164} withArrow openDelay={150}>
      <Text span size={size} fw={fw} style={{ whiteSpace: 'nowrap' }} data-e164={e164} data-testid="lead-phone">
        {country ? (
          <Text span size="xs" c="dimmed" mr={6} ff="monospace">
            {country}
          </Text>
        ) : null}
        {national}
      </Text>
    </Tooltip>
  );
}

function VariablesList({ variables, skip = [] }: { variables: Record<string, unknown>; skip?: string[] }) {
  const entries = Object.entries(variables).filter(([k]) => !skip.includes(k));
  if (entries.length === 0)
    return (
      <Text span size="xs" c="dimmed">
        {m.leads_no_variables()}
      </Text>
    );
  return (
    <Group gap={6}>
      {entries.map(([k, v]) => (
        <Badge key={k} variant="default" tt="none" fw={400} size="sm" maw={280} title={`${k}: ${variableText(v)}`}>
          {k}: {variableText(v)}
        </Badge>
      ))}
    </Group>
  );
}

function ContactRows({ contacts }: { contacts: SecondaryContact[] }) {
  return (
    <Stack gap={6} data-testid="secondary-contacts">
      {contacts.map((c) => (
        <Group key={c.id} gap="sm" wrap="wrap" data-testid="secondary-contact">
          <PhoneText e164={c.phone_number} />
          <LeadStatusBadge status={c.status} />
          <VariablesList variables={c.variables} />
        </Group>
      ))}
    </Stack>
  );
}

/** The lead's campaign by name, else by id; "—" when the host names neither. */
function campaignLabel(lead: Lead): string {
  const id = lead.campaign_id ?? lead.campaign?.id ?? null;
  return lead.campaign?.name || (id !== null ? `#${id}` : DASH);
}

/** Date over time, so the column stays narrow. */
function CreatedCell({ value }: { value: string | null }) {
  const { date, time } = formatLeadDateAndTime(value);
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {date || DASH}
      </Text>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </>
  );
}

interface Column {
  id: string;
  key: LeadSort | null;
  label: string;
  also?: { key: LeadSort; label: string };
}

/** Name and email share a column (name over email), each with its own sort. Made at render time: the labels follow the language. */
function columnsOf(): Column[] {
  return [
    { id: 'phone', key: 'phone', label: m.leads_field_phone_number() },
    { id: 'name', key: 'name', label: m.leads_field_customer_name(), also: { key: 'email', label: m.leads_field_email() } },
    { id: 'campaign', key: 'campaign', label: m.leads_field_campaign() },
    { id: 'status', key: 'status', label: m.common_status() },
    { id: 'contacts', key: 'contacts', label: m.leads_field_contacts() },
    { id: 'created', key: 'created', label: m.common_created() },
  ];
}

const SORT_LABELS: Record<LeadSort, () => string> = {
  phone: m.leads_sort_phone,
  name: m.leads_sort_name,
  email: m.leads_sort_email,
  campaign: m.leads_sort_campaign,
  status: m.leads_sort_status,
  contacts: m.leads_sort_contacts,
  created: m.leads_sort_created,
};

function SortHeader({ label, sort, active, dir, onClick }: { label: string; sort: LeadSort; active: boolean; dir: 'asc' | 'desc'; onClick: () => void }) {
  const Icon = active ? (dir === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <UnstyledButton onClick={onClick} aria-label={SORT_LABELS[sort]()} style={{ whiteSpace: 'nowrap' }}>
      <Group gap={4} wrap="nowrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

export interface LeadsTableProps {
  leads: Lead[];
  sort?: LeadSort;
  dir?: 'asc' | 'desc';
  onSort?: (sort: LeadSort) => void;
  /** The edit link around a lead's phone number. */
  renderEditLink: (lead: Lead, children: ReactNode) => ReactNode;
  onDelete?: (lead: Lead) => void;
  deletingId?: number | null;
  /** Leave out the campaign column (a campaign's own page). */
  hideCampaign?: boolean;
  /** Cards instead of a wide table. */
  compact?: boolean;
}

/**
 * The leads of one page. A lead with secondary contacts opens a row under it that lists them. Every value
 * from the API is rendered as text.
 */
export function LeadsTable({ leads, sort, dir = 'desc', onSort, renderEditLink, onDelete, deletingId, hideCampaign, compact }: LeadsTableProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const deleteButton = (lead: Lead) =>
    onDelete ? (
      <Tooltip label={m.leads_delete_lead()}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => onDelete(lead)}
          loading={deletingId === lead.id}
          aria-label={m.leads_delete_lead_named({ lead: lead.phone_number ?? lead.id })}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    ) : null;

  if (compact) {
    return (
      <Stack gap="sm" data-testid="leads-table">
        {leads.map((lead) => (
          <CompactRowCard
            key={lead.id}
            data-testid="lead-row"
            data-lead-id={lead.id}
            main={
              <>
                {renderEditLink(lead, <PhoneText e164={lead.phone_number} fw={600} />)}
                <Text size="sm" truncate>
                  {customerName(lead) || (
                    <Text span c="dimmed">
                      {m.leads_no_name()}
                    </Text>
                  )}
                </Text>
                {customerEmail(lead) ? (
                  <Text size="xs" c="dimmed" truncate>
                    {customerEmail(lead)}
                  </Text>
                ) : null}
              </>
            }
            aside={
              <Group gap={4} wrap="nowrap">
                <LeadStatusBadge status={lead.status} />
                {deleteButton(lead)}
              </Group>
            }
          >
            <Group gap="xs" mt={6} justify="space-between">
              <Text size="xs" c="dimmed">
                {hideCampaign ? '' : `${campaignLabel(lead)} · `}
                {formatLeadTime(lead.created_at) || DASH}
              </Text>
              {lead.secondary_contacts.length > 0 ? (
                <UnstyledButton onClick={() => toggle(lead.id)} aria-expanded={open.has(lead.id)}>
                  <Text size="xs" c="blue">
                    {m.leads_secondary_count({ count: formatNumber(lead.secondary_contacts.length) })}
                  </Text>
                </UnstyledButton>
              ) : null}
            </Group>
            {open.has(lead.id) ? (
              <Box mt="xs" pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
                <ContactRows contacts={lead.secondary_contacts} />
              </Box>
            ) : null}
          </CompactRowCard>
        ))}
      </Stack>
    );
  }

  const columns = columnsOf().filter((c) => !(hideCampaign && c.key === 'campaign'));
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs" horizontalSpacing="xs" highlightOnHover data-testid="leads-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th
                key={c.id}
                aria-sort={(c.key && c.key === sort) || c.also?.key === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                <Group gap="xs" wrap="nowrap">
                  {c.key && onSort ? <SortHeader label={c.label} sort={c.key} active={c.key === sort} dir={dir} onClick={() => onSort(c.key!)} /> : c.label}
                  {c.also ? (
                    <>
                      <Text span c="dimmed" size="sm" aria-hidden>
                        /
                      </Text>
                      {onSort ? (
                        <SortHeader label={c.also.label} sort={c.also.key} active={c.also.key === sort} dir={dir} onClick={() => onSort(c.also!.key)} />
                      ) : (
                        c.also.label
                      )}
                    </>
                  ) : null}
                </Group>
              </Table.Th>
            ))}
            {onDelete ? (
              <Table.Th w={44}>
                <VisuallyHidden>{m.common_actions()}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Fragment key={lead.id}>
              <Table.Tr data-testid="lead-row" data-lead-id={lead.id}>
                <Table.Td>{renderEditLink(lead, <PhoneText e164={lead.phone_number} />)}</Table.Td>
                <Table.Td maw={210}>
                  <Text size="sm" truncate title={customerName(lead)} data-testid="lead-name">
                    {customerName(lead) || DASH}
                  </Text>
                  <Text size="xs" c="dimmed" truncate title={customerEmail(lead)} data-testid="lead-email">
                    {customerEmail(lead)}
                  </Text>
                </Table.Td>
                {hideCampaign ? null : (
                  <Table.Td maw={150}>
                    <Text size="sm" truncate title={lead.campaign?.name || undefined}>
                      {campaignLabel(lead)}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <LeadStatusBadge status={lead.status} />
                </Table.Td>
                <Table.Td>
                  {lead.secondary_contacts.length > 0 ? (
                    <UnstyledButton
                      onClick={() => toggle(lead.id)}
                      aria-expanded={open.has(lead.id)}
                      aria-label={(open.has(lead.id) ? m.leads_contacts_hide : m.leads_contacts_show)({
                        count: formatNumber(lead.secondary_contacts.length),
                        lead: lead.phone_number ?? m.leads_this_lead(),
                      })}
                      data-testid="lead-contacts-count"
                    >
                      <Group gap={2} wrap="nowrap">
                        {open.has(lead.id) ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                        <Text size="sm" c="blue">
                          {formatNumber(lead.secondary_contacts.length)}
                        </Text>
                      </Group>
                    </UnstyledButton>
                  ) : (
                    <Text size="sm" c="dimmed" pl={16} data-testid="lead-contacts-count">
                      0
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <CreatedCell value={lead.created_at} />
                </Table.Td>
                {onDelete ? <Table.Td>{deleteButton(lead)}</Table.Td> : null}
              </Table.Tr>
              {open.has(lead.id) ? (
                <Table.Tr bg="var(--mantine-color-default-hover)">
                  <Table.Td colSpan={columns.length + (onDelete ? 1 : 0)} pl="xl">
                    <Text size="xs" c="dimmed" mb={4}>
                      {m.leads_contacts_of({ phone: lead.phone_number ?? DASH })}
                    </Text>
                    <ContactRows contacts={lead.secondary_contacts} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
