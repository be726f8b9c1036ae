// The expenses page's rules without a browser (docs/product.md §4, §5, §8, §9): every validation message, the currency
// input (digits are cents), the previous period and the percent change, colours in 137.5° hue steps, chart
// labels cut at 12 characters, the filters sent, the page after a delete, and both exports' content (the CSV
// parsed back with papaparse, the PDF's text extracted).
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ExpenseRow } from '../../workers/api.ts';
import { percentChange, previousPeriod, summaryOf, figuresOf } from '../../workers/expenses/summary.ts';
import {
  centsOfTyped,
  changeText,
  checkCategoryForm,
  checkExpenseForm,
  currencyText,
  cutLabel,
  filterOf,
  generatedColor,
  generatedHue,
  pageAfterDelete,
  periodProblem,
} from '../../src/features/expenses/expense-rules.ts';
import {
  expenseCsvTable,
  expenseCsvTotalRow,
  expenseFileName,
  expenseReport,
} from '../../src/features/expenses/expense-export.ts';
import { csvText, pdfBytes } from '../../src/lib/export/index.ts';
import { errorMessage } from '../../src/i18n/errors.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { pdfPages } from '../support/pdf-text.ts';

const form = { descricao: 'Conta de luz', cents: 1500, data: '2026-11-10', categoria_id: '' };

describe('expense form (docs/product.md §5, §8)', () => {
  it.each([
    [{ descricao: 'ab' }, 'descricao', 'A descrição deve ter pelo menos 3 caracteres.'],
    [{ descricao: '   ' }, 'descricao', 'A descrição deve ter pelo menos 3 caracteres.'],
    [{ cents: 0 }, 'valor', 'O valor deve ser positivo.'],
    [{ data: '' }, 'data', 'Data inválida.'],
    [{ data: '2026-02-29' }, 'data', 'Data inválida.'],
  ])('%j → %s: %s', (patch, field, message) => {
    const checked = checkExpenseForm({ ...form, ...patch });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors[field as 'descricao']).toBe(message);
  });

  it('passes a valid expense with its value in reais and no category as null', () => {
    expect(checkExpenseForm({ ...form, descricao: '  Luz  ' })).toEqual({
      ok: true,
      input: { descricao: 'Luz', valor: 15, data: '2026-11-10', categoria_id: null },
    });
    expect(checkExpenseForm({ ...form, data: '2028-02-29' }).ok).toBe(true);
  });

  it.each([
    ['A', 'O nome deve ter pelo menos 2 caracteres.'],
    ['x'.repeat(51), 'O nome deve ter no máximo 50 caracteres.'],
  ])('category %s → %s', (nome, message) => {
    const checked = checkCategoryForm(nome, '#808080');
    expect(checked.ok ? null : checked.errors.nome).toBe(message);
  });

  it("words a duplicate category name as the spec does, in the failure's toast too", () => {
    const duplicate = DataError.invalid([{ field: 'nome', code: 'duplicate' }]);
    expect(errorMessage(duplicate, 'expenseCategories')).toBe('Já existe uma categoria com este nome.');
  });
});

describe('currency input: digits are cents', () => {
  it.each([
    ['', 0, 'R$\u00a00,00'],
    ['1', 1, 'R$\u00a00,01'],
    ['1234', 1234, 'R$\u00a012,34'],
    ['R$ 12,345', 12345, 'R$\u00a0123,45'],
    ['R$ 0,001', 1, 'R$\u00a00,01'],
    ['abc', 0, 'R$\u00a00,00'],
    ['12345678', 12345678, 'R$\u00a0123.456,78'],
  ])('%s → %d cents → %s', (typed, cents, shown) => {
    expect(centsOfTyped(typed)).toEqual({ ok: true, cents });
    expect(currencyText(cents)).toBe(shown);
  });

  it('refuses a minus and an amount above R$ 999.999,99 instead of dropping or cutting digits', () => {
    expect(centsOfTyped('-10')).toEqual({ ok: false, problem: 'negative', message: 'O valor não pode ser negativo.' });
    expect(centsOfTyped('R$ 0,00-')).toMatchObject({ ok: false, problem: 'negative' });
    expect(centsOfTyped('99999999')).toEqual({ ok: true, cents: 99_999_999 });
    const tooLarge = { ok: false, problem: 'too_large', message: 'O valor máximo é R$ 999.999,99.' };
    expect(centsOfTyped('100000000')).toEqual(tooLarge);
    expect(centsOfTyped('9'.repeat(17))).toEqual(tooLarge);
  });
});

describe('previous period and percent change (docs/product.md §4, §9)', () => {
  it.each([
    [
      { data_de: '2026-11-01', data_ate: '2026-11-30' },
      { data_de: '2026-10-02', data_ate: '2026-10-31' },
    ],
    [
      { data_de: '2026-03-01', data_ate: '2026-03-31' },
      { data_de: '2026-01-29', data_ate: '2026-02-28' },
    ],
    [
      { data_de: '2026-01-01', data_ate: '2026-01-01' },
      { data_de: '2025-12-31', data_ate: '2025-12-31' },
    ],
    [
      { data_de: '2024-03-01', data_ate: '2024-03-07' },
      { data_de: '2024-02-23', data_ate: '2024-02-29' },
    ],
  ])('%j → %j (same days, ending the day before)', (range, previous) => {
    expect(previousPeriod(range)).toEqual(previous);
  });

  it.each([
    [150, 100, { kind: 'change', percent: 50 }, '+50,0%', 'up'],
    [100, 150, { kind: 'change', percent: -33.3 }, '-33,3%', 'down'],
    [100.1, 100, { kind: 'change', percent: 0.1 }, '+0,1%', 'up'],
    [100, 100, { kind: 'change', percent: 0 }, '0,0%', 'same'],
    [0, 0, { kind: 'change', percent: 0 }, '0,0%', 'same'],
    [10, 0, { kind: 'from_zero' }, 'Aumento a partir de zero', 'up'],
    [0, 10, { kind: 'change', percent: -100 }, '-100,0%', 'down'],
  ] as const)('%d against %d', (current, previous, change, text, direction) => {
    expect(percentChange(current, previous)).toEqual(change);
    expect(changeText(percentChange(current, previous))).toEqual({ text, direction });
  });

  const row = (id: string, valor: number, data: string, categoria: string | null): ExpenseRow => ({
    id,
    descricao: `Despesa ${id}`,
    valor,
    data,
    categoria_id: categoria,
    categoria: categoria ? { id: categoria, nome: categoria, cor: '#112233' } : null,
    created_at: '2026-01-01T00:00:00.000Z',
  });

  it('sums in cents, compares with the previous period and finds the largest expense', () => {
    const rows = [row('a', 0.1, '2026-11-02', 'Luz'), row('b', 0.2, '2026-11-03', 'Luz'), row('c', 5, '2026-10-31', null)];
    const summary = summaryOf(rows, { data_de: '2026-11-01', data_ate: '2026-11-30' });
    expect(summary.total_geral).toBe(0.3);
    expect(summary.previous).toEqual({
      range: { data_de: '2026-10-02', data_ate: '2026-10-31' },
      total: 5,
      change: { kind: 'change', percent: -94 },
    });
    expect(summary.maior?.id).toBe('b');
    expect(summaryOf(rows, { data_de: '2026-11-01' }).previous).toBeNull();
    expect(figuresOf(rows).por_categoria).toEqual([
      { nome: 'Sem categoria', cor: '#808080', total: 5 },
      { nome: 'Luz', cor: '#112233', total: 0.3 },
    ]);
  });
});

describe('colours and chart labels (docs/product.md §9)', () => {
  it('steps hues by 137.5°', () => {
    expect([0, 1, 2, 3, 4].map(generatedHue)).toEqual([0, 137.5, 275, 52.5, 190]);
    expect(generatedColor(0)).toBe('#d22d2d');
    expect(new Set([0, 1, 2, 3, 4, 5, 6, 7].map(generatedColor)).size).toBe(8);
    for (const index of [0, 1, 7, 100]) expect(generatedColor(index)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('cuts labels longer than 12 characters with an ellipsis', () => {
    expect(cutLabel('Aluguel')).toBe('Aluguel');
    expect(cutLabel('Água e Luz 12')).toBe('Água e Luz 1…');
    expect(cutLabel('Exatamente12')).toBe('Exatamente12');
    expect(cutLabel('Manutenção da loja')).toBe('Manutenção d…');
  });
});

describe('filters and pages', () => {
  it('sends only the filters in use, the description trimmed', () => {
    expect(filterOf({ descricao: '  luz ', categoria_id: '', data_de: '2026-11-01', data_ate: '' })).toEqual({
      descricao: 'luz',
      data_de: '2026-11-01',
    });
    expect(filterOf({ descricao: ' ', categoria_id: '', data_de: '', data_ate: '' })).toEqual({});
  });

  it('refuses a period that ends before it starts', () => {
    expect(periodProblem('2026-11-10', '2026-11-01')).toBe('A data final deve ser igual ou posterior à inicial.');
    expect(periodProblem('2026-11-01', '2026-11-01')).toBeNull();
    expect(periodProblem('', '2026-11-01')).toBeNull();
  });

  it('steps back a page after deleting the last row of a page', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
    expect(pageAfterDelete(3, 4)).toBe(3);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });
});

describe('exports (docs/product.md §9)', () => {
  const rows: ExpenseRow[] = [
    {
      id: '1',
      descricao: 'Aluguel de novembro',
      valor: 1200,
      data: '2026-11-05',
      categoria_id: 'c',
      categoria: { id: 'c', nome: 'Aluguel', cor: '#0000ff' },
      created_at: '',
    },
    {
      id: '2',
      descricao: 'Sacolas; fitas',
      valor: 35.5,
      data: '2026-11-03',
      categoria_id: null,
      categoria: null,
      created_at: '',
    },
  ];
  const now = new Date(2026, 10, 24, 9, 5);

  it('names the files despesas_{date}.pdf and .csv', () => {
    expect(expenseFileName('pdf', now)).toBe('despesas_2026-11-24.pdf');
    expect(expenseFileName('csv', now)).toBe('despesas_2026-11-24.csv');
  });

  it('writes a CSV that parses back to the same rows, with comma decimals and the total', async () => {
    const text = await csvText(expenseCsvTable(rows), [expenseCsvTotalRow(rows)]);
    const parsed = Papa.parse<string[]>(text, { delimiter: ';' });
    expect(parsed.data).toEqual([
      ['Data', 'Descrição', 'Categoria', 'Valor'],
      ['05/11/2026', 'Aluguel de novembro', 'Aluguel', '1200,00'],
      ['03/11/2026', 'Sacolas; fitas', 'Sem categoria', '35,50'],
      ['Total', '', '', '1235,50'],
    ]);
  });

  it("writes a PDF with 'Relatório de Despesas', 'Gerado em', the columns, the rows and the total", async () => {
    // Spaces as read back (the amount's no-break space may come back as a plain one).
    const page = (await pdfPages(await pdfBytes(expenseReport(rows, now))))[0]?.replace(/\u00a0/g, ' ');
    expect(page).toContain('Relatório de Despesas');
    expect(page).toContain('Gerado em 24/11/2026 09:05');
    expect(page).toContain('Data Descrição Categoria Valor');
    expect(page).toContain('05/11/2026 Aluguel de novembro Aluguel R$ 1.200,00');
    expect(page).toContain('03/11/2026 Sacolas; fitas Sem categoria R$ 35,50');
    expect(page).toContain('Total: R$ 1.235,50');
  });
});
