import { Box, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import * as z from '../lib/zod-mini';
import { getSession } from '../api/session';
import { Brand, PRODUCT_NAME } from '../components/brand';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { safeRedirect } from '../lib/paths';

const signInSearch = z.object({
  /** The page to go back to after signing in (a path of this console; anything else is ignored). */
  redirect: z.catch(z.optional(z.string()), undefined),
  reason: z.catch(z.optional(z.enum(['expired'])), undefined),
});

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearch,
  beforeLoad: ({ search }) => {
    if (getSession()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: SignInPage,
});

function SignInPage() {
  useDocumentTitle(`Sign in · ${PRODUCT_NAME}`);
  const search = Route.useSearch();
  const navigate = useNavigate();
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
            <SignInForm
              expired={search.reason === 'expired'}
              onSignedIn={() => void navigate({ href: safeRedirect(search.redirect), replace: true })}
            />
          </Card>
        </Stack>
      </Center>
    </Box>
  );
}
