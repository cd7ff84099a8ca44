import { Center, EmptyState, Stack } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { ButtonLink } from './links';
import { PRODUCT_NAME } from './brand';

export function NotFound() {
  useDocumentTitle(`Page not found · ${PRODUCT_NAME}`);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center">
        <EmptyState
          icon={<IconMapQuestion size={28} aria-hidden />}
          variant="light"
          title="Page not found"
          description="There is no page at this address. It may have moved, or the link may be mistyped."
        />
        <ButtonLink to="/assistants" variant="light">
          Go to Assistants
        </ButtonLink>
      </Stack>
    </Center>
  );
}
