import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader and beforeLoad receive. React Query owns the cache; loaders warm it. */
export interface RouterContext {
  queryClient: QueryClient;
}
