import { Group, Progress } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { m } from '@/i18n';
import { formatPercent } from '@/i18n/format';

/** The microphone's level (0..1) as a meter a screen reader can read. */
export function MicMeter({ level, active }: { level: number; active: boolean }) {
  const value = Math.round(Math.max(0, Math.min(1, level)) * 100);
  return (
    <Group gap={6} wrap="nowrap" style={{ flex: '1 1 8rem', minWidth: '6rem' }}>
      <IconMicrophone size={16} aria-hidden style={{ flexShrink: 0, opacity: active ? 1 : 0.4 }} />
      <div
        role="meter"
        aria-label={m.webcall_mic_level()}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={formatPercent(value / 100)}
        data-testid="web-call-meter"
        style={{ flex: 1 }}
      >
        <Progress value={value} size="md" color={active ? 'teal' : 'gray'} transitionDuration={80} aria-hidden />
      </div>
    </Group>
  );
}
