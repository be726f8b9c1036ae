// /expenses: the expenses page (Despesas).
import { createFileRoute } from '@tanstack/react-router';
import { ExpensesPage } from '../../../features/expenses/components/ExpensesPage.tsx';

export const Route = createFileRoute('/_auth/_owner/expenses')({
  component: ExpensesPage,
});
