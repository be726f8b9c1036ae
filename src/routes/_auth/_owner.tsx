// Layout of the owner's screens: the app shell around each page.
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { OwnerShell } from '../../ui/layout/OwnerShell.tsx';

export const Route = createFileRoute('/_auth/_owner')({
  component: OwnerLayout,
});

function OwnerLayout() {
  return (
    <OwnerShell>
      <Outlet />
    </OwnerShell>
  );
}
