// 'Exportar meus dados' on the device, offline: the snapshot holds every live document of the owner by collection,
// with the derived stock and balance, without the database's bookkeeping fields or deleted documents; and the zip
// made from it carries the same data as JSON and as one CSV per collection that a spreadsheet reads back.
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKUP_JSON, backupZip } from '../../src/features/account/data-export.ts';
import { ownerCollectionNames } from '../../schemas/index.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice | undefined;
afterEach(async () => {
  await device?.close();
  device = undefined;
});

describe('the owner data export', () => {
  it('holds every live document of the owner, with stock and balance, and a zip a spreadsheet reads back', async () => {
    device = await openOfflineDevice('backup', { now: () => Date.parse('2026-11-24T13:00:00Z') });
    const { remote } = device;
    const arroz = await remote.products.create({ nome: 'Arroz 5 kg', preco: 27.9, estoque: 10 });
    const removido = await remote.products.create({ nome: 'Produto apagado', preco: 1 });
    await remote.products.remove(removido);
    const cliente = await remote.clients.create({ nome: 'Zé do Bar; "o Zé"', telefone: '11912345678' });
    await remote.clients.addDebit({ cliente_id: cliente, valor: 12.5 });
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }], tipo: 'fiado', cliente_id: cliente });

    const snapshot = await remote.backup.snapshot();
    expect(snapshot.userId).toBe(device.userId);
    expect(snapshot.exportedAt).toBe('2026-11-24T13:00:00.000Z');
    // Every collection of the owner's data; the counters' bases and the daily rollups are the server's fold of
    // it, not data of hers.
    expect(Object.keys(snapshot.tables).sort()).toEqual([...ownerCollectionNames].sort());
    expect(snapshot.tables).not.toHaveProperty('bases_contadores');
    expect(snapshot.tables).not.toHaveProperty('resumos_dia');
    expect(snapshot.tables.produtos).toEqual([
      expect.objectContaining({ id: arroz, nome: 'Arroz 5 kg', preco: 27.9, estoque: 8 }),
    ]);
    expect(snapshot.tables.clientes).toEqual([expect.objectContaining({ id: cliente, saldo_devedor: 68.3 })]);
    expect(snapshot.tables.vendas).toEqual([
      expect.objectContaining({
        tipo: 'fiado',
        total: 55.8,
        itens: [expect.objectContaining({ produto_id: arroz, quantidade: 2 })],
      }),
    ]);
    expect(snapshot.tables.fiado_lancamentos).toHaveLength(1);
    expect(snapshot.tables.despesas).toEqual([]);
    expect(snapshot.columns.despesas).toEqual(expect.arrayContaining(['id', 'descricao', 'valor', 'data']));
    for (const rows of Object.values(snapshot.tables)) {
      for (const row of rows)
        for (const field of ['_rev', '_meta', '_deleted', '_attachments']) expect(row).not.toHaveProperty(field);
    }

    const zip = unzipSync(new Uint8Array(await (await backupZip(snapshot)).arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual([BACKUP_JSON, ...ownerCollectionNames.map((name) => `${name}.csv`)].sort());
    expect(JSON.parse(strFromU8(zip[BACKUP_JSON] ?? new Uint8Array()))).toEqual(snapshot);

    const csv = (name: string) => {
      const bytes = zip[`${name}.csv`] ?? new Uint8Array();
      // UTF-8 with a byte-order mark, so a spreadsheet keeps the accents (the decoder drops the mark).
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return Papa.parse<Record<string, string>>(strFromU8(bytes), { header: true, delimiter: ';', skipEmptyLines: true });
    };
    const clientes = csv('clientes');
    expect(clientes.errors).toEqual([]);
    expect(clientes.data).toEqual([
      expect.objectContaining({ nome: 'Zé do Bar; "o Zé"', saldo_devedor: '68,3', telefone: '11912345678' }),
    ]);
    const vendas = csv('vendas').data;
    expect(JSON.parse(vendas[0]?.itens ?? 'null')).toEqual(snapshot.tables.vendas[0]?.itens);
    const despesas = csv('despesas');
    expect(despesas.data).toEqual([]);
    expect(despesas.meta.fields).toEqual(snapshot.columns.despesas);
  });
});
