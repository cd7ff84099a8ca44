import { Alert, Code, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { m } from '@/i18n';

/**
 * Where the token comes from, as the local service words it (GET /local/info: its own text, shown as
 * sent). It appears only once that answer is in, so the form loads it then (`lazy`), off the sign-in
 * page's first load.
 */
export function SignInHint({ hint, demo }: { hint: string; demo: boolean }) {
  return (
    <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} aria-hidden />} title={demo ? m.auth_hint_demo() : m.auth_hint_token()} data-testid="sign-in-hint">
      <Text size="sm">{withCode(hint)}</Text>
    </Alert>
  );
}

/** The hint marks commands with backticks; show those as code. */
function withCode(text: string) {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part));
}
