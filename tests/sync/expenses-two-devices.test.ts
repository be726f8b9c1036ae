// Two devices of one owner work offline on expenses (each adds a category and expenses; one edits, the other
// deletes, one removes a category that expenses still name), then reconnect: both hold the same expenses and
// categories as the server, and the figures each device computes equal get_expense_summary's for the same filters.
import { describe, expect, it } from 'vitest';
import type { ExpenseFilter } from '../../workers/expenses/schema.ts';
import { figuresOf, type SummaryFigures } from '../../workers/expenses/summary.ts';
import { rowOf } from '../support/results.ts';
import { converged, newOwner, type Device, type Owner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';

const harness = useDeviceHarness();

async function serverFigures(owner: Owner, filter: ExpenseFilter): Promise<SummaryFigures> {
  const answer = await owner.client.rpc('get_expense_summary', {
    p_user_id: owner.userId,
    p_descricao: filter.descricao ?? null,
    p_categoria_id: filter.categoria_id ?? null,
    p_data_de: filter.data_de ?? null,
    p_data_ate: filter.data_ate ?? null,
  });
  return rowOf<SummaryFigures>(answer);
}

/** The device's own figures: the rows its export reads (filtered on the device), summed as its summary sums. */
async function deviceFigures(device: Device, filter: ExpenseFilter): Promise<SummaryFigures> {
  return figuresOf(await device.api.expenses.exportRows(filter));
}

describe('expenses on two offline devices', () => {
  it('converge, and each device’s summary equals the server’s', { timeout: 180_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const a = await harness.open(owner, { name: 'caixa' });
    const b = await harness.open(owner, { name: 'celular' });
    const limpeza = await a.api.expenses.createCategory({ nome: 'Limpeza', cor: '#2ca02c' });
    await converged(owner, [a, b]);

    await a.setOnline(false);
    await b.setOnline(false);
    const energia = await a.api.expenses.createCategory({ nome: 'Energia', cor: '#ffaa00' });
    const luz = await a.api.expenses.create({
      descricao: 'Conta de luz',
      valor: 150.75,
      data: '2026-11-10',
      categoria_id: energia,
    });
    await a.api.expenses.create({ descricao: 'Detergente', valor: 12.9, data: '2026-11-12', categoria_id: limpeza });
    const aluguel = await b.api.expenses.createCategory({ nome: 'Aluguel', cor: '#0000ff' });
    await b.api.expenses.create({ descricao: 'Aluguel de novembro', valor: 1200, data: '2026-11-05', categoria_id: aluguel });
    const engano = await b.api.expenses.create({ descricao: 'Lançada por engano', valor: 99, data: '2026-11-06' });
    await b.api.expenses.create({ descricao: 'Água sanitária', valor: 8.5, data: '2026-10-30', categoria_id: limpeza });
    await b.api.expenses.remove(engano);
    await a.api.expenses.update(luz, {
      descricao: 'Conta de luz outubro',
      valor: 160.25,
      data: '2026-10-31',
      categoria_id: energia,
    });
    // Removing a category leaves its expenses uncategorised, on the device as on the server.
    await b.api.expenses.removeCategory(limpeza);

    await a.setOnline(true);
    await b.setOnline(true);
    await converged(owner, [a, b], 60_000);

    const filters: ExpenseFilter[] = [
      {},
      { data_de: '2026-11-01', data_ate: '2026-11-30' },
      { data_de: '2026-10-02', data_ate: '2026-10-31' },
      { descricao: 'agua' },
      { categoria_id: energia },
      { categoria_id: limpeza },
      { categoria_id: 'NO_CATEGORY' },
    ];
    for (const filter of filters) {
      const server = await serverFigures(owner, filter);
      expect(await deviceFigures(a, filter), JSON.stringify(filter)).toEqual(server);
      expect(await deviceFigures(b, filter), JSON.stringify(filter)).toEqual(server);
    }
    expect(await serverFigures(owner, {})).toEqual({
      total_geral: 1381.65,
      por_categoria: [
        { nome: 'Aluguel', cor: '#0000ff', total: 1200 },
        { nome: 'Energia', cor: '#ffaa00', total: 160.25 },
        { nome: 'Sem categoria', cor: '#808080', total: 21.4 },
      ],
    });
  });
});
