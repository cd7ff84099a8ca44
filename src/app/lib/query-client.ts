import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client already repeats GETs (network errors, 5xx, 429 after the wait); a second layer
        // of retries here would multiply them.
        retry: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
