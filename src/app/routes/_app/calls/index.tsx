import { createFileRoute } from '@tanstack/react-router';

// The log itself is the parent route (calls/route.tsx); without a call open there is nothing more to draw.
export const Route = createFileRoute('/_app/calls/')({
  component: () => null,
});
