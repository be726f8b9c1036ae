// Layout of the owner's screens: the app shell around each page, and persistent storage asked for once signed in.
// The admin has no shop: every owner screen sends him to /admin (his device holds no owner data).
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { usePersistentStorage } from '../../features/account/use-persistent-storage.ts';
import { OwnerShell } from '../../features/shell/components/OwnerShell.tsx';

export const Route = createFileRoute('/_auth/_owner')({
  beforeLoad: ({ context }) => {
    if (context.account.user.isAdmin) throw redirect({ to: '/admin', replace: true });
  },
  component: OwnerLayout,
});

function OwnerLayout() {
  usePersistentStorage();
  return (
    <OwnerShell>
      <Outlet />
    </OwnerShell>
  );
}
