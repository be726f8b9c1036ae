// Guard of every signed-in page: without a session on this device, the visitor goes to /login.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context }) => {
    const session = await context.data.session.current();
    if (!session) throw redirect({ to: '/login', replace: true });
    return { session };
  },
  component: Outlet,
});
