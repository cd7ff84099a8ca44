import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { describeApiHost, endSession, useSession } from '@/api/session';
import { BalanceLine } from './balance-line';
import { notifySuccess } from '@/lib/notify';
import { m } from '@/i18n';

export function signOut() {
  endSession('signed-out');
  notifySuccess(m.shell_signed_out_message(), m.shell_signed_out_title());
}

export function UserMenu() {
  const session = useSession();
  return (
    <Menu position="bottom-end" width={260} withArrow shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={m.shell_account_menu()}>
          <IconUserCircle size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{m.shell_menu_signed_in()}</Menu.Label>
        <Text size="xs" c="dimmed" px="sm" pb="xs" style={{ wordBreak: 'break-all' }}>
          {session?.remember
            ? m.shell_menu_remembered({ host: describeApiHost(session.host) })
            : m.shell_menu_tab_only({ host: describeApiHost(session?.host) })}
        </Text>
        <BalanceLine />
        <Menu.Divider />
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
          {m.shell_nav_settings()}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" c="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut}>
          {m.shell_sign_out()}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
