import { Card, Code, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { m } from '@/i18n';

/**
 * Where the token comes from, as the local service words it (GET /local/info: its own text, shown as
 * sent). A bordered card with an icon rather than Mantine's Alert: the hint shows on every first visit to
 * a local service, and Alert with its close button was ~1 KB gzip more of the sign-in page (`npm run size`),
 * whose other parts load Card, Group and Text already.
 */
export function SignInHint({ hint, demo }: { hint: string; demo: boolean }) {
  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-indigo-light)" data-testid="sign-in-hint">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconInfoCircle size={18} aria-hidden color="var(--mantine-color-indigo-light-color)" style={{ flexShrink: 0, marginTop: 2 }} />
        <div>
          <Text size="sm" fw={700} c="var(--mantine-color-indigo-light-color)">
            {demo ? m.auth_hint_demo() : m.auth_hint_token()}
          </Text>
          <Text size="sm">{withCode(hint)}</Text>
        </div>
      </Group>
    </Card>
  );
}

/** The hint marks commands with backticks; show those as code. */
function withCode(text: string) {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part));
}
