// The supplier form's rules with the spec's messages (nome ≥ 3, optional valid email, phone DDD + 8 or 9 digits, blanks →
// null), its toasts online and offline, and the exports: the PDF's text (title, generated date, columns, rows,
// total) and the CSV parsed back with papaparse (with Observações and Data de Criação).
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { SupplierView } from '../../workers/api.ts';
import { csvText, pdfBytes } from '../../src/lib/export/index.ts';
import { checkSupplierForm, formValuesOf, saveFailureTitle, savedToast } from '../../src/features/suppliers/supplier-form.ts';
import { supplierCsvTable, supplierFileName, supplierReport } from '../../src/features/suppliers/supplier-export.ts';
import { pdfPages } from '../support/pdf-text.ts';

const blank = formValuesOf(null);

describe('supplier form', () => {
  it.each([
    [{ nome: '' }, 'nome', 'O nome deve ter pelo menos 3 caracteres.'],
    [{ nome: ' ab ' }, 'nome', 'O nome deve ter pelo menos 3 caracteres.'],
    [{ nome: 'Atacadão', email: 'vendas' }, 'email', 'Email inválido.'],
    [{ nome: 'Atacadão', email: 'vendas@atacadao' }, 'email', 'Email inválido.'],
  ])('%j → %s: %s', (values, field, message) => {
    const checked = checkSupplierForm({ ...blank, ...values });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors[field as keyof typeof checked.errors]).toBe(message);
  });

  it('accepts a name of 3 characters with everything else blank, blanks as null', () => {
    expect(checkSupplierForm({ ...blank, nome: 'Ana' })).toEqual({
      ok: true,
      input: { nome: 'Ana', cnpj_cpf: null, telefone: null, email: null, endereco: null, observacoes: null },
    });
  });

  it('keeps the masked phone’s digits (a DDD and 8 or 9 digits)', () => {
    const checked = checkSupplierForm({
      ...blank,
      nome: 'Atacadão',
      telefone: '(11) 98765-4321',
      email: ' vendas@atacadao.com.br ',
    });
    expect(checked).toMatchObject({ ok: true, input: { telefone: '11987654321', email: 'vendas@atacadao.com.br' } });
    expect(checkSupplierForm({ ...blank, nome: 'Atacadão', telefone: '(81) 99' })).toEqual({
      ok: false,
      errors: { telefone: 'Telefone inválido. Informe o DDD e o número, com 8 ou 9 dígitos: (81) 99999-8888.' },
    });
  });

  it('starts an edit from the stored values with the phone masked', () => {
    expect(formValuesOf(supplier({ telefone: '1133334444', email: null }))).toMatchObject({
      telefone: '(11) 3333-4444',
      email: '',
    });
  });

  it('words the toasts as the spec does, online and offline', () => {
    expect(savedToast(true, true)).toEqual({ title: 'Fornecedor salvo com sucesso' });
    expect(savedToast(false, true)).toEqual({ title: 'Fornecedor atualizado com sucesso' });
    expect(savedToast(true, false).description).toBe('Os dados serão sincronizados quando você estiver online.');
    expect(saveFailureTitle(true, true)).toBe('Erro ao salvar fornecedor');
    expect(saveFailureTitle(false, true)).toBe('Erro ao atualizar fornecedor');
    expect(saveFailureTitle(true, false)).toBe('Erro ao salvar offline');
  });
});

function supplier(fields: Partial<SupplierView> = {}): SupplierView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    nome: 'Atacadão São Jorge',
    cnpj_cpf: '12.345.678/0001-90',
    telefone: '11987654321',
    email: 'vendas@atacadao.com.br',
    endereco: 'Rua das Flores, 10; Centro',
    observacoes: 'Entrega às terças',
    created_at: '2026-11-20T13:00:00.000Z',
    ...fields,
  };
}

const suppliers = [
  supplier(),
  supplier({
    id: '00000000-0000-4000-8000-000000000002',
    nome: 'Bebidas Ávila',
    cnpj_cpf: null,
    telefone: null,
    email: null,
    endereco: null,
    observacoes: null,
    created_at: '2026-11-21T02:30:00.000Z',
  }),
];
const now = new Date(2026, 10, 24, 9, 5);

describe('supplier exports', () => {
  it('names the files fornecedores_{date}', () => {
    expect(supplierFileName('pdf', now)).toBe('fornecedores_2026-11-24.pdf');
    expect(supplierFileName('csv', now)).toBe('fornecedores_2026-11-24.csv');
  });

  it('CSV: the PDF columns plus Observações and Data de Criação, parsed back to the same rows', async () => {
    const text = await csvText(supplierCsvTable(suppliers));
    const parsed = Papa.parse<string[]>(text, { delimiter: ';' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['Nome', 'CNPJ/CPF', 'Telefone', 'Email', 'Endereço', 'Observações', 'Data de Criação'],
      [
        'Atacadão São Jorge',
        '12.345.678/0001-90',
        '(11) 98765-4321',
        'vendas@atacadao.com.br',
        'Rua das Flores, 10; Centro',
        'Entrega às terças',
        new Date('2026-11-20T13:00:00.000Z').toLocaleDateString('pt-BR'),
      ],
      ['Bebidas Ávila', '', '', '', '', '', new Date('2026-11-21T02:30:00.000Z').toLocaleDateString('pt-BR')],
    ]);
  });

  it('PDF: title, generated date, the five columns, every supplier and the total', async () => {
    const report = supplierReport(suppliers, now);
    expect(report.table.columns.map((column) => column.header)).toEqual(['Nome', 'CNPJ/CPF', 'Telefone', 'Email', 'Endereço']);
    const text = (await pdfPages(await pdfBytes(report))).join('\n');
    for (const expected of [
      'Relatório de Fornecedores',
      'Gerado em 24/11/2026 09:05',
      'Atacadão São Jorge',
      '(11) 98765-4321',
      'Bebidas Ávila',
      'Total: 2 fornecedores',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Entrega às terças');
  });
});
