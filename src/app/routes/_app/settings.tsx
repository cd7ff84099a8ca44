import { Button, Card, Code, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { apiBaseUrlOf, describeApiHost, useSession } from '../../api/session';
import { PageHeader } from '../../components/page-header';
import { signOut } from '../../components/user-menu';
import { AccountCard } from '../../features/account/components/account-card';
import { meQuery } from '../../features/account/api/get-me';
import { SigningSecretCard } from '../../features/webhooks/components/signing-secret-card';

export const Route = createFileRoute('/_app/settings')({
  // Prefetch, never throw: the account card shows its own error with a retry.
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(meQuery()),
  component: SettingsPage,
});

function SettingsPage() {
  const session = useSession();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const started = session ? new Date(session.startedAt) : null;

  return (
    <>
      <PageHeader title="Settings" description="Your account, this browser's session, webhook signing and appearance." />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AccountCard />
        <Card component="section" aria-label="Session">
          <Title order={2} fz="lg" mb="sm">
            Session
          </Title>
          <Table variant="vertical" layout="fixed" withRowBorders={false} highlightOnHover={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={130}>API host</Table.Th>
                <Table.Td data-testid="session-host">
                  <Stack gap={2}>
                    <Text size="sm">{session?.host ? 'Another host' : 'This server'}</Text>
                    <Code style={{ wordBreak: 'break-all' }}>{session?.host ? apiBaseUrlOf(session.host) : describeApiHost(null)}</Code>
                  </Stack>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Remember me</Table.Th>
                <Table.Td data-testid="session-remember">
                  <Text size="sm">
                    {session?.remember
                      ? 'On: the session stays in this browser (localStorage) until you sign out.'
                      : 'Off: the session lives in this tab only (sessionStorage) and ends when it closes.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Signed in</Table.Th>
                <Table.Td>
                  <Text size="sm">{started && !Number.isNaN(started.getTime()) ? started.toLocaleString() : '—'}</Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Token</Table.Th>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    Kept in this browser and sent only to the API host. It is never shown again.
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group mt="md">
            <Button color="red" variant="light" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut}>
              Sign out
            </Button>
          </Group>
        </Card>

        <SigningSecretCard />

        <Card component="section" aria-label="Appearance">
          <Title order={2} fz="lg" mb="sm">
            Appearance
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Light, dark, or whatever this device prefers. Remembered in this browser.
          </Text>
          <SegmentedControl
            aria-label="Color scheme"
            value={colorScheme}
            onChange={(v) => setColorScheme(v as MantineColorScheme)}
            data={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
              { value: 'auto', label: 'Auto' },
            ]}
          />
        </Card>
      </SimpleGrid>
    </>
  );
}
