import { SimpleGrid, Stack } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as z from '@/lib/zod-mini';
import { PageHeader } from '@/components/page-header';
import { languagesQuery } from '@/api/get-languages';
import { modelsQuery } from '@/api/get-models';
import { phoneNumbersQuery } from '@/api/get-phone-numbers';
import { voicesQuery } from '@/api/get-voices';
import { VoicesCard, type VoiceFilter } from '@/features/lookups/components/voices-card';
import { ModelsCard } from '@/features/lookups/components/models-card';
import { LanguagesCard } from '@/features/lookups/components/languages-card';
import { OwnedNumbersCard, type PhoneFilter } from '@/features/phone-numbers/components/owned-numbers-card';
import { BuyNumberCard } from '@/features/phone-numbers/components/buy-number-card';
import { ImportNumberButton } from '@/features/phone-numbers/components/import-number-button';
import { SipTrunksCard } from '@/features/phone-numbers/components/sip-trunks-card';
import { sipTrunksQuery } from '@/features/phone-numbers/api/sip-trunks';
import { ownedNumbersQuery } from '@/features/phone-numbers/api/get-owned-numbers';
import { searchNumbersQuery } from '@/features/phone-numbers/api/search-numbers';
import { meQuery } from '@/api/get-me';
import { m } from '@/i18n';

const defaults = { phones: 'all', voices: 'all' } as const;

// zod/mini: validateSearch stays in the entry chunk (the router needs it to match), which the sign-in
// page loads; full zod there would cost tens of kB.
const numbersSearch = z.object({
  phones: z.catch(z._default(z.enum(['all', 'inbound', 'outbound']), defaults.phones), defaults.phones),
  voices: z.catch(z._default(z.enum(['all', 'pipeline', 'multimodal']), defaults.voices), defaults.voices),
  // The search for numbers to buy: a country code and the digits it should contain.
  country: z.catch(z.optional(z.string().check(z.regex(/^[A-Z]{2}$/))), undefined),
  contains: z.catch(z.optional(z.string().check(z.regex(/^\d{1,10}$/))), undefined),
});

const orAll = <T extends string>(v: T | 'all') => (v === 'all' ? undefined : v);

export const Route = createFileRoute('/_app/numbers')({
  // The loader goes into the lazy chunk with the component: it pulls in the contract's (full zod)
  // schemas, which the entry chunk, and so the sign-in page, must not carry.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: numbersSearch,
  search: { middlewares: [stripSearchParams(defaults)] },
  loaderDeps: ({ search }) => ({ phones: search.phones, voices: search.voices, country: search.country, contains: search.contains }),
  // Warm the cache with the very options the cards read. Each card shows its own error (with retry),
  // so a failing lookup does not take the whole page down: prefetch, never throw.
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.prefetchQuery(phoneNumbersQuery(orAll(deps.phones))),
      queryClient.prefetchQuery(voicesQuery(orAll(deps.voices))),
      queryClient.prefetchQuery(modelsQuery()),
      queryClient.prefetchQuery(languagesQuery()),
      queryClient.prefetchQuery(ownedNumbersQuery()),
      queryClient.prefetchQuery(sipTrunksQuery()),
      queryClient.prefetchQuery(meQuery()),
      deps.country ? queryClient.prefetchQuery(searchNumbersQuery(deps.country, deps.contains ?? '')) : null,
    ]),
  component: NumbersPage,
});

function NumbersPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (patch: { phones?: PhoneFilter; voices?: VoiceFilter; country?: string | undefined; contains?: string | undefined }) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true, resetScroll: false });

  return (
    <>
      <PageHeader
        title={m.numbers_title()}
        description={m.numbers_description()}
        actions={<ImportNumberButton />}
      />
      <Stack gap="lg">
        <OwnedNumbersCard filter={search.phones} onFilterChange={(phones) => setSearch({ phones })} />
        <SipTrunksCard />
        <BuyNumberCard
          search={{ country: search.country ?? null, contains: search.contains ?? '' }}
          onSearch={({ country, contains }) => setSearch({ country: country ?? undefined, contains: contains || undefined })}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <VoicesCard filter={search.voices} onFilterChange={(voices) => setSearch({ voices })} />
          <Stack gap="lg">
            <ModelsCard />
            <LanguagesCard />
          </Stack>
        </SimpleGrid>
      </Stack>
    </>
  );
}
