import { Button, Card, Code, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { apiBaseUrlOf, describeApiHost, useSession } from '@/api/session';
import { LanguageSwitch } from '@/components/language-switch';
import { PageHeader } from '@/components/page-header';
import { signOut } from '@/components/user-menu';
import { AccountCard } from '@/features/account/components/account-card';
import { meQuery } from '@/api/get-me';
import { SigningSecretCard } from '@/features/webhooks/components/signing-secret-card';
import { m } from '@/i18n';
import { formatInstant } from '@/i18n/format';

export const Route = createFileRoute('/_app/settings')({
  // Prefetch, never throw: the account card shows its own error with a retry.
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(meQuery()),
  component: SettingsPage,
});

function SettingsPage() {
  const session = useSession();
  const { colorScheme, setColorScheme } = useMantineColorScheme();

  return (
    <>
      <PageHeader title={m.shell_nav_settings()} description={m.shell_settings_description()} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AccountCard />
        <Card component="section" aria-label={m.shell_settings_session()}>
          <Title order={2} fz="lg" mb="sm">
            {m.shell_settings_session()}
          </Title>
          <Table variant="vertical" layout="fixed" withRowBorders={false} highlightOnHover={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={130}>{m.shell_settings_api_host()}</Table.Th>
                <Table.Td data-testid="session-host">
                  <Stack gap={2}>
                    <Text size="sm">{session?.host ? m.shell_settings_another_host() : m.shell_settings_this_server()}</Text>
                    <Code style={{ wordBreak: 'break-all' }}>{session?.host ? apiBaseUrlOf(session.host) : describeApiHost(null)}</Code>
                  </Stack>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{m.shell_settings_remember()}</Table.Th>
                <Table.Td data-testid="session-remember">
                  <Text size="sm">{session?.remember ? m.shell_settings_remember_on() : m.shell_settings_remember_off()}</Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{m.shell_settings_signed_in()}</Table.Th>
                <Table.Td>
                  <Text size="sm">{formatInstant(session?.startedAt)}</Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{m.shell_settings_token()}</Table.Th>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {m.shell_settings_token_note()}
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group mt="md">
            <Button color="red" variant="light" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut}>
              {m.shell_sign_out()}
            </Button>
          </Group>
        </Card>

        <SigningSecretCard />

        <Card component="section" aria-label={m.shell_settings_appearance()}>
          <Title order={2} fz="lg" mb="sm">
            {m.shell_settings_appearance()}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {m.shell_settings_appearance_hint()}
          </Text>
          <SegmentedControl
            aria-label={m.shell_settings_color_scheme()}
            value={colorScheme}
            onChange={(v) => setColorScheme(v as MantineColorScheme)}
            data={[
              { value: 'light', label: m.shell_settings_light() },
              { value: 'dark', label: m.shell_settings_dark() },
              { value: 'auto', label: m.shell_settings_auto() },
            ]}
          />
          <Title order={3} fz="md" mt="lg" mb={4} id="settings-language">
            {m.common_language()}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {m.shell_settings_language_hint()}
          </Text>
          <LanguageSwitch size="sm" aria-label={undefined} aria-labelledby="settings-language" />
        </Card>
      </SimpleGrid>
    </>
  );
}
