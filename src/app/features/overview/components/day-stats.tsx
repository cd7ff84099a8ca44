import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import type { DayStats } from '@contract/live';
import { m } from '@/i18n';
import { compareMetric, METRICS } from '../lib/format';

/**
 * Today against yesterday: calls, answer rate, minutes, cost. The change is a word and a sign, not only
 * a colour or an arrow (more calls is not "good" or "bad" here: it is neutral).
 */
export function DayStatsGrid({ today, yesterday }: { today: DayStats | null; yesterday: DayStats | null }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="day-stats">
      {METRICS.map(({ key, label }) => {
        const c = compareMetric(key, today, yesterday);
        const Arrow = c.direction === 'up' ? IconArrowUpRight : c.direction === 'down' ? IconArrowDownRight : IconMinus;
        return (
          <Paper key={key} withBorder p="md" radius="md" data-testid={`stat-${key}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {m.overview_metric_today({ metric: label() })}
            </Text>
            <Text fz={26} fw={700} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="stat-today">
              {c.today}
            </Text>
            <Group gap={6} mt={4} wrap="nowrap">
              {c.direction ? <Arrow size={14} aria-hidden stroke={1.8} color="var(--mantine-color-dimmed)" /> : null}
              <Text size="sm" c="dimmed" data-testid="stat-change">
                {c.change ? m.overview_change_vs_yesterday({ change: c.change, yesterday: c.yesterday }) : m.overview_yesterday({ value: c.yesterday })}
              </Text>
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
