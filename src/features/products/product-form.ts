// The product form's model (docs/product.md §3): the fields as typed, the blank form, the form of an existing product,
// the command input it becomes, and the changes an edit would save (the summary shown before saving).
import type { NewProduct, ProductChanges } from '../../../workers/products/schema.ts';
import { moneyText, quantityText, readMoney, readQuantity, valueOf } from '../../lib/number-input.ts';

export const CUSTOM = 'custom' as const;
export const UNITS = ['un', 'kg', 'g', 'l', 'ml', 'pct', 'cx'] as const;
export const CATEGORIES = [
  'alimentos',
  'frango',
  'carne_boi',
  'carne_porco',
  'peixes_frutos_mar',
  'queijos_frios',
  'frutas',
  'legumes',
  'bebidas',
  'limpeza',
  'higiene',
] as const;
export const DEFAULT_MINIMUM_STOCK = 5;
export const DESCRIPTION_MAX = 500;
export const BARCODE_LOOKUP_MIN = 8;

export interface ProductForm {
  nome: string;
  preco: string;
  preco_compra: string;
  estoque: string;
  estoque_minimo: string;
  /** One of UNITS, or CUSTOM with `unidadeOutra`. */
  unidade: string;
  unidadeOutra: string;
  /** '' (none), one of CATEGORIES, or CUSTOM with `categoriaOutra`. */
  categoria: string;
  categoriaOutra: string;
  marca: string;
  codigo_barras: string;
  local: string;
  descricao: string;
}

export const blankForm: ProductForm = {
  nome: '',
  preco: '',
  preco_compra: '',
  estoque: '',
  estoque_minimo: String(DEFAULT_MINIMUM_STOCK),
  unidade: 'un',
  unidadeOutra: '',
  categoria: '',
  categoriaOutra: '',
  marca: '',
  codigo_barras: '',
  local: '',
  descricao: '',
};

/** The stored product fields the form edits. */
export interface ProductFields {
  nome: string;
  preco: number;
  preco_compra?: number;
  estoque_minimo?: number;
  unidade: string;
  categoria?: string | null;
  marca?: string | null;
  codigo_barras?: string | null;
  local?: string | null;
  descricao?: string | null;
}

const isListed = (list: readonly string[], value: string) => list.includes(value);

export function formOf(product: ProductFields): ProductForm {
  const categoria = product.categoria ?? '';
  const unitListed = isListed(UNITS, product.unidade);
  const categoryListed = categoria === '' || isListed(CATEGORIES, categoria);
  return {
    nome: product.nome,
    preco: moneyText(product.preco),
    preco_compra: moneyText(product.preco_compra ?? 0),
    estoque: '',
    estoque_minimo: quantityText(product.estoque_minimo ?? DEFAULT_MINIMUM_STOCK),
    unidade: unitListed ? product.unidade : CUSTOM,
    unidadeOutra: unitListed ? '' : product.unidade,
    categoria: categoryListed ? categoria : CUSTOM,
    categoriaOutra: categoryListed ? '' : categoria,
    marca: product.marca ?? '',
    codigo_barras: product.codigo_barras ?? '',
    local: product.local ?? '',
    descricao: product.descricao ?? '',
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The unit the form stands for: a custom unit left blank is the default unit. */
export function unitOf(form: ProductForm): string {
  return (form.unidade === CUSTOM ? form.unidadeOutra.trim() : form.unidade) || 'un';
}

/** The fields an edit saves (everything the form shows but the initial stock); a number that cannot be stored is NaN. */
export function changesOf(
  form: ProductForm,
): Required<Omit<ProductFields, 'nome' | 'unidade'>> & { nome: string; unidade: string } {
  return {
    nome: form.nome,
    preco: valueOf(readMoney(form.preco)),
    preco_compra: valueOf(readMoney(form.preco_compra)),
    estoque_minimo: valueOf(readQuantity(form.estoque_minimo, unitOf(form))),
    unidade: unitOf(form),
    categoria: blankToNull(form.categoria === CUSTOM ? form.categoriaOutra : form.categoria),
    marca: blankToNull(form.marca),
    codigo_barras: blankToNull(form.codigo_barras),
    local: blankToNull(form.local),
    descricao: blankToNull(form.descricao),
  };
}

/** The create command's input: the fields, and the initial stock (recorded as a count). */
export function newProductOf(form: ProductForm): NewProduct {
  return { ...changesOf(form), estoque: valueOf(readQuantity(form.estoque, unitOf(form))) };
}

export type ChangedField = keyof ReturnType<typeof changesOf>;

export interface FieldChange {
  field: ChangedField;
  before: string | number | null;
  after: string | number | null;
}

/** What an edit would change, field by field, in form order; empty when nothing changed. */
export function summaryOfChanges(original: ProductFields, form: ProductForm): FieldChange[] {
  const after = changesOf(form);
  const before = changesOf(formOf(original));
  const changed: FieldChange[] = [];
  for (const field of Object.keys(after) as ChangedField[]) {
    const next = typeof after[field] === 'string' ? after[field].trim() : after[field];
    const previous = typeof before[field] === 'string' ? before[field].trim() : before[field];
    if (next !== previous) changed.push({ field, before: previous, after: next });
  }
  return changed;
}

/** Only the changed fields, as the update command's input. */
export function patchOf(changes: readonly FieldChange[], form: ProductForm): ProductChanges {
  const all = changesOf(form);
  return Object.fromEntries(changes.map(({ field }) => [field, all[field]]));
}

/** The fields of a stored draft that the form knows, over the blank form. */
export function formFromDraft(draft: Readonly<Record<string, string>> | null): ProductForm {
  const form: ProductForm = { ...blankForm };
  if (!draft) return form;
  for (const key of Object.keys(blankForm) as (keyof ProductForm)[]) {
    const value = draft[key];
    if (typeof value === 'string') form[key] = value;
  }
  return form;
}
