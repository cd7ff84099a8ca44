import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

// Placeholder: the Tools page replaces this file (issue 4).
export const Route = createFileRoute('/_app/tools/')({
  component: ToolsPage,
});

function ToolsPage() {
  return (
    <ComingSoon
      title="Tools"
      description="Mid-call tools: HTTP endpoints an assistant may call during a conversation, attached to assistants by multiselect."
    />
  );
}
