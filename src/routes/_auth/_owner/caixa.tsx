// /caixa: this device's till (fechamento de caixa).
import { createFileRoute } from '@tanstack/react-router';
import { TillPage } from '../../../features/till/components/TillPage.tsx';

export const Route = createFileRoute('/_auth/_owner/caixa')({
  component: TillPage,
});
