// 'Gerenciar Categorias': add a category (nome 2–50, a colour suggested in 137.5° hue steps) and remove existing
// ones; the list scrolls above 15rem. Toasts as the spec words them, with their offline variants.
import { useState, type SyntheticEvent } from 'react';
import { Tags, Trash2 } from 'lucide-react';
import type { CategoryRef } from '../../../../workers/api.ts';
import { DataError } from '../../../../workers/contract/errors.ts';
import { errorMessage, fieldMessages } from '../../../i18n/errors.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { expensesText } from '../../../i18n/expenses.pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { DialogCancel, FormDialog } from '../../../ui/Dialogs.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { checkCategoryForm, generatedColor } from '../expense-rules.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { ColorDot } from './CategorySelect.tsx';

const copy = expensesText;

function AddCategoryForm({ categories }: { categories: readonly CategoryRef[] }) {
  const online = useOnline();
  const suggested = generatedColor(categories.length);
  const [nome, setNome] = useState('');
  const [cor, setCor] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const command = useCommand((data, input: { nome: string; cor: string }) => data.expenses.createCategory(input), {
    success: () =>
      online ? { title: copy.categoryAdded } : { title: copy.categoryAddedOffline, description: copy.categorySyncLater },
    describeFailure: (thrown) => ({
      title: online ? copy.addCategoryError : copy.saveCategoryOfflineError,
      description: errorMessage(DataError.from(thrown), 'expenseCategories'),
    }),
  });
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const color = cor ?? suggested;
    const checked = checkCategoryForm(nome, color);
    if (!checked.ok) {
      setError(checked.errors.nome ?? checked.errors.cor);
      return;
    }
    setError(undefined);
    if (await command.run({ nome, cor: color })) {
      setNome('');
      setCor(null);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-2">
      <div className="flex items-start gap-2">
        <TextField
          className="min-w-0 flex-1"
          label={copy.categoryName}
          name="nome"
          autoFocus
          maxLength={50}
          autoComplete="off"
          placeholder={copy.categoryNamePlaceholder}
          value={nome}
          error={error ?? (command.error ? fieldMessages('expenseCategories', command.error.issues).nome : undefined)}
          onChange={(event) => {
            setNome(event.target.value);
            setError(undefined);
            command.reset();
          }}
        />
        <div className="shrink-0">
          <label htmlFor="categoria-cor" className="mb-1 block text-sm font-medium text-ink">
            {copy.categoryColor}
          </label>
          <input
            id="categoria-cor"
            type="color"
            value={cor ?? suggested}
            onChange={(event) => {
              setCor(event.target.value);
            }}
            className="block h-12 w-14 cursor-pointer rounded-xl border border-ink/20 bg-white p-1"
          />
        </div>
      </div>
      <Button type="submit" busy={command.pending} className="self-end">
        {command.pending ? copy.adding : copy.add}
      </Button>
    </form>
  );
}

function CategoryItem({ category }: { category: CategoryRef }) {
  const online = useOnline();
  const command = useCommand(
    async (data) => {
      await data.expenses.removeCategory(category.id);
      return true;
    },
    {
      success: () =>
        online ? { title: copy.categoryDeleted } : { title: copy.categoryDeletedOffline, description: copy.categorySyncLater },
      describeFailure: (thrown) => ({ title: copy.deleteCategoryError, description: errorMessage(DataError.from(thrown)) }),
    },
  );
  return (
    <li className="flex min-h-12 items-center gap-3 px-3">
      <ColorDot color={category.cor} />
      <span className="min-w-0 flex-1 truncate text-ink">{category.nome}</span>
      <button
        type="button"
        aria-label={copy.removeCategoryLabel(category.nome)}
        disabled={command.pending}
        onClick={() => {
          void command.run();
        }}
        className="flex size-11 items-center justify-center rounded-xl text-red-700 hover:bg-red-50 disabled:opacity-50"
      >
        <Trash2 aria-hidden size={18} />
      </button>
    </li>
  );
}

export function CategoriesDialog({ categories }: { categories: readonly CategoryRef[] | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={buttonClass('secondary', 'px-3 sm:px-4')}>
          <Tags aria-hidden size={20} />
          {copy.categories}
        </button>
      }
      title={copy.categoriesTitle}
      description={copy.categoriesDescription}
      closeLabel={copy.close}
    >
      {open ? <AddCategoryForm categories={categories ?? []} /> : null}
      <h3 id="categorias-existentes" className="mt-4 text-sm font-semibold text-ink">
        {copy.existing}
      </h3>
      {categories === undefined ? (
        <p role="status" className="py-4 text-center text-ink/70">
          {t.app.loading}
        </p>
      ) : categories.length === 0 ? (
        <p className="py-4 text-center text-ink/70">{copy.noCategories}</p>
      ) : (
        <ul
          aria-labelledby="categorias-existentes"
          className="mt-2 max-h-[15rem] divide-y divide-ink/5 overflow-y-auto rounded-xl ring-1 ring-ink/10"
        >
          {categories.map((category) => (
            <CategoryItem key={category.id} category={category} />
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <DialogCancel>{copy.close}</DialogCancel>
      </div>
    </FormDialog>
  );
}
