// A till closed offline reaches the server and the owner's other device: one row with the frozen figures, counting
// only the sales its own device made between opening and closing — also those made after the app was reopened —
// and none of the other device's.
import { describe, expect, it } from 'vitest';
import { converged, newOwner, serverRows, type Device, type DeviceOptions, type Owner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';

const harness = useDeviceHarness();
const device = (owner: Owner, options: DeviceOptions): Promise<Device> => harness.open(owner, options);

describe('the till across devices', () => {
  it(
    'closed offline on one device, seen with the same figures on the server and the other device',
    { timeout: 120_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const a = await device(owner, { name: 'caixa-a' });
      const b = await device(owner, { name: 'caixa-b' });
      const arroz = await a.api.products.create({ nome: 'Arroz', preco: 5, estoque: 100 });
      await converged(owner, [a, b]);

      await a.setOnline(false);
      await a.api.till.open({ troco_inicial: 100 });
      await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }], forma_pagamento: 'dinheiro' });
      await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }], forma_pagamento: 'dinheiro' });
      await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }], forma_pagamento: 'pix' });
      // The other device sells meanwhile: not this till's money.
      await b.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 3 }], forma_pagamento: 'dinheiro' });
      // The app is closed and opened again with the till still open: the device keeps its name.
      await a.reopen();
      await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }], forma_pagamento: 'dinheiro' });
      await a.api.till.move({ tipo: 'sangria', valor: 3 });
      await a.api.till.close({ valor_contado: 120 });
      await a.setOnline(true);
      await converged(owner, [a, b], 60_000);

      const [row, ...others] = await serverRows(owner, 'fechamentos_caixa');
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        troco_inicial: 100,
        valor_contado: 120,
        // 100 + 15 in cash − 3
        valor_esperado: 112,
        resumo: {
          vendas: 4,
          total: 20,
          por_forma: { dinheiro: 15, pix: 5, cartao: 0, outro: 0, fiado: 0 },
          sangrias: 3,
          suprimentos: 0,
        },
      });
      expect(row?.fechado_em).not.toBeNull();
      const onB = await b.docs('fechamentos_caixa');
      expect(onB.map((doc) => [doc.id, doc.valor_esperado, doc.dispositivo])).toEqual([[row?.id, 112, row?.dispositivo]]);
    },
  );
});
