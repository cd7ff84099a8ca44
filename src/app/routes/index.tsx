import { createFileRoute, redirect } from '@tanstack/react-router';
import { DEFAULT_PAGE } from '@/lib/paths';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: DEFAULT_PAGE, replace: true });
  },
});
