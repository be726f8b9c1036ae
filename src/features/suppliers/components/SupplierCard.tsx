// One supplier's card: nome, telefone (masked), email and endereço, with 'Editar' and 'Excluir'.
import { Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SupplierView } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { maskPhone } from '../../../lib/format.ts';
import { buttonClass } from '../../../ui/Button.tsx';

const copy = t.suppliers;

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2 text-sm text-ink/80">
      <span aria-hidden className="mt-0.5 shrink-0 text-ink/50">
        {icon}
      </span>
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export interface SupplierCardProps {
  readonly supplier: SupplierView;
  readonly onEdit: (supplier: SupplierView) => void;
  readonly onDelete: (supplier: SupplierView) => void;
}

export function SupplierCard({ supplier, onEdit, onDelete }: SupplierCardProps) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <h2 className="break-words text-lg font-semibold text-ink">{supplier.nome}</h2>
      <dl className="flex flex-col gap-1.5">
        <Line icon={<Phone size={16} />} label={copy.phone}>
          {supplier.telefone ? maskPhone(supplier.telefone) : '—'}
        </Line>
        <Line icon={<Mail size={16} />} label={copy.email}>
          {supplier.email ?? '—'}
        </Line>
        <Line icon={<MapPin size={16} />} label={copy.address}>
          {supplier.endereco ?? '—'}
        </Line>
      </dl>
      <div className="mt-auto flex gap-2">
        <button
          type="button"
          aria-label={copy.editLabel(supplier.nome)}
          onClick={() => {
            onEdit(supplier);
          }}
          className={buttonClass('secondary', 'min-h-11 flex-1 px-3 text-sm')}
        >
          <Pencil aria-hidden size={16} />
          {copy.edit}
        </button>
        <button
          type="button"
          aria-label={copy.removeLabel(supplier.nome)}
          onClick={() => {
            onDelete(supplier);
          }}
          className={buttonClass('ghost', 'min-h-11 flex-1 px-3 text-sm text-red-700 hover:bg-red-50')}
        >
          <Trash2 aria-hidden size={16} />
          {copy.remove}
        </button>
      </div>
    </li>
  );
}
