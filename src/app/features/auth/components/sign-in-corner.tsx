import { Group } from '@mantine/core';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';
import { LanguageSwitch } from '@/components/language-switch';

/** The sign-in page's top right corner: language and colour scheme. */
export function SignInCorner() {
  return (
    <Group gap="xs" wrap="nowrap">
      <LanguageSwitch />
      <ColorSchemeToggle />
    </Group>
  );
}
