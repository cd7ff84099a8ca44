import { Badge, NavLink, Stack, Text } from '@mantine/core';
import { useFormState } from 'react-hook-form';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import type { AssistantFormValues } from '../lib/form-schema';
import { ASSISTANT_SECTIONS, countSectionErrors } from '../lib/sections';

/** How long a jump waits for held-back sections to load before it stops following its target. */
const SETTLE_MS = 2_000;

/**
 * Scrolls to a section. A click here loads the held-back sections (see Deferred): as they replace their
 * placeholders the target moves, so the jump goes again once none is left loading.
 */
function jumpTo(id: string) {
  const go = () => document.getElementById(`section-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  go();
  const until = performance.now() + SETTLE_MS;
  const settle = () => {
    if (document.querySelector('[id^="section-"][aria-busy]') === null) go();
    else if (performance.now() < until) requestAnimationFrame(settle);
  };
  requestAnimationFrame(settle);
}

/** Jumps to a section of the form; a section with mistakes shows how many. */
export function SectionNav() {
  const { errors } = useFormState<AssistantFormValues>();
  return (
    <Stack gap={2} component="nav" aria-label={m.assistants_nav_label()}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4} px="sm">
        {m.assistants_nav_heading()}
      </Text>
      {ASSISTANT_SECTIONS.map((s) => {
        const count = countSectionErrors(errors as Record<string, unknown>, s.fields);
        return (
          <NavLink
            key={s.id}
            component="button"
            type="button"
            label={s.title()}
            onClick={() => jumpTo(s.id)}
            rightSection={
              count > 0 ? (
                <Badge color="red" size="sm" circle aria-label={m.assistants_nav_to_fix({ count: formatNumber(count) })}>
                  {formatNumber(count)}
                </Badge>
              ) : null
            }
            styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' } }}
          />
        );
      })}
    </Stack>
  );
}
