// The expenses domain on an offline device, through the real worker API across a MessageChannel: expenses and
// categories are stored and refused with the spec's messages (nothing stored on a refusal), a duplicate category
// name is refused, removing a category leaves its expenses uncategorised, and the page's live queries (filtered
// pages of 10, the summary with the previous period, the categories) and the export rows follow every change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, type FormName } from '../../src/i18n/errors.ts';
import type { DataApi } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import type { Workspace } from '../../workers/db/workspace.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice;
let remote: RemoteApi<DataApi>;
let workspace: Workspace;

beforeAll(async () => {
  device = await openOfflineDevice('despesas');
  ({ remote, workspace } = device);
});
afterAll(async () => {
  await device.close();
});

async function refusal(command: Promise<unknown>): Promise<DataError> {
  const error = await command.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error, 'o comando deveria ser recusado').toBeInstanceOf(DataError);
  return error as DataError;
}

async function expectMessage(command: Promise<unknown>, form: FormName, field: string, message: string) {
  const error = await refusal(command);
  expect(error.code).toBe('invalid_input');
  expect(fieldMessages(form, error.issues)[field], JSON.stringify(error.issues)).toBe(message);
}

const count = async (table: 'despesas' | 'despesa_categorias') => (await workspace.database[table].find().exec()).length;

describe('expense commands', () => {
  it('refuses a short description, a value not above zero and an impossible date, storing nothing', async () => {
    const valid = { descricao: 'Conta de luz', valor: 10, data: '2026-11-10', categoria_id: null };
    await expectMessage(
      remote.expenses.create({ ...valid, descricao: ' ab ' }),
      'expenses',
      'descricao',
      'A descrição deve ter pelo menos 3 caracteres.',
    );
    await expectMessage(remote.expenses.create({ ...valid, valor: 0 }), 'expenses', 'valor', 'O valor deve ser positivo.');
    await expectMessage(remote.expenses.create({ ...valid, valor: -3 }), 'expenses', 'valor', 'O valor deve ser positivo.');
    await expectMessage(
      remote.expenses.create({ ...valid, valor: Number.NaN }),
      'expenses',
      'valor',
      'O valor deve ser positivo.',
    );
    await expectMessage(remote.expenses.create({ ...valid, data: '2026-02-30' }), 'expenses', 'data', 'Data inválida.');
    await expectMessage(remote.expenses.create({ ...valid, data: '10/11/2026' }), 'expenses', 'data', 'Data inválida.');
    await expectMessage(remote.expenses.create({ ...valid, data: '' }), 'expenses', 'data', 'Data inválida.');
    const badCategory = await refusal(remote.expenses.create({ ...valid, categoria_id: 'nada' }));
    expect(badCategory.issueOf('categoria_id')?.code).toBe('invalid_format');
    expect(await count('despesas')).toBe(0);
  });

  it('stores a valid expense trimmed and in cents; updates every field; removes it', async () => {
    const id = await remote.expenses.create({ descricao: '  Sacolas  ', valor: 12.345, data: '2026-11-10' });
    const stored = (await workspace.database.despesas.findOne(id).exec())?.toJSON();
    expect(stored).toMatchObject({ descricao: 'Sacolas', valor: 12.35, data: '2026-11-10', categoria_id: null });
    await remote.expenses.update(id, { descricao: 'Sacolas e fitas', valor: 40, data: '2026-11-11', categoria_id: '' });
    expect((await workspace.database.despesas.findOne(id).exec())?.toJSON()).toMatchObject({
      descricao: 'Sacolas e fitas',
      valor: 40,
      data: '2026-11-11',
      categoria_id: null,
    });
    await expectMessage(
      remote.expenses.update(id, { descricao: 'xy', valor: 40, data: '2026-11-11' }),
      'expenses',
      'descricao',
      'A descrição deve ter pelo menos 3 caracteres.',
    );
    await remote.expenses.remove(id);
    expect(await count('despesas')).toBe(0);
    expect((await refusal(remote.expenses.remove(id))).code).toBe('not_found');
  });
});

describe('categories', () => {
  it('refuses names outside 2–50 characters and a bad colour; defaults the colour to #808080', async () => {
    await expectMessage(
      remote.expenses.createCategory({ nome: 'A' }),
      'expenseCategories',
      'nome',
      'O nome deve ter pelo menos 2 caracteres.',
    );
    await expectMessage(
      remote.expenses.createCategory({ nome: '  ' }),
      'expenseCategories',
      'nome',
      'O nome deve ter pelo menos 2 caracteres.',
    );
    await expectMessage(
      remote.expenses.createCategory({ nome: 'x'.repeat(51) }),
      'expenseCategories',
      'nome',
      'O nome deve ter no máximo 50 caracteres.',
    );
    const badColour = await refusal(remote.expenses.createCategory({ nome: 'Luz', cor: 'red' }));
    expect(badColour.issueOf('cor')?.code).toBe('invalid_format');
    expect(await count('despesa_categorias')).toBe(0);
    const id = await remote.expenses.createCategory({ nome: 'Limpeza' });
    expect((await workspace.database.despesa_categorias.findOne(id).exec())?.toJSON()).toMatchObject({
      nome: 'Limpeza',
      cor: '#808080',
      icone: null,
    });
    await remote.expenses.removeCategory(id);
  });

  it("refuses a name already in use, case and accents ignored: 'Já existe uma categoria com este nome.'", async () => {
    const id = await remote.expenses.createCategory({ nome: 'Água e Luz', cor: '#ffaa00' });
    await expectMessage(
      remote.expenses.createCategory({ nome: ' agua e luz ' }),
      'expenseCategories',
      'nome',
      'Já existe uma categoria com este nome.',
    );
    expect(await count('despesa_categorias')).toBe(1);
    await remote.expenses.removeCategory(id);
    // Once removed, the name is free again.
    const again = await remote.expenses.createCategory({ nome: 'Água e luz' });
    await remote.expenses.removeCategory(again);
  });
});

describe('live queries', () => {
  it('filters, pages, summarises and exports; a removed category leaves its expenses uncategorised', async () => {
    const energia = await remote.expenses.createCategory({ nome: 'Energia', cor: '#ffaa00' });
    const aluguel = await remote.expenses.createCategory({ nome: 'Aluguel', cor: '#0000ff' });
    const categories = await device.watch('expenseCategories', undefined);
    expect((await categories.until((list) => list.length === 2)).map((row) => row.nome)).toEqual(['Aluguel', 'Energia']);

    // October: 3 expenses (120); November: 12 light bills of 10 and the rent.
    await remote.expenses.create({ descricao: 'Conta de luz outubro', valor: 100, data: '2026-10-10', categoria_id: energia });
    await remote.expenses.create({ descricao: 'Café da equipe', valor: 15, data: '2026-10-20' });
    await remote.expenses.create({ descricao: 'Fita adesiva', valor: 5, data: '2026-10-31' });
    for (let day = 1; day <= 12; day += 1) {
      const data = `2026-11-${String(day).padStart(2, '0')}`;
      await remote.expenses.create({ descricao: `Energia extra ${String(day)}`, valor: 10, data, categoria_id: energia });
    }
    await remote.expenses.create({ descricao: 'Aluguel de novembro', valor: 1200, data: '2026-11-05', categoria_id: aluguel });

    const all = await device.watch('expensesPage', { filter: {}, page: 1 });
    const first = await all.until((page) => page.total === 16);
    expect(first).toMatchObject({ page: 1, pageCount: 2, pageSize: 10 });
    expect(first.items[0]?.data).toBe('2026-11-12');
    expect(first.items.map((row) => row.data)).toEqual([...first.items.map((row) => row.data)].sort().reverse());
    const clamped = await device.watch('expensesPage', { filter: {}, page: 9 });
    expect((await clamped.until((page) => page.total === 16)).page).toBe(2);

    const accents = await device.watch('expensesPage', { filter: { descricao: 'CAFE' } });
    expect((await accents.until((page) => page.total === 1)).items[0]?.descricao).toBe('Café da equipe');

    const november = { data_de: '2026-11-01', data_ate: '2026-11-30' };
    const summary = await device.watch('expenseSummary', { filter: november });
    const figures = await summary.until((value) => value.total_geral === 1320);
    expect(figures.por_categoria).toEqual([
      { nome: 'Aluguel', cor: '#0000ff', total: 1200 },
      { nome: 'Energia', cor: '#ffaa00', total: 120 },
    ]);
    // The previous period: 30 days ending 31 October → 2 October to 31 October (120 spent): +1000%.
    expect(figures.previous).toEqual({
      range: { data_de: '2026-10-02', data_ate: '2026-10-31' },
      total: 120,
      change: { kind: 'change', percent: 1000 },
    });
    expect(figures.maior).toMatchObject({ descricao: 'Aluguel de novembro', valor: 1200, categoria: { nome: 'Aluguel' } });

    const energyNovember = await device.watch('expensesPage', { filter: { ...november, categoria_id: energia }, page: 2 });
    expect(await energyNovember.until((page) => page.total === 12)).toMatchObject({ page: 2, pageCount: 2 });

    // Removing 'Energia' leaves its expenses without a category, as the server's summary reads them.
    await remote.expenses.removeCategory(energia);
    const after = await summary.until((value) => value.por_categoria.some((row) => row.nome === 'Sem categoria'));
    expect(after.por_categoria).toEqual([
      { nome: 'Aluguel', cor: '#0000ff', total: 1200 },
      { nome: 'Sem categoria', cor: '#808080', total: 120 },
    ]);
    const rows = await remote.expenses.exportRows(november);
    expect(rows).toHaveLength(13);
    expect(rows.filter((row) => row.categoria === null)).toHaveLength(12);
    expect(rows[0]?.data).toBe('2026-11-12');

    const empty = await device.watch('expenseSummary', { filter: { descricao: 'não existe' } });
    expect(await empty.until(() => true)).toEqual({ total_geral: 0, por_categoria: [], previous: null, maior: null });
    for (const watch of [categories, all, clamped, accents, summary, energyNovember, empty]) await watch.stop();
  });

  it('refuses a filter with an impossible date', async () => {
    await expect(remote.expenses.exportRows({ data_de: '2026-13-01' })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
