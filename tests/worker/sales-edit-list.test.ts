// The sales list and the sale details as live queries on an offline device: period (hoje, 7 and 30 days,
// a custom range) and type filters with their counts, newest first, pages, the filtered total; the details
// carry the client's name; both follow an edit and a deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let fresh: OfflineDevice;

// Noon of 15/03/2026 on the device, whatever the machine's time zone; a millisecond passes at each reading, so
// sales recorded one after the other have distinct stamps.
const NOW = new Date(2026, 2, 15, 12).getTime();
let ticks = 0;
/** Moves the device's clock (the midnight test). */
let shift = 0;

beforeAll(async () => {
  fresh = await openOfflineDevice('vendas-lista', { now: () => NOW + shift + ticks++ });
});
afterAll(async () => {
  await fresh.close();
});

describe('sales live queries', () => {
  it('lists a period and type newest first with counts and total; details carry the client; both follow edits', async () => {
    {
      const api = fresh.remote;
      const agua = await api.products.create({ nome: 'Água', preco: 2.5, estoque: 100 });
      const ana = await api.clients.create({ nome: 'Ana', telefone: '11999998888' });
      const days = ['2026-03-15', '2026-03-15', '2026-03-12', '2026-03-01', '2026-02-10'];
      const ids: string[] = [];
      for (const [index, data] of days.entries()) {
        const fiado = index % 2 === 1;
        const id = await api.sales.register({
          itens: [{ produto_id: agua, quantidade: index + 1 }],
          tipo: fiado ? 'fiado' : 'avista',
          cliente_id: fiado ? ana : null,
          forma_pagamento: fiado ? null : 'dinheiro',
        });
        const sale = (await fresh.workspace.database.vendas.findOne(id).exec())?.toJSON();
        if (!sale) throw new Error('venda');
        await api.sales.update({
          id,
          data,
          tipo: sale.tipo,
          cliente_id: sale.cliente_id ?? null,
          forma_pagamento: sale.forma_pagamento ?? null,
          itens: sale.itens.map((item) => ({ produto_id: item.produto_id, quantidade: item.quantidade })),
        });
        ids.push(id);
      }
      const [hoje1, hoje2, dia12, dia01, fev] = ids as [string, string, string, string, string];

      const today = await fresh.watch('salesList', { periodo: 'hoje', tipo: 'todas' });
      const todayPage = await today.until((page) => page.total === 2);
      expect(todayPage.items.map((row) => row.id)).toEqual([hoje2, hoje1]);
      expect(todayPage.counts).toEqual({ todas: 2, avista: 1, fiado: 1 });
      expect(todayPage.valor).toBe(7.5);
      expect(todayPage.items[0]).toMatchObject({ tipo: 'fiado', clienteNome: 'Ana', total: 5, itens: 1 });

      const week = await (await fresh.watch('salesList', { periodo: '7dias', tipo: 'todas' })).until(() => true);
      expect(week.items.map((row) => row.id)).toEqual([hoje2, hoje1, dia12]);
      expect(week.de).toBe('2026-03-09');

      const month = await (await fresh.watch('salesList', { periodo: '30dias', tipo: 'avista' })).until(() => true);
      expect(month.items.map((row) => row.id)).toEqual([hoje1, dia12]);
      expect(month.counts).toEqual({ todas: 4, avista: 2, fiado: 2 });
      expect(month.valor).toBe(10);

      const range = await (
        await fresh.watch('salesList', {
          periodo: 'personalizado',
          de: '2026-02-01',
          ate: '2026-03-01',
          tipo: 'todas',
          pageSize: 1,
        })
      ).until(() => true);
      expect(range.items.map((row) => row.id)).toEqual([dia01]);
      expect(range).toMatchObject({ total: 2, page: 1, pageCount: 2 });
      const second = await (
        await fresh.watch('salesList', {
          periodo: 'personalizado',
          de: '2026-02-01',
          ate: '2026-03-01',
          tipo: 'todas',
          pageSize: 1,
          page: 2,
        })
      ).until(() => true);
      expect(second.items.map((row) => row.id)).toEqual([fev]);

      const details = await fresh.watch('saleDetails', { saleId: hoje2 });
      expect(await details.until((sale) => sale !== null)).toMatchObject({
        tipo: 'fiado',
        cliente: { id: ana, nome: 'Ana' },
        total: 5,
        itens: [{ nome: 'Água', quantidade: 2, precoUnitario: 2.5, precoTotal: 5, unidade: 'un' }],
      });

      await api.sales.update({
        id: hoje2,
        data: '2026-03-15',
        tipo: 'avista',
        cliente_id: null,
        forma_pagamento: 'pix',
        itens: [{ produto_id: agua, quantidade: 4 }],
      });
      await details.until((sale) => sale?.tipo === 'avista' && sale.total === 10 && sale.cliente === null);
      await today.until((page) => page.counts.fiado === 0 && page.valor === 12.5);

      await api.sales.remove(hoje2);
      await details.until((sale) => sale === null);
      await today.until((page) => page.total === 1 && page.items[0]?.id === hoje1);
    }
  });
});

describe('a list left open', () => {
  it("moves to the new day at midnight ('Hoje' is the device's today, not the day it was opened)", async () => {
    shift = new Date(2026, 2, 15, 23, 59, 59, 500).getTime() - NOW;
    const today = await fresh.watch('salesList', { periodo: 'hoje', tipo: 'todas' });
    expect((await today.until(() => true)).de).toBe('2026-03-15');
    shift = new Date(2026, 2, 16, 0, 0, 1).getTime() - NOW;
    const next = await today.until((page) => page.de === '2026-03-16');
    expect(next).toMatchObject({ ate: '2026-03-16', total: 0 });
    await today.stop();
  });
});
