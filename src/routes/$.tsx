// Any path the app does not know leads to the dashboard (which sends visitors to sign in).
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
