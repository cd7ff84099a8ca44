import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

// Placeholder: the Calls page replaces this file (issue 5).
export const Route = createFileRoute('/_app/calls/')({
  component: CallsPage,
});

function CallsPage() {
  return (
    <ComingSoon
      title="Calls"
      description="Every call with its status, transcript, recording and cost; filters that live in the link, charts and CSV export."
    />
  );
}
