import { createFileRoute } from '@tanstack/react-router';
import { browserTimeZone, overviewQuery } from '@/features/overview/api/get-overview';
import { OverviewPage } from '@/features/overview/components/overview-page';

/** The home page: calls now, today against yesterday, running campaigns, failed deliveries. */
export const Route = createFileRoute('/_app/overview')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(overviewQuery(browserTimeZone()));
  },
  component: OverviewPage,
});
