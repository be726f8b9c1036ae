// What the server refuses is shown with its reason and never traps the owner: the free plan's product cap is
// the server's own number, kept on the device and applied there (offline too, on every device of the owner);
// a refused change can be discarded, is offered again by itself once the account is reactivated, and never
// keeps the owner from signing out; 'Sincronizar agora' says what happened.
import { describe, expect, it } from 'vitest';
import { refusalSentence } from '../../src/features/sync/sync-text.ts';
import { converged, eventually, newOwner, serverRows, type Device, type Owner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';

const harness = useDeviceHarness();

async function setProductCap(products: number): Promise<void> {
  await harness.stack.db.query(
    `UPDATE public.system_settings SET value = jsonb_build_object('products', $1::int, 'clients', 100) WHERE key = 'free_plan_limits'`,
    [products],
  );
}

async function setStanding(owner: Owner, status: 'ativo' | 'suspenso'): Promise<void> {
  await harness.stack.db.query(`UPDATE public.users SET status_pagamento = $2 WHERE id = $1::uuid`, [owner.userId, status]);
}

/** The code of the error a command failed with (the device thread reports `name: code: diagnostic`). */
async function failureOf(command: Promise<unknown>): Promise<string> {
  const error = await command.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, 'the command should have been refused').toBeInstanceOf(Error);
  return (error as Error).message;
}

async function suspendedWithRefusedClient(name: string): Promise<{ owner: Owner; device: Device; clientId: string }> {
  const owner = await newOwner(harness.stack);
  const device = await harness.open(owner, { name, resyncIntervalMs: 200 });
  await converged(owner, [device]);
  await setStanding(owner, 'suspenso');
  const clientId = await device.api.clients.create({ nome: 'Maria da Silva', telefone: '11999990001' });
  await eventually(async () => {
    expect((await device.status()).rejected).toHaveLength(1);
  });
  return { owner, device, clientId };
}

describe('the free plan product cap', () => {
  it('is the server’s number, applied by the products command on every device, offline too', { timeout: 60_000 }, async () => {
    await setProductCap(3);
    const owner = await newOwner(harness.stack);
    const a = await harness.open(owner, { name: 'cap-a' });
    const ids: string[] = [];
    for (const nome of ['Arroz', 'Feijão', 'Café']) ids.push(await a.api.products.create({ nome, preco: 1 }));
    expect(await failureOf(a.api.products.create({ nome: 'Açúcar', preco: 1 }))).toContain('limit_reached');

    // Offline, the cap kept on the device still applies.
    await a.setOnline(false);
    expect(await failureOf(a.api.products.create({ nome: 'Açúcar', preco: 1 }))).toContain('limit_reached');
    await a.setOnline(true);

    // Another device of the owner, once it holds the three products, refuses a fourth too.
    await converged(owner, [a]);
    const b = await harness.open(owner, { name: 'cap-b' });
    await converged(owner, [a, b]);
    expect(await failureOf(b.api.products.create({ nome: 'Sal', preco: 1 }))).toContain('limit_reached');

    // Deleting one frees the slot; nothing was ever refused by the server.
    await a.api.products.remove(ids[0] as string);
    await a.api.products.create({ nome: 'Açúcar', preco: 1 });
    await converged(owner, [a, b]);
    expect((await serverRows(owner, 'produtos')).filter((row) => row._deleted !== true)).toHaveLength(3);
    expect((await a.status()).rejected).toEqual([]);
    await setProductCap(50);
  });
});

describe('changes the server refuses', () => {
  it(
    'are shown with their reason, do not block signing out, and are offered again after reactivation',
    { timeout: 60_000 },
    async () => {
      const { owner, device, clientId } = await suspendedWithRefusedClient('refused-a');
      const status = await device.status();
      expect(status.rejected[0]).toMatchObject({
        table: 'clientes',
        id: clientId,
        label: 'Maria da Silva',
        reason: 'account_suspended',
      });
      expect(status.pending).toBe(1);
      expect(await device.api.sync.canSignOut()).toEqual({ allowed: true, pending: 0, refused: 1 });

      const outcome = await device.api.sync.syncNow();
      expect(outcome.refused.map((change) => change.reason)).toEqual(['account_suspended']);

      // Reactivated: the refused client reaches the server without anybody asking.
      await setStanding(owner, 'ativo');
      await eventually(async () => {
        expect((await device.status()).rejected).toEqual([]);
        expect((await serverRows(owner, 'clientes')).map((row) => row.id)).toEqual([clientId]);
      });
      expect((await device.status()).pending).toBe(0);
    },
  );

  it('of a suspended account say the admin’s reason, as the sign-in does', { timeout: 60_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const device = await harness.open(owner, { name: 'refused-reason', resyncIntervalMs: 200 });
    await converged(owner, [device]);
    await harness.stack.db.query(
      `UPDATE public.users SET status_pagamento = 'suspenso', motivo_suspensao = 'Pagamentos contestados' WHERE id = $1::uuid`,
      [owner.userId],
    );
    await device.api.clients.create({ nome: 'Ana Lima', telefone: '11999990003' });
    await eventually(async () => {
      expect((await device.status()).rejected).toHaveLength(1);
    });
    const { rejected } = await device.status();
    expect(rejected.map((change) => change.reason)).toEqual(['account_suspended']);
    expect(rejected.map(refusalSentence)).toEqual(['Sua conta está suspensa: Pagamentos contestados']);
    const outcome = await device.api.sync.syncNow();
    expect(outcome.refused.map(refusalSentence)).toEqual(['Sua conta está suspensa: Pagamentos contestados']);
  });

  it(
    'let "Sincronizar agora" end while they are offered again faster than the server answers',
    { timeout: 60_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      // Every few milliseconds the device offers the refused client again, far more often than a push comes back.
      const device = await harness.open(owner, { name: 'refused-often', resyncIntervalMs: 5 });
      await converged(owner, [device]);
      await setStanding(owner, 'suspenso');
      await device.api.clients.create({ nome: 'Rita Alves', telefone: '11999990004' });
      await eventually(async () => {
        expect((await device.status()).rejected).toHaveLength(1);
      });
      const outcome = await device.api.sync.syncNow();
      expect(outcome.refused.map((change) => change.reason)).toEqual(['account_suspended']);
    },
  );

  it('can be discarded: the refused document leaves the device and never reaches the server', { timeout: 60_000 }, async () => {
    const { owner, device, clientId } = await suspendedWithRefusedClient('refused-b');
    await device.api.sync.discardRefused({ table: 'clientes', id: clientId });
    await eventually(async () => {
      const status = await device.status();
      expect(status.rejected).toEqual([]);
      expect(status.pending).toBe(0);
    });
    expect((await device.docs('clientes')).filter((doc) => doc._deleted !== true)).toEqual([]);
    await setStanding(owner, 'ativo');
    await device.api.sync.syncNow();
    expect((await serverRows(owner, 'clientes')).filter((row) => row._deleted !== true)).toEqual([]);
    expect(await device.api.sync.canSignOut()).toEqual({ allowed: true, pending: 0, refused: 0 });
  });

  it('can be discarded when it is an edit: the device takes the server’s version back', { timeout: 60_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const device = await harness.open(owner, { name: 'refused-c', resyncIntervalMs: 200 });
    const clientId = await device.api.clients.create({ nome: 'João Souza', telefone: '11999990002' });
    await converged(owner, [device]);
    await setStanding(owner, 'suspenso');
    await device.api.clients.update(clientId, { nome: 'João de Souza' });
    await eventually(async () => {
      expect((await device.status()).rejected).toMatchObject([{ id: clientId, reason: 'account_suspended' }]);
    });
    await device.api.sync.discardRefused({ table: 'clientes', id: clientId });
    const [local] = await device.docs('clientes');
    expect(local?.nome).toBe('João Souza');
    await setStanding(owner, 'ativo');
    await converged(owner, [device]);
    expect((await serverRows(owner, 'clientes')).map((row) => row.nome)).toEqual(['João Souza']);
    expect((await device.status()).rejected).toEqual([]);
  });

  it('make "Sincronizar agora" fail with the reason when offline', { timeout: 30_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const device = await harness.open(owner, { name: 'offline-now' });
    await device.setOnline(false);
    expect(await failureOf(device.api.sync.syncNow())).toContain('offline');
  });
});
