import { AppShell, Badge, Burger, Group, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de';
import { IconServer } from '@tabler/icons-react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { describeApiHost, useSession } from '@/api/session';
import { LiveIndicator } from '@/live/live-indicator';
import { PaletteHost } from '@/palette/components/palette-host';
import { currentLocale, m } from '@/i18n';
import { navItems } from '@/lib/nav';
import { Brand } from './brand';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { RouterNavLink } from './links';
import { useShellPrefetch } from './shell-prefetch';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

/** The frame of every signed-in page: header, navigation (behind a burger on a phone), content. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  const host = describeApiHost(session?.host);
  useShellPrefetch();

  // Modals (confirmations) are for signed-in pages; inside the router so their content can link. The
  // date pickers (@mantine/dates, dayjs) speak the console's language; the sign-in page loads neither.
  return (
    <DatesProvider settings={{ locale: currentLocale() }}>
    <ModalsProvider labels={{ confirm: m.common_confirm(), cancel: m.common_cancel() }}>
    <SkipLink />
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? m.shell_nav_close() : m.shell_nav_open()} />
            <Brand />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={session?.host ? m.shell_api_host_custom({ host: session.host }) : m.shell_api_host_same()}>
              <Badge
                visibleFrom="sm"
                variant="light"
                color={session?.host ? 'grape' : 'gray'}
                size="lg"
                radius="sm"
                leftSection={<IconServer size={14} aria-hidden />}
                tt="none"
                fw={500}
                data-testid="api-host"
                maw={320}
              >
                {host}
              </Badge>
            </Tooltip>
            <LiveIndicator visibleFrom="sm" />
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={m.shell_nav_label()}>
        <AppShell.Section grow component={ScrollArea}>
          {navItems.map((item) => {
            const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
            return (
              <RouterNavLink
                key={item.to}
                to={item.to}
                label={item.label()}
                leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={close}
                variant="light"
                styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontSize: 'var(--mantine-font-size-sm)' } }}
                mb={2}
              />
            );
          })}
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" p="xs">
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {m.shell_api_host_line({ host })}
          </Text>
          <LiveIndicator hiddenFrom="sm" />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
    <PaletteHost />
    </ModalsProvider>
    </DatesProvider>
  );
}
