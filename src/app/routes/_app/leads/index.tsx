import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

// Placeholder: the Leads page replaces this file (issue 6).
export const Route = createFileRoute('/_app/leads/')({
  component: LeadsPage,
});

function LeadsPage() {
  return (
    <ComingSoon
      title="Leads"
      description="The contacts your outbound assistants call, by campaign, with their secondary contacts; import them from a spreadsheet."
    />
  );
}
