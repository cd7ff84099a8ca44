import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

// Placeholder: the Assistants page replaces this file (issue 4).
export const Route = createFileRoute('/_app/assistants/')({
  component: AssistantsPage,
});

function AssistantsPage() {
  return (
    <ComingSoon
      title="Assistants"
      description="Voice assistants that take and place calls: their voice, language, model, prompts, conversation behaviour, webhooks and mid-call tools."
    />
  );
}
