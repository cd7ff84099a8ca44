import { Box, Group, Text } from '@mantine/core';

/** A value with a coloured dot: plain text, so a narrow column never cuts it short. */
export function StatusDot({ color, children }: { color: string; children: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={8} h={8} bg={`${color}.6`} style={{ borderRadius: 8, flexShrink: 0 }} aria-hidden />
      <Text size="sm" span>
        {children}
      </Text>
    </Group>
  );
}
