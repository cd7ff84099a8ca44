import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { describeApiHost, endSession, useSession } from '../api/session';
import { BalanceLine } from '../features/account/components/balance-line';
import { notifySuccess } from '../lib/notify';

export function signOut() {
  endSession('signed-out');
  notifySuccess('You are signed out. The token was removed from this browser.', 'Signed out');
}

export function UserMenu() {
  const session = useSession();
  return (
    <Menu position="bottom-end" width={260} withArrow shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Account menu">
          <IconUserCircle size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in with an API token</Menu.Label>
        <Text size="xs" c="dimmed" px="sm" pb="xs" style={{ wordBreak: 'break-all' }}>
          {describeApiHost(session?.host)}
          {session?.remember ? ' · remembered on this device' : ' · this tab only'}
        </Text>
        <BalanceLine />
        <Menu.Divider />
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
