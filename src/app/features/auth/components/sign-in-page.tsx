import { Box, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Brand, PRODUCT_NAME } from '../../../components/brand';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { SignInForm } from './sign-in-form';

/**
 * The sign-in screen, free of the router: a fresh visit without a session shows it from a small boot
 * bundle of its own (boot/sign-in.tsx), and the router's /sign-in route shows it when a session ends
 * inside the console.
 */
export function SignInPage({ expired, onSignedIn }: { expired: boolean; onSignedIn: () => void }) {
  useDocumentTitle(`Sign in · ${PRODUCT_NAME}`);
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)" pos="relative">
      <Box pos="absolute" top={12} right={12}>
        <ColorSchemeToggle />
      </Box>
      <Center mih="100dvh" px="md" py="xl">
        <Stack w="100%" maw={440} gap="lg">
          <Stack gap={6} align="center">
            <Brand size="lg" />
            <Text c="dimmed" size="sm" ta="center">
              Configure voice assistants, follow their calls, and manage leads and campaigns.
            </Text>
          </Stack>
          <Card shadow="sm" padding="xl">
            <Title order={2} fz="h3" mb="md">
              Sign in
            </Title>
            <SignInForm expired={expired} onSignedIn={onSignedIn} />
          </Card>
        </Stack>
      </Center>
    </Box>
  );
}
