import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconWaveSine } from '@tabler/icons-react';

export const PRODUCT_NAME = 'Voice Console';

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
