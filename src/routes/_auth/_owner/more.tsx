// /more: 'Menu Principal', the pages that do not fit the phone's bottom bar.
import { createFileRoute } from '@tanstack/react-router';
import { MoreMenu } from '../../../features/shell/components/MoreMenu.tsx';

export const Route = createFileRoute('/_auth/_owner/more')({
  component: MoreMenu,
});
