import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

// Placeholder: the Campaigns page replaces this file (issue 6).
export const Route = createFileRoute('/_app/campaigns/')({
  component: CampaignsPage,
});

function CampaignsPage() {
  return (
    <ComingSoon
      title="Campaigns"
      description="Outbound campaigns: which assistant calls, when, how often it retries; start and stop them."
    />
  );
}
