// Layout of the owner's screens: the app shell around each page, and persistent storage asked for once signed in.
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { usePersistentStorage } from '../../features/account/use-persistent-storage.ts';
import { OwnerShell } from '../../features/shell/components/OwnerShell.tsx';

export const Route = createFileRoute('/_auth/_owner')({
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
