import { Alert, Badge, Button, Code, CopyButton, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconCheck, IconCopy, IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { ErrorState } from '@/components/error-state';
import { LookupCard } from '@/components/lookup-card';
import { TableSkeleton } from '@/components/table-skeleton';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';
import { useOurSipAddress, useSipTrunks } from '../api/sip-trunks';

/**
 * "Our SIP address": where the customer's carrier or PBX sends a trunk's calls, from the local service's
 * GET /api/local/info (PUBLIC_SIP_HOST and SIP_PORT). Nothing on a host that does not say (the hosted service).
 */
export function OurSipAddress() {
  const info = useOurSipAddress();
  const sip = info.data;
  if (!sip?.address) return null;
  const address = `${sip.address}:${sip.port ?? 5060}`;
  return (
    <Alert color={sip.enabled ? 'blue' : 'gray'} variant="light" title={m.numbers_sip_our_address()} data-testid="our-sip-address">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm" data-testid="our-sip-address-value">
            {address}
          </Code>
          <CopyButton value={address}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="subtle" onClick={copy} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}>
                {copied ? m.numbers_sip_copied() : m.numbers_sip_copy()}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{m.numbers_sip_our_address_hint()}</Text>
        {sip.enabled ? null : (
          <Text size="sm" c="dimmed">
            {m.numbers_sip_not_running()}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** The Numbers page's SIP trunks: the list (each opens its page), "Add SIP trunk", and our SIP address. */
export function SipTrunksCard() {
  const trunks = useSipTrunks();

  function body() {
    if (trunks.isError && trunks.data === undefined) {
      return <ErrorState error={trunks.error} title={m.numbers_sip_error()} onRetry={() => void trunks.refetch()} retrying={trunks.isFetching} />;
    }
    if (trunks.data === undefined) return <TableSkeleton columns={4} />;
    if (trunks.data.length === 0) {
      return <EmptyState icon={<IconPlugConnected size={24} aria-hidden />} title={m.numbers_sip_empty()} description={m.numbers_sip_empty_description()} size="sm" py="md" />;
    }
    return (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid="sip-trunk-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.numbers_sip_col_number()}</Table.Th>
              <Table.Th>{m.numbers_sip_col_username()}</Table.Th>
              <Table.Th>{m.numbers_sip_col_address()}</Table.Th>
              <Table.Th>{m.numbers_sip_col_auth()}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trunks.data.map((t) => {
              const number = t.phone_number ?? `#${t.id}`;
              return (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    <Link to="/numbers/sip-trunks/$trunkId" params={{ trunkId: String(t.id) }} aria-label={m.numbers_sip_open({ number })}>
                      {number}
                    </Link>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {t.sip_username ?? DASH}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {t.sip_address ?? DASH}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={t.inbound_authorization_type === 'ip' ? 'grape' : 'blue'} radius="sm">
                      {t.inbound_authorization_type === 'ip' ? m.numbers_sip_auth_ip() : m.numbers_sip_auth_auth()}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <LookupCard
      title={m.numbers_sip_title()}
      testId="sip-trunks"
      count={trunks.data?.length}
      description={m.numbers_sip_description()}
      controls={
        <Button component={Link} to="/numbers/sip-trunks/new" size="xs" leftSection={<IconPlus size={14} aria-hidden />} data-testid="add-sip-trunk">
          {m.numbers_sip_add()}
        </Button>
      }
    >
      <OurSipAddress />
      {body()}
    </LookupCard>
  );
}
