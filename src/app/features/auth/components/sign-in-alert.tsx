import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * The form's two alerts: a session that ended (?reason=expired) and a failure of the form as a whole. Each
 * is due only then, so the form loads this module when one is (`lazy`): Alert, its close button and the
 * icon are ~1 KB gzip that a first visit need not load (`npm run size`).
 */
export function SignInAlert({ tone, title, children }: { tone: 'warning' | 'error'; title?: string; children: string }) {
  return (
    <Alert color={tone === 'warning' ? 'yellow' : 'red'} variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={title}>
      {children}
    </Alert>
  );
}
