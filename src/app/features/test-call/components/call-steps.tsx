import { Badge, Group, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { m } from '@/i18n';
import type { CallProgress } from '../lib/steps';

/**
 * The call's steps as a stepper, and its outcome in words under it. Skipped steps (never answered) are
 * grey with a dash; the outcome step takes the outcome's colour.
 */
export function CallSteps({ progress }: { progress: CallProgress }) {
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const { outcome } = progress;
  const bad = outcome !== null && !outcome.answered && outcome.color !== null;
  return (
    <div data-testid="call-steps" data-live={progress.live || undefined}>
      <Stepper
        active={progress.active}
        size="xs"
        iconSize={28}
        orientation={narrow ? 'vertical' : 'horizontal'}
        allowNextStepsSelect={false}
        aria-label={m.testcall_steps_label()}
        // Five steps on one line in the dialog: the separators give up their wide margins.
        styles={{ separator: { marginInline: 6, minWidth: 8 }, stepBody: { marginInlineStart: 6 } }}
      >
        {progress.steps.map((s) => {
          const isOutcome = s.key === 'outcome';
          return (
            <Stepper.Step
              key={s.key}
              label={s.label}
              description={s.note ?? undefined}
              loading={s.state === 'current'}
              color={s.state === 'skipped' ? 'gray' : isOutcome && outcome?.color ? outcome.color : undefined}
              completedIcon={s.state === 'skipped' ? <IconMinus size={16} aria-hidden /> : isOutcome && bad ? <IconX size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />}
              data-testid="call-step"
              data-step={s.key}
              data-state={s.state}
            />
          );
        })}
      </Stepper>
      {outcome ? (
        <Group gap="xs" mt="md" wrap="nowrap" align="center" data-testid="call-outcome" data-status={outcome.label}>
          {outcome.color ? (
            <Badge color={outcome.color} variant="light" radius="sm" tt="none" fw={600} style={{ flexShrink: 0 }}>
              {outcome.label}
            </Badge>
          ) : (
            <Text span fw={600} size="sm">
              {outcome.label}
            </Text>
          )}
          <Text size="sm">{outcome.text}</Text>
        </Group>
      ) : null}
    </div>
  );
}
