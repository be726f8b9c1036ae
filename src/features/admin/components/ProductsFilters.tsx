// The products page's filters (docs/product.md §2): the owner (searched on the server as typed) and the category (every
// category of a live product, from the server). Inline on a desktop, in a dialog with 'Aplicar' on a phone.
import { useId } from 'react';
import { clsx } from 'clsx';
import { t } from '../../../i18n/admin-catalogue.ts';
import { useAdminProductCategories } from '../products-sales-queries.ts';
import { categoryLabel, type ProductFilterValues } from '../products-sales-rules.ts';
import { ProductsOwnerPicker } from './ProductsOwnerPicker.tsx';

const copy = t.adminProductsSales.products;
const SELECT =
  'block min-h-11 w-full rounded-xl border border-ink/20 bg-white px-3 text-base text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400 disabled:opacity-60';

export function ProductsFilters({
  value,
  onChange,
  className,
}: {
  value: ProductFilterValues;
  onChange: (value: ProductFilterValues) => void;
  className?: string;
}) {
  const id = useId();
  const categories = useAdminProductCategories();
  const known = categories.data ?? [];
  // A chosen category that has just lost its last product stays listed until cleared.
  const listed = value.categoria && !known.some((row) => row.categoria === value.categoria) ? [value.categoria] : [];
  return (
    <div className={clsx('grid gap-3', className)}>
      <ProductsOwnerPicker
        value={value.owner}
        onChange={(owner) => {
          onChange({ ...value, owner });
        }}
      />
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          {copy.categoryFilter}
        </label>
        <select
          id={id}
          className={SELECT}
          value={value.categoria}
          disabled={categories.isPending}
          aria-describedby={categories.isError ? `${id}-erro` : undefined}
          onChange={(event) => {
            onChange({ ...value, categoria: event.target.value });
          }}
        >
          <option value="">{copy.allCategories}</option>
          {listed.map((categoria) => (
            <option key={categoria} value={categoria}>
              {categoryLabel(categoria)}
            </option>
          ))}
          {known.map((row) => (
            <option key={row.categoria} value={row.categoria}>
              {`${categoryLabel(row.categoria)} (${row.produtos.toLocaleString('pt-BR')})`}
            </option>
          ))}
        </select>
        {categories.isError ? (
          <p id={`${id}-erro`} className="mt-1 text-sm text-red-800">
            {copy.categoriesError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
