// The edit form's summary of changes: each changed field with its old and new value, before saving.
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import type { FieldChange } from '../product-form.ts';

const copy = t.products;

function shown(change: FieldChange, value: string | number | null): string {
  if (value === null || value === '') return copy.emptyValue;
  if (typeof value === 'number') {
    return change.field === 'preco' || change.field === 'preco_compra' ? formatBRL(value) : value.toLocaleString('pt-BR');
  }
  return value;
}

export function ChangeSummary({ changes }: { changes: readonly FieldChange[] }) {
  return (
    <section aria-labelledby="change-summary" className="rounded-2xl border border-accent-400 bg-amber-50 p-4">
      <h2 id="change-summary" className="font-bold text-brand-900">
        {copy.changesTitle}
      </h2>
      {changes.length === 0 ? (
        <p className="mt-1 text-ink/70">{copy.noChanges}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1 text-sm" data-testid="change-summary">
          {changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="font-semibold">{copy.fieldNames[change.field]}:</span>{' '}
              {copy.changeArrow(shown(change, change.before), shown(change, change.after))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
