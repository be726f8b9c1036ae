// 'Página X de Y' between Anterior and Próxima, for the admin lists paged on the server.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { t } from '../../../i18n/admin-catalogue.ts';
import { Button } from '../../../ui/Button.tsx';

const copy = t.admin.users;

export function PageNav({
  page,
  pages,
  busy,
  onPage,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label={copy.page(page, pages)} className="flex flex-wrap items-center justify-between gap-2">
      <Button
        variant="secondary"
        disabled={page <= 1 || busy}
        onClick={() => {
          onPage(page - 1);
        }}
      >
        <ChevronLeft aria-hidden size={18} />
        {copy.previous}
      </Button>
      <p aria-live="polite" className="order-first w-full text-center text-sm font-medium sm:order-none sm:w-auto">
        {copy.page(page, pages)}
      </p>
      <Button
        variant="secondary"
        disabled={page >= pages || busy}
        onClick={() => {
          onPage(page + 1);
        }}
      >
        {copy.next}
        <ChevronRight aria-hidden size={18} />
      </Button>
    </nav>
  );
}
