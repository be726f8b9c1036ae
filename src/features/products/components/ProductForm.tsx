// The product form (new and edit): sections for barcode, product info, prices with the estimated margin, stock
// and description; checked with the worker's own schema as the owner types; in edit mode, the summary of changes.
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { clsx } from 'clsx';
import { Eraser, Save } from 'lucide-react';
import type { FoundProduct, ProductView } from '../../../../workers/api.ts';
import { checkInput } from '../../../../workers/contract/input.ts';
import { newProductSchema, productChangesSchema } from '../../../../workers/products/schema.ts';
import { fieldMessages } from '../../../i18n/errors.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { useDataClient } from '../../../lib/use-data-client.ts';
import { Button } from '../../../ui/Button.tsx';
import { MoneyField, QuantityField } from '../../../ui/form/NumberFields.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { showToast } from '../../../ui/toast.ts';
import { estimatedMargin, marginTone } from '../margin.ts';
import { readMoney, valueOf } from '../../../lib/number-input.ts';
import {
  blankForm,
  CATEGORIES,
  changesOf,
  CUSTOM,
  DESCRIPTION_MAX,
  newProductOf,
  patchOf,
  summaryOfChanges,
  UNITS,
  unitOf,
  type ProductForm as FormState,
} from '../product-form.ts';
import { useBarcodeCheck } from '../use-barcode-check.ts';
import { BarcodeField } from './BarcodeField.tsx';
import { ChangeSummary } from './ChangeSummary.tsx';
import { ProductCapDialog } from './ProductCapDialog.tsx';
import { ProductImageField } from './ProductImageField.tsx';
import { FormSection, SelectField } from './FormSection.tsx';

const copy = t.products;
const unitOptions = [...UNITS, CUSTOM].map((value) => ({ value, label: copy.units[value] }));
const categoryOptions = [
  { value: '', label: copy.categoriaNenhuma },
  ...[...CATEGORIES, CUSTOM].map((value) => ({ value, label: copy.categories[value] })),
];
const toneClass = { good: 'text-green-700', fair: 'text-orange-600', poor: 'text-red-700' } as const;

/** The form field where a command field's message goes. */
function formFieldOf(field: string, form: FormState): string {
  if (field === 'unidade' && form.unidade === CUSTOM) return 'unidadeOutra';
  if (field === 'categoria' && form.categoria === CUSTOM) return 'categoriaOutra';
  return field;
}

export interface ProductFormProps {
  /** The product being edited; absent for a new one. */
  original?: ProductView;
  initial: FormState;
  onFormChange?: (form: FormState) => void;
  onSaved: (id: string) => void;
}

export function ProductForm({ original, initial, onFormChange, onSaved }: ProductFormProps) {
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const data = useDataClient();
  const save = useCommand(
    (data, state: FormState) =>
      original
        ? data.products.update(original.id, patchOf(summaryOfChanges(original, state), state)).then(() => original.id)
        : data.products
            .create(newProductOf(state))
            // The image chosen before the product existed goes with it (uploaded in the background).
            .then((id) =>
              data.images.attachStaged(id).then(
                () => id,
                () => id,
              ),
            ),
    {
      form: 'products',
      failureTitle: copy.saveFailed,
      success: () => ({ title: copy.savedTitle, description: original ? copy.updated : copy.created }),
    },
  );

  useBarcodeCheck(form.codigo_barras, original?.id, save.pending || saved);

  const checked = original ? checkInput(productChangesSchema, changesOf(form)) : checkInput(newProductSchema, newProductOf(form));
  const checkMessages = checked.ok ? {} : fieldMessages('products', checked.issues);
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries({ ...checkMessages, ...save.fieldErrors })) {
    const target = formFieldOf(field, form);
    if (submitted || touched.has(target) || field in save.fieldErrors) errors[target] ??= message;
  }
  const changes = original ? summaryOfChanges(original, form) : [];
  // The worker refuses a product past the plan's cap, whichever way the form was reached: the cap's dialog opens.
  const capReached = save.error?.code === 'limit_reached' ? (save.error.details?.limit ?? null) : null;
  const nameFilled = form.nome.trim() !== '';
  const margin = estimatedMargin(valueOf(readMoney(form.preco)), valueOf(readMoney(form.preco_compra)));

  const update = (changesToForm: Partial<FormState>) => {
    const next = { ...form, ...changesToForm };
    setForm(next);
    onFormChange?.(next);
    if (save.error) save.reset();
  };
  // The public database's name and brand fill only what the owner left blank (read after the scan's own update).
  const latestForm = useRef(form);
  useEffect(() => {
    latestForm.current = form;
  });
  const prefill = (codigo_barras: string, found: FoundProduct) => {
    const current = latestForm.current;
    const next = {
      ...current,
      codigo_barras,
      nome: current.nome.trim() === '' ? found.name.slice(0, 200) : current.nome,
      marca: current.marca.trim() === '' ? (found.brand ?? '').slice(0, 100) : current.marca,
    };
    latestForm.current = next;
    setForm(next);
    onFormChange?.(next);
  };
  const touch = (field: string) => {
    if (!touched.has(field)) setTouched(new Set([...touched, field]));
  };
  const text = (field: keyof FormState) => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) => {
      update({ [field]: event.target.value });
    },
    onBlur: () => {
      touch(field);
    },
    error: errors[field],
  });
  const numberField = (field: 'preco' | 'preco_compra' | 'estoque' | 'estoque_minimo') => ({
    value: form[field],
    onValueChange: (typed: string) => {
      update({ [field]: typed });
    },
    onBlur: () => {
      touch(field);
    },
    revealProblem: submitted,
    error: errors[field],
  });

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.ok || !nameFilled || (original && changes.length === 0)) return;
    const id = await save.run(form);
    if (id === undefined) return;
    setSaved(true);
    onSaved(id);
  };
  const clear = () => {
    setForm(blankForm);
    onFormChange?.(blankForm);
    setTouched(new Set());
    setSubmitted(false);
    save.reset();
    // A blank form has no image either (the new product's staged image goes too).
    if (!original) void data.images.discardStaged().catch(() => undefined);
    showToast({ title: copy.cleared, description: copy.clearedText });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormSection title={t.productImage.sectionTitle}>
        <ProductImageField productId={original?.id} remoteUrl={original?.imagem_url} />
      </FormSection>
      <FormSection title={copy.sectionBarcode}>
        <div className="flex flex-wrap items-start gap-x-2">
          <BarcodeField
            {...text('codigo_barras')}
            onChange={(codigo_barras) => {
              update({ codigo_barras });
            }}
            onFound={prefill}
          />
          <Button variant="secondary" onClick={clear} className="px-3 sm:mt-6">
            <Eraser aria-hidden size={18} />
            {copy.clear}
          </Button>
        </div>
      </FormSection>
      <FormSection title={copy.sectionInfo}>
        <TextField label={copy.nome} autoComplete="off" required {...text('nome')} />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={copy.categoria}
            options={categoryOptions}
            value={form.categoria}
            onChange={(event) => {
              update({ categoria: event.target.value });
            }}
          />
          {form.categoria === CUSTOM ? <TextField label={copy.categoriaOutra} {...text('categoriaOutra')} /> : null}
          <TextField label={copy.marca} {...text('marca')} />
          <TextField label={copy.local} {...text('local')} />
        </div>
      </FormSection>
      <FormSection title={copy.sectionPrices}>
        <div className="grid gap-3 sm:grid-cols-2">
          <MoneyField label={copy.preco} {...numberField('preco')} />
          <MoneyField label={copy.precoCompra} {...numberField('preco_compra')} />
        </div>
        {margin !== null ? (
          <p className={clsx('font-semibold', toneClass[marginTone(margin)])} data-testid="margin">
            {copy.margin(margin.toLocaleString('pt-BR', { maximumFractionDigits: 1 }))}
          </p>
        ) : null}
      </FormSection>
      <FormSection title={copy.sectionStock}>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={copy.unidade}
            options={unitOptions}
            value={form.unidade}
            onChange={(event) => {
              update({ unidade: event.target.value });
            }}
          />
          {form.unidade === CUSTOM ? <TextField label={copy.unidadeOutra} {...text('unidadeOutra')} /> : null}
          {original ? null : (
            <QuantityField label={copy.estoque} hint={copy.estoqueHint} unit={unitOf(form)} {...numberField('estoque')} />
          )}
          <QuantityField label={copy.estoqueMinimo} unit={unitOf(form)} {...numberField('estoque_minimo')} />
        </div>
      </FormSection>
      <FormSection title={copy.sectionDescription}>
        <DescriptionField
          value={form.descricao}
          error={errors.descricao}
          onChange={(descricao) => {
            update({ descricao });
          }}
          onBlur={() => {
            touch('descricao');
          }}
        />
      </FormSection>
      {original ? <ChangeSummary changes={changes} /> : null}
      {capReached !== null ? (
        <ProductCapDialog
          open
          limit={capReached}
          onOpenChange={(open) => {
            if (!open) save.reset();
          }}
        />
      ) : null}
      <Button type="submit" busy={save.pending} disabled={!nameFilled || (original !== undefined && changes.length === 0)}>
        <Save aria-hidden size={20} />
        {save.pending ? copy.saving : original ? copy.saveChanges : copy.save}
      </Button>
    </form>
  );
}

function DescriptionField(props: { value: string; error?: string; onChange: (value: string) => void; onBlur: () => void }) {
  const over = props.value.length > DESCRIPTION_MAX;
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {copy.descricao}
      </label>
      <textarea
        id={id}
        rows={4}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-contador ${id}-erro`}
        onChange={(event) => {
          props.onChange(event.target.value);
        }}
        onBlur={props.onBlur}
        className={clsx(
          'block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink focus:border-brand-600 focus:outline-none',
          props.error ? 'border-red-600' : 'border-ink/20',
        )}
      />
      <div className="mt-1 flex justify-between gap-2 text-sm">
        <p id={`${id}-erro`} className="font-medium text-red-700" aria-live="polite">
          {props.error ?? ''}
        </p>
        <p id={`${id}-contador`} className={clsx('shrink-0', over ? 'font-semibold text-red-700' : 'text-ink/60')}>
          {copy.descricaoCounter(props.value.length, DESCRIPTION_MAX)}
        </p>
      </div>
    </div>
  );
}
