// The sale's items being edited: name and price, − quantity + (0 removes the line; a quantity that cannot be
// stored keeps its line and shows why), subtotal, and the total below; weighed goods step by 0,1 kg or 100 g.
import { Minus, Plus } from 'lucide-react';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { TotalRow } from '../../../ui/AmountRows.tsx';
import { QuantityField } from '../../../ui/form/NumberFields.tsx';
import { lineTotal, readLineQuantity, stepped, totalOfLines, type EditLine } from '../sale-edit-form.ts';

const copy = salesHistoryText;
const stepButton =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 hover:bg-brand-100 focus-visible:outline-3 focus-visible:outline-accent-400';

export function EditSaleItems({
  lines,
  error,
  revealProblems = false,
  onChange,
}: {
  lines: readonly EditLine[];
  error?: string;
  /** Shows each quantity's problem without waiting for the field to be left (after a save was tried). */
  revealProblems?: boolean;
  onChange: (lines: EditLine[]) => void;
}) {
  const replace = (index: number, line: EditLine | null) => {
    onChange(lines.flatMap((current, at) => (at === index ? (line ? [line] : []) : [current])));
  };
  return (
    <div className="flex flex-col gap-2">
      {lines.length === 0 ? (
        <p className="rounded-xl bg-paper px-4 py-6 text-center text-ink/70">{copy.noItems}</p>
      ) : (
        <ul aria-label={copy.itemsTitle} className="divide-y divide-ink/5 rounded-xl ring-1 ring-ink/10">
          {lines.map((line, index) => (
            <li key={line.produtoId} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:gap-3">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-ink">{line.nome}</span>
                <span className="block text-xs text-ink/60">
                  {formatBRL(line.preco)}
                  {line.unidade === 'kg' || line.unidade === 'g' ? `/${line.unidade}` : ''}
                </span>
              </span>
              <span className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-1">
                  <button
                    type="button"
                    aria-label={copy.decrease(line.nome)}
                    className={stepButton}
                    onClick={() => {
                      replace(index, stepped(line, -1));
                    }}
                  >
                    <Minus aria-hidden size={18} />
                  </button>
                  <QuantityField
                    label={copy.quantityOf(line.nome)}
                    labelHidden
                    unit={line.unidade}
                    className="w-28"
                    value={line.quantidade}
                    revealProblem={revealProblems}
                    onValueChange={(quantidade) => {
                      replace(index, { ...line, quantidade });
                    }}
                    onBlur={() => {
                      const reading = readLineQuantity(line);
                      if (reading.ok && reading.value <= 0) replace(index, null);
                    }}
                  />
                  <button
                    type="button"
                    aria-label={copy.increase(line.nome)}
                    className={stepButton}
                    onClick={() => {
                      replace(index, stepped(line, 1));
                    }}
                  >
                    <Plus aria-hidden size={18} />
                  </button>
                </span>
                <span className="shrink-0 text-right sm:w-24 font-semibold tabular-nums">{formatBRL(lineTotal(line))}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <TotalRow term={copy.total} testId="edit-sale-total" className="px-1">
        {formatBRL(totalOfLines(lines))}
      </TotalRow>
    </div>
  );
}
