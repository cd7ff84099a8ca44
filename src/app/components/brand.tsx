import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconWaveSine } from '@tabler/icons-react';

/** The product's name: a name, the same in every language. */
export const PRODUCT_NAME = 'Voice Console';

/** A page's document title ("Calls · Voice Console"; the same shape in every language): pass the page's translated title. */
export function documentTitle(page: string): string {
  return `${page} · ${PRODUCT_NAME}`;
}

export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 36 : 28} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}>
        <IconWaveSine size={size === 'lg' ? 22 : 18} stroke={2} aria-hidden />
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 'xl' : 'lg'} style={{ whiteSpace: 'nowrap' }}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
