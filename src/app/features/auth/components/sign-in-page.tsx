import { Box, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Brand, documentTitle } from '@/components/brand';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { m } from '@/i18n';
import { SignInCorner } from './sign-in-corner';
import { SignInForm } from './sign-in-form';

/**
 * The sign-in screen, free of the router: a fresh visit without a session shows it from a small boot
 * bundle of its own (boot/sign-in.tsx), and the router's /sign-in route shows it when a session ends
 * inside the console.
 */
export function SignInPage({ expired, onSignedIn }: { expired: boolean; onSignedIn: () => void }) {
  useDocumentTitle(documentTitle(m.auth_sign_in()));
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)" pos="relative">
      <SkipLink />
      <Box pos="absolute" top={12} right={12} style={{ zIndex: 1 }}>
        <SignInCorner />
      </Box>
      <Center component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100dvh" px="md" pt={64} pb="xl">
        <Stack w="100%" maw={440} gap="lg">
          <Stack gap={6} align="center">
            <Brand size="lg" />
            <Text c="dimmed" size="sm" ta="center">
              {m.auth_tagline()}
            </Text>
          </Stack>
          <Card shadow="sm" padding="xl">
            <Title order={2} fz="h3" mb="md">
              {m.auth_sign_in()}
            </Title>
            <SignInForm expired={expired} onSignedIn={onSignedIn} />
          </Card>
        </Stack>
      </Center>
    </Box>
  );
}
