// A device back online with a backlog larger than the server takes in one push (the cap is a setting, here far
// below the device's own batches) sends it all anyway: each refused push (413 PT413) is split by the limits the
// server states, or in halves, and sent again until every sale is on the server once. A sale too large to go
// even alone stays on the device, refused with PT413 like any document the server refuses.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { eventually, newOwner, openDevice, serverRows, type Device } from './support/devices.ts';
import { startFaultProxy, type FaultProxy } from './support/proxy.ts';

const MAX_DOCUMENTS = 20;
const MAX_BYTES = 2048;
const SALES = 120;

let stack: TestStack;
let proxy: FaultProxy;
const devices: Device[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  proxy = await startFaultProxy(stack.url);
  await stack.db.exec(`DO $$ BEGIN
    EXECUTE format('ALTER ROLE authenticated IN DATABASE %I SET app.replication_push_max_documents = %L',
                   current_database(), '${MAX_DOCUMENTS}');
    EXECUTE format('ALTER ROLE authenticated IN DATABASE %I SET app.replication_push_max_bytes = %L',
                   current_database(), '${MAX_BYTES}');
  END $$; NOTIFY pgrst, 'reload config';`);
});

afterAll(async () => {
  for (const device of devices.splice(0)) await device.close();
  await proxy.close();
  await stack.close();
});

describe('a backlog larger than a push may be', () => {
  it(
    'reaches the server in the batches the server takes; a sale too large alone stays refused',
    { timeout: 120_000 },
    async () => {
      const owner = await newOwner(stack);
      // The cap is in force for the owner's requests once the configuration is read again.
      const tooMany = Array.from({ length: MAX_DOCUMENTS + 1 }, () => ({ doc: { id: randomUUID() }, assumed_modified: null }));
      await eventually(async () => {
        const { error, status } = await owner.client.rpc('replicate_push', { p_table: 'despesas', p_rows: tooMany });
        expect([status, error?.code, JSON.parse(error?.details ?? 'null')]).toEqual([
          413,
          'PT413',
          { max_bytes: MAX_BYTES, max_documents: MAX_DOCUMENTS },
        ]);
      });

      const device = await openDevice(stack, owner, { name: 'a', url: proxy.url });
      devices.push(device);
      const product = await device.api.products.create({ nome: 'Arroz', preco: 5, estoque: 1000 });
      await eventually(async () => {
        expect((await device.status()).pending).toBe(0);
      });

      await device.setOnline(false);
      for (let index = 0; index < SALES; index++)
        await device.api.sales.register({ itens: [{ produto_id: product, quantidade: 1 }] });
      const tooLarge = await device.api.sales.register({
        itens: [{ produto_id: product, quantidade: 1 }],
        forma_pagamento: 'pix',
        forma_pagamento_descricao: 'x'.repeat(2000),
      });
      await eventually(async () => {
        expect((await device.status()).pending).toBeGreaterThanOrEqual(SALES + 1);
      });

      await device.setOnline(true);
      await eventually(async () => {
        const status = await device.status();
        expect(status.rejected.map((entry) => [entry.table, entry.id, entry.code])).toEqual([['vendas', tooLarge, 'PT413']]);
        expect(status.pending).toBe(1);
      }, 90_000);
      const onServer = (await serverRows(owner, 'vendas')).map((row) => String(row.id));
      expect(onServer).toHaveLength(SALES);
      expect(onServer).not.toContain(tooLarge);
      const pushes = proxy.statuses('/rpc/replicate_push');
      expect(pushes).toContain(413);
      expect(pushes.filter((pushed) => pushed === 200).length).toBeGreaterThanOrEqual(SALES / MAX_DOCUMENTS);
    },
  );
});
