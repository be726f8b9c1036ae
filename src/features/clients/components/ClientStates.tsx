// The client screens' not-found and load-failure states, each with the way back to the list.
import { Link } from '@tanstack/react-router';
import { UserX } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { buttonClass } from '../../../ui/Button.tsx';

const copy = t.clients;

/** Where one client's card will be, until the first answer. */
export const CLIENT_SKELETON = { count: 2, className: 'h-40' };

export function ClientNotFound() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-ink/5">
      <UserX aria-hidden size={40} className="text-ink/40" />
      <p className="text-lg font-semibold text-ink">{copy.notFound}</p>
      <Link to="/clients" className={buttonClass('secondary')}>
        {copy.backToList}
      </Link>
    </div>
  );
}

/** A client's failed read, as the shared failure with the way back to the list. */
export function clientLoadFailure(message: string) {
  return {
    title: copy.errorTitle,
    message,
    children: (
      <Link to="/clients" className={buttonClass('secondary')}>
        {copy.backToList}
      </Link>
    ),
  };
}
