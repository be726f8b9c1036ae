// The sales list at the edge of the window a device keeps (docs/growth.md §6): a period reaching before the
// window's first day says so (the screen's 'Vendas anteriores a … disponíveis apenas online'), even when it finds
// no sale here; a period inside the window does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice;
// Noon of 15/06/2026 on the device: the window (90 days) starts on 17/03/2026.
const NOW = new Date(2026, 5, 15, 12).getTime();
let ticks = 0;

beforeAll(async () => {
  device = await openOfflineDevice('vendas-janela', { now: () => NOW + ticks++ });
});
afterAll(async () => {
  await device.close();
});

describe('the sales list and the window', () => {
  it('ends a period that reaches before the window with the first day kept, and never calls it empty', async () => {
    const api = device.remote;
    const agua = await api.products.create({ nome: 'Água', preco: 2.5, estoque: 100 });
    await api.sales.register({ itens: [{ produto_id: agua, quantidade: 1 }] });

    const month = await (await device.watch('salesList', { periodo: '30dias', tipo: 'todas' })).until((page) => page.total === 1);
    expect(month.keptFrom).toBeNull();

    const year = await (
      await device.watch('salesList', { periodo: 'personalizado', de: '2026-01-01', ate: '2026-06-15', tipo: 'todas' })
    ).until((page) => page.total === 1);
    expect(year.keptFrom).toBe('2026-03-17');

    const before = await (
      await device.watch('salesList', { periodo: 'personalizado', de: '2026-01-01', ate: '2026-02-28', tipo: 'todas' })
    ).until(() => true);
    expect(before).toMatchObject({ total: 0, keptFrom: '2026-03-17' });

    const open = await (
      await device.watch('salesList', { periodo: 'personalizado', tipo: 'todas' })
    ).until((page) => page.total === 1);
    expect(open.keptFrom).toBe('2026-03-17');
  });
});
