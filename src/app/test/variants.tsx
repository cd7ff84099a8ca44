import type { ReactElement, ReactNode } from 'react';
import fc from 'fast-check';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { theme } from '@/theme';

/*
 * Variants of a full response record as the hosted service's drift produces them (shared/spec/hosted-quirks.md):
 * a field left out, sent as null, a number or boolean sent as a string, an object sent as PHP's `[]`, a text
 * sent as a number, a status or type nobody knew. The component tests render a page's main component with
 * them: every field singly (one row each, exhaustively) and in random combinations (fast-check).
 */

export type JsonRecord = Record<string, unknown>;

export const DRIFTS = ['delete', 'null', 'stringify', 'emptyArray', 'numberForText', 'unknownWord'] as const;
export type Drift = (typeof DRIFTS)[number];

/** What one drift makes of one value. */
export function drifted(value: unknown, drift: Drift): unknown {
  switch (drift) {
    case 'delete':
      return undefined;
    case 'null':
      return null;
    case 'stringify':
      if (typeof value === 'number') return String(value);
      if (typeof value === 'boolean') return value ? '1' : '0';
      return value;
    case 'emptyArray':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? [] : value;
    case 'numberForText':
      return typeof value === 'string' ? 7 : value;
    case 'unknownWord':
      return typeof value === 'string' ? 'zz-never-heard-of-it' : value;
  }
}

/** The record with some fields drifted; `id` is only ever stringified (a record is known by it). */
export function applyDrifts(example: JsonRecord, edits: readonly (readonly [string, Drift])[]): JsonRecord {
  const out: JsonRecord = { ...example };
  for (const [key, drift] of edits) {
    if (key === 'id' && drift !== 'stringify') continue;
    const next = drifted(out[key], drift);
    if (next === undefined) delete out[key];
    else out[key] = next;
  }
  return out;
}

/** Every single-field variant of the example, each with its own id (one table row each). */
export function singleFieldVariants(example: JsonRecord, firstId: number, except: readonly string[] = []): JsonRecord[] {
  const keys = Object.keys(example).filter((k) => k !== 'id' && !except.includes(k));
  const out: JsonRecord[] = [];
  let id = firstId;
  for (const key of keys) {
    for (const drift of DRIFTS) {
      const v = applyDrifts(example, [[key, drift]]);
      if (JSON.stringify(v) === JSON.stringify(example)) continue;
      out.push({ ...v, id: id % 2 === 0 ? String(id) : id });
      id += 1;
    }
  }
  return out;
}

/** The example with every field drifted the same way at once (the worst case of each drift). */
export function allFieldsVariants(example: JsonRecord, firstId: number, except: readonly string[] = []): JsonRecord[] {
  const keys = Object.keys(example).filter((k) => k !== 'id' && !except.includes(k));
  return DRIFTS.map((drift, i) => ({ ...applyDrifts(example, keys.map((k) => [k, drift] as const)), id: firstId + i }));
}

/** Random combinations of drifts over the example's fields. */
export function variantArbitrary(example: JsonRecord, except: readonly string[] = []): fc.Arbitrary<JsonRecord> {
  const keys = Object.keys(example).filter((k) => !except.includes(k));
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...DRIFTS)), { minLength: 1, maxLength: Math.max(1, keys.length) })
    .map((edits) => applyDrifts(example, edits));
}

/** Bounded: these render real components in jsdom. */
export const VARIANT_RUNS = { numRuns: 12, seed: 20251001 } as const;

/** Random combinations of drift of the example, one record at a time: `check` renders it (and may look), then it is cleaned up. */
export function checkRandomVariants(example: JsonRecord, check: (record: JsonRecord) => Promise<unknown>, numRuns: number = VARIANT_RUNS.numRuns) {
  return fc.assert(
    fc.asyncProperty(variantArbitrary(example), async (record) => {
      await check(record);
      cleanup();
    }),
    { ...VARIANT_RUNS, numRuns },
  );
}

/**
 * Random drift of an answer and, at the same time, of records that go into it (`parts`, by name): `check` puts
 * one variant of each together, renders it (and may look), then it is cleaned up.
 */
export function checkRandomAnswers<K extends string>(
  answer: JsonRecord,
  parts: Record<K, JsonRecord>,
  check: (answer: JsonRecord, parts: Record<K, JsonRecord>) => Promise<void>,
) {
  // Object.fromEntries forgets the keys; they are the keys of `parts`.
  const partVariants = Object.fromEntries(Object.entries<JsonRecord>(parts).map(([name, part]) => [name, variantArbitrary(part)])) as Record<K, fc.Arbitrary<JsonRecord>>;
  return fc.assert(
    fc.asyncProperty(variantArbitrary(answer), fc.record<Record<K, JsonRecord>>(partVariants), async (top, drifted) => {
      await check(top, drifted);
      cleanup();
    }),
    VARIANT_RUNS,
  );
}

/** The records numbered 1, 2, … in their order (rows of one table need distinct ids). */
export function numbered(records: readonly JsonRecord[]): JsonRecord[] {
  return records.map((r, i) => ({ ...r, id: i + 1 }));
}

/** Random lists of 1 to `maxLength` drifted records: `check` renders them (and may look), then they are cleaned up. */
export function checkRandomLists(example: JsonRecord, maxLength: number, check: (records: JsonRecord[]) => Promise<void>) {
  return fc.assert(
    fc.asyncProperty(fc.array(variantArbitrary(example), { minLength: 1, maxLength }), async (records) => {
      await check(records);
      cleanup();
    }),
    VARIANT_RUNS,
  );
}

/**
 * Random lists of 1 to `maxLength` drifted records (a table's rows), each shown wide and compact at random:
 * `check` renders them (and may look), then they are cleaned up.
 */
export function checkRandomTables(example: JsonRecord, maxLength: number, check: (records: JsonRecord[], compact: boolean) => Promise<void>) {
  return fc.assert(
    fc.asyncProperty(fc.array(variantArbitrary(example), { minLength: 1, maxLength }), fc.boolean(), async (records, compact) => {
      await check(records, compact);
      cleanup();
    }),
    VARIANT_RUNS,
  );
}

export function variantsQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } } });
}

/**
 * A throwaway router whose one page renders `ui` (links and guards need a router); any other path renders
 * nothing. The router restores scroll positions, which jsdom cannot: scrolling is stubbed.
 */
export function pageRouter(ui: () => ReactNode) {
  window.scrollTo = () => {};
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{ui()}</> });
  const catchAll = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null });
  return createRouter({ routeTree: rootRoute.addChildren([page, catchAll]), history: createMemoryHistory({ initialEntries: ['/'] }) });
}

/**
 * Renders inside the console's providers and a throwaway router (links and guards need one). The route
 * renders asynchronously: use `findBy…`.
 */
export function renderInConsole(ui: () => ReactNode, queryClient: QueryClient = variantsQueryClient()) {
  const router = pageRouter(ui);
  const element: ReactElement = (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>
  );
  return { queryClient, ...render(element) };
}

/**
 * A wide screen: a table's columns are shown by media query, and the test setup's matches nothing. With
 * the fonts stub below, for the tests that render tables and forms.
 */
export function stubWideScreen() {
  stubDocumentFonts();
  const narrow = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...narrow(query), matches: true });
}

/** Mantine's autosize Textarea listens to document.fonts, which jsdom lacks. */
export function stubDocumentFonts() {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
}
