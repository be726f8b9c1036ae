// The till (fechamento de caixa) on one device, offline: open with a float, sales of this device by payment
// method, withdrawals and additions, the cash expected in the drawer, closing with the cash counted; sales of
// another device or from before the opening never count; the closed figures stay frozen; invalid input refused.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceNameOf, writtenBy } from '../../workers/db/device-identity.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice | undefined;
afterEach(async () => {
  await device?.close();
  device = undefined;
});

describe('the till of a device', () => {
  it('opens, counts this device’s sales by method and the cash movements, and closes with the difference', async () => {
    device = await openOfflineDevice('caixa');
    const { remote, workspace } = device;
    const arroz = await remote.products.create({ nome: 'Arroz', preco: 10 });
    const cliente = await remote.clients.create({ nome: 'Zé', telefone: '11912345678' });
    // Before the till opens: not part of it.
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 9 }], forma_pagamento: 'dinheiro' });

    await expect(remote.till.move({ tipo: 'sangria', valor: 5 })).rejects.toMatchObject({ code: 'not_found' });
    await expect(remote.till.open({ troco_inicial: -1 })).rejects.toMatchObject({
      issues: [{ field: 'troco_inicial', code: 'too_small' }],
    });
    await remote.till.open({ troco_inicial: 50 });
    await expect(remote.till.open({ troco_inicial: 50 })).rejects.toMatchObject({
      issues: [{ field: 'caixa', code: 'duplicate' }],
    });

    const open = await device.watch('tillOpen', undefined);
    await open.until((view) => view !== null && view.resumo.vendas === 0);
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }], forma_pagamento: 'dinheiro' });
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 0.5 }], forma_pagamento: 'pix' });
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 0.75 }], forma_pagamento: 'cartao' });
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 0.3 }] });
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }], tipo: 'fiado', cliente_id: cliente });
    // A sale another device made, arrived through replication: another device's stamp.
    const mine = await workspace.database.vendas.findOne({ selector: { forma_pagamento: 'pix' } }).exec();
    const other = mine?.toJSON();
    if (!other) throw new Error('sale missing');
    await workspace.database.vendas.insert({
      ...other,
      id: randomUUID(),
      hlc: other.hlc.replace(/:[^:]+$/u, ':outroaparelho.t1'),
    });
    await expect(remote.till.move({ tipo: 'sangria', valor: 0 })).rejects.toMatchObject({
      issues: [{ field: 'valor', code: 'not_positive' }],
    });
    await remote.till.move({ tipo: 'sangria', valor: 4.1, motivo: 'Pagamento do pão' });
    await remote.till.move({ tipo: 'suprimento', valor: 10 });

    const live = await open.until((view) => view?.movimentos.length === 2 && view.resumo.vendas === 5);
    expect(live?.resumo).toEqual({
      vendas: 5,
      total: 45.5,
      por_forma: { dinheiro: 10, cartao: 7.5, pix: 5, outro: 3, fiado: 20 },
      suprimentos: 10,
      sangrias: 4.1,
    });
    // 50 + 10 (cash sales) + 10 − 4,10
    expect(live?.esperado).toBe(65.9);
    expect(live?.movimentos.map((movement) => [movement.tipo, movement.valor, movement.motivo])).toEqual([
      ['sangria', 4.1, 'Pagamento do pão'],
      ['suprimento', 10, null],
    ]);

    const history = await device.watch('tillHistory', undefined);
    await remote.till.close({ valor_contado: 65, observacoes: 'Faltou troco' });
    await open.until((view) => view === null);
    const [closed] = await history.until((list) => list.length === 1);
    expect(closed).toMatchObject({
      troco_inicial: 50,
      esperado: 65.9,
      contado: 65,
      diferenca: -0.9,
      observacoes: 'Faltou troco',
      esteAparelho: true,
      resumo: { vendas: 5, total: 45.5 },
    });

    // After closing: a new sale leaves the closed figures as they were, and a new till can open.
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }], forma_pagamento: 'dinheiro' });
    await expect(remote.till.close({ valor_contado: 1 })).rejects.toMatchObject({ code: 'not_found' });
    await remote.till.open({ troco_inicial: 0 });
    await open.until((view) => view !== null && view.troco_inicial === 0 && view.resumo.vendas === 0);
    expect((await history.until((list) => list.length === 1))[0]?.resumo.vendas).toBe(5);
    await open.stop();
    await history.stop();
  });

  it('names the device once: every stamp it writes carries the name, across reopening its database', async () => {
    device = await openOfflineDevice('caixa-nome');
    const { workspace, remote } = device;
    expect(await deviceNameOf(workspace.database)).toBe(workspace.device);
    expect(await deviceNameOf(workspace.database)).toBe(workspace.device);
    const produto = await remote.products.create({ nome: 'Pão', preco: 1 });
    await remote.sales.register({ itens: [{ produto_id: produto, quantidade: 1 }] });
    const sale = await workspace.database.vendas.findOne().exec();
    expect(writtenBy(sale?.hlc ?? '', workspace.device)).toBe(true);
    expect(writtenBy(sale?.hlc ?? '', 'outro')).toBe(false);
  });
});
