// 'Histórico de vendas' (/sales/history): the sales list with its filters, and the way to a new sale.
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { SalesList } from './SalesList.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = salesHistoryText;

export function SalesHistoryPage() {
  usePageTitle(t.pages.salesHistory);
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <PageHeader title={copy.title}>
        <Link to="/sales" className={buttonClass('primary', 'px-4')}>
          <Plus aria-hidden size={20} />
          {copy.newSale}
        </Link>
      </PageHeader>
      <SalesList />
    </section>
  );
}
