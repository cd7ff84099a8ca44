import { Center, EmptyState, Stack } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { ButtonLink } from './links';
import { documentTitle } from './brand';
import { m } from '@/i18n';

export function NotFound() {
  useDocumentTitle(documentTitle(m.shell_not_found_title()));
  return (
    <Center mih="60vh" p="md">
      <Stack align="center">
        <EmptyState
          icon={<IconMapQuestion size={28} aria-hidden />}
          variant="light"
          title={m.shell_not_found_title()}
          description={m.shell_not_found_description()}
        />
        <ButtonLink to="/assistants" variant="light">
          {m.shell_not_found_action()}
        </ButtonLink>
      </Stack>
    </Center>
  );
}
