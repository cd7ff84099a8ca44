import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Text } from '@mantine/core';
import { ErrorState } from './error-state';
import { TableSkeleton } from './table-skeleton';

/**
 * The three states every list shows besides its data: loading (skeleton), failed (message + retry)
 * and empty. Stale data stays on screen while a refetch runs or fails.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  loading,
  loadingText,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loading?: ReactNode;
  /** Instead of `loading`: a line saying what loads ("Loading campaigns…"). */
  loadingText?: string;
  errorTitle?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    if (loadingText !== undefined) {
      return (
        <Text c="dimmed" size="sm" p="md">
          {loadingText}
        </Text>
      );
    }
    return <>{loading ?? <TableSkeleton />}</>;
  }
  if (query.isError && query.data === undefined) {
    return <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
