import { AnchorLink } from '@/components/links';
import { assistantName } from '../lib/format';

/** An assistant's name (or "Assistant 12"), linking to its page: the first cell of the assistants' tables. */
export function AssistantNameLink({ assistant }: { assistant: { id: number; name: string } }) {
  return (
    <AnchorLink to="/assistants/$assistantId" params={{ assistantId: String(assistant.id) }} fw={600} size="sm">
      {assistantName(assistant)}
    </AnchorLink>
  );
}
