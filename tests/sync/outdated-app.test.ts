// A device whose app is older than the account's rows of a table (the server refuses its pull with 'app_outdated')
// says so ('Atualize o app' on every screen), keeps what it holds, goes on with the other tables, and takes the rows
// it was refused once it reads them again (docs/sync.md §6).
import { describe, expect, it } from 'vitest';
import { converged, eventually, newOwner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';

const harness = useDeviceHarness();

async function setSalesMinimum(version: number): Promise<void> {
  await harness.stack.db.query(`UPDATE public.versoes_minimas_app SET versao = $1 WHERE tabela = 'vendas'`, [version]);
}

describe('a device older than the rows of its account', () => {
  it('says so, keeps selling and receiving the rest, and gets the sales once it reads them', { timeout: 90_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const a = await harness.open(owner, { name: 'outdated-a', resyncIntervalMs: 200 });
    const b = await harness.open(owner, { name: 'outdated-b', resyncIntervalMs: 200 });
    const arroz = await b.api.products.create({ nome: 'Arroz', preco: 5, estoque: 100 });
    await converged(owner, [a, b]);
    expect((await a.status()).outdated).toBe(false);

    // The account's sales now need a newer app than both devices run.
    await setSalesMinimum(5);
    try {
      const saleId = await b.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }] });
      const feijao = await b.api.products.create({ nome: 'Feijão', preco: 8 });
      await eventually(async () => {
        expect((await a.status()).outdated).toBe(true);
        // Products still arrive; the sale does not.
        expect((await a.docs('produtos')).map((doc) => doc.id)).toContain(feijao);
      });
      expect((await a.docs('vendas')).map((doc) => doc.id)).not.toContain(saleId);
      // The device keeps selling: its own sale reaches the server (the push is not refused).
      await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }] });
      await eventually(async () => {
        expect((await a.status()).pending).toBe(0);
      });

      // Updated (here: the minimum back to what this app reads), the refused sales come in and the notice goes.
      await setSalesMinimum(4);
      await eventually(async () => {
        expect((await a.status()).outdated).toBe(false);
        expect((await a.docs('vendas')).map((doc) => doc.id)).toContain(saleId);
      });
      await converged(owner, [a, b]);
    } finally {
      await setSalesMinimum(4);
    }
  });
});
