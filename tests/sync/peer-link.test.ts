// Two devices of one owner with no server, linked directly (the channel a browser's WebRTC data channel is): each
// sees the other's sales, stock facts and fiado at once, with the same derived stock and balances; when the server
// comes back both push and it holds each document once. Pairing refuses another owner's code and a replayed one,
// and a linked device that sends another owner's document is cut off.
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  answerProofMessage,
  decodeCode,
  encodeCode,
  linkSecretOf,
  pairingProofKey,
  proofOf,
  signedProof,
} from '../../workers/peer/codes.ts';
import { DATA_VERSIONS } from '../../workers/peer/replication.ts';
import { converged, eventually, newOwner, pairDevices, serverRows, type Device, type Owner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';
import { expectedBalances, expectedStock } from './support/oracle.ts';

const harness = useDeviceHarness();

async function expectRefused(call: Promise<unknown>, code: string): Promise<void> {
  await expect(call).rejects.toThrow(new RegExp(`\\b${code}\\b`));
}

/**
 * A device of the owner (it holds the owner's pairing key) answers a real invitation of `a` and speaks the link's
 * frames by hand, telling `dataVersions` in its hello: the frames `a` sends are in `frames`.
 */
async function linkByHand(a: Device, owner: Owner, dataVersions: string | undefined) {
  await a.setOnline(false);
  const { code } = await a.api.peer.createInvite({ sdp: 'oferta' });
  const invitation = await decodeCode(code);
  if (invitation.kind !== 'convite') throw new Error('not an invitation');
  const answer: { data: unknown; error: { message: string } | null } = await owner.client.rpc('chave_de_pareamento');
  if (answer.error) throw new Error(answer.error.message);
  const key = await pairingProofKey(answer.data as string);
  const impostor = 'zzzzzzzzzz';
  const fields = { owner: owner.userId, device: impostor, invite: invitation.invite, sdp: 'resposta' };
  const proof = await signedProof(key, answerProofMessage(fields, invitation));
  const accepted = await a.api.peer.readAnswer({ code: await encodeCode({ kind: 'resposta', ...fields, proof }) });
  const linkSecret = await linkSecretOf(key, invitation.invite, invitation.secret, [invitation.device, impostor]);
  const channel = new MessageChannel();
  const frames: Record<string, unknown>[] = [];
  channel.port2.on('message', (data: string | null) => {
    if (typeof data === 'string') frames.push(JSON.parse(data) as Record<string, unknown>);
  });
  await a.peerAttach(accepted.invite, channel.port1);
  await eventually(() => {
    expect(frames.find((frame) => frame.t === 'ola')).toBeDefined();
  });
  const hello = frames.find((frame) => frame.t === 'ola') as { nonce: string; device: string; dados?: string };
  channel.port2.postMessage(
    JSON.stringify({ t: 'ola', owner: owner.userId, device: impostor, nonce: 'n0nc3n0nc3n0nc3n', dados: dataVersions }),
  );
  channel.port2.postMessage(
    JSON.stringify({ t: 'prova', proof: await proofOf(linkSecret, `elo|${hello.nonce}|${impostor}|${owner.userId}`) }),
  );
  return { channel, frames, hello };
}

/** Waits until both devices show the same stock and balance for every product and client given. */
async function sameCounters(devices: readonly Device[], products: readonly string[], clients: readonly string[]) {
  await eventually(async () => {
    const [first, ...others] = devices as [Device, ...Device[]];
    for (const product of products) {
      const stock = await first.stockOf(product);
      for (const other of others) expect(await other.stockOf(product), `stock of ${product}`).toBe(stock);
    }
    for (const client of clients) {
      const balance = await first.balanceOf(client);
      for (const other of others) expect(await other.balanceOf(client), `balance of ${client}`).toBe(balance);
    }
  });
}

describe('peer link between two devices of one owner', () => {
  it('keeps both in step without the server, then the server gets each document once', { timeout: 180_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const a = await harness.open(owner, { name: 'balcao' });
    const b = await harness.open(owner, { name: 'celular' });
    const arroz = await a.api.products.create({ nome: 'Arroz 5 kg', preco: 27.9, estoque: 40 });
    const maria = await a.api.clients.create({ nome: 'Maria', telefone: '11999990001' });
    await converged(owner, [a, b]);

    // The shop's internet is gone; the two devices still reach each other.
    await a.setOnline(false);
    await b.setOnline(false);
    await pairDevices(a, b);
    await eventually(async () => {
      const [statusA, statusB] = [await a.peerStatus(), await b.peerStatus()];
      expect(statusA.peers.map((peer) => [peer.label, peer.state])).toEqual([[statusB.label, 'conectado']]);
      expect(statusB.peers.map((peer) => [peer.label, peer.state])).toEqual([[statusA.label, 'conectado']]);
    });

    const feijao = await b.api.products.create({ nome: 'Feijão 1 kg', preco: 8.49, estoque: 25 });
    const sales: string[] = [];
    for (let index = 0; index < 5; index++) {
      sales.push(await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }] }));
      sales.push(await b.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }] }));
    }
    await b.waitFor('produtos', feijao);
    await a.waitFor('produtos', feijao);
    sales.push(await a.api.sales.register({ itens: [{ produto_id: feijao, quantidade: 3 }], tipo: 'fiado', cliente_id: maria }));
    await b.api.clients.addDebit({ cliente_id: maria, valor: 10 });
    await a.api.stock.count({ produto_id: feijao, quantidade: 30 });
    await eventually(async () => {
      expect(await b.balanceOf(maria)).toBeCloseTo(8.49 * 3 + 10, 2);
    });
    await b.api.clients.registerPayment({ cliente_id: maria, valor: 5 });
    for (const id of sales) {
      await a.waitFor('vendas', id);
      await b.waitFor('vendas', id);
    }
    await sameCounters([a, b], [arroz, feijao], [maria]);
    expect(await a.stockOf(arroz)).toBe(40 - 15);
    expect(await b.stockOf(feijao)).toBe(30);
    expect(await a.balanceOf(maria)).toBeCloseTo(8.49 * 3 + 10 - 5, 2);
    // Nothing left to exchange between them, while the server still waits for all of it.
    await eventually(async () => {
      for (const device of [a, b]) {
        const status = await device.peerStatus();
        expect(status.peers[0], device.name).toMatchObject({ state: 'conectado', toSend: 0, toReceive: 0 });
        expect(status.peers[0]?.lastExchange).not.toBeNull();
      }
    });
    expect((await a.status()).pending).toBeGreaterThan(0);

    // The internet returns: both push; the server has each sale once and the same counters.
    await a.setOnline(true);
    await b.setOnline(true);
    await converged(owner, [a, b], 60_000);
    const serverSales = await serverRows(owner, 'vendas');
    expect(serverSales.map((row) => row.id).sort()).toEqual([...sales].sort());
    const [stock, balances] = [await expectedStock(owner), await expectedBalances(owner)];
    for (const product of [arroz, feijao]) expect(await a.stockOf(product)).toBeCloseTo(stock.get(product) ?? NaN, 6);
    expect(await b.balanceOf(maria)).toBeCloseTo(balances.get(maria) ?? NaN, 2);
  });

  it(
    'refuses another owner’s code, a replayed code, and a code read by the device that made it',
    { timeout: 120_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const other = await newOwner(harness.stack);
      const a = await harness.open(owner, { name: 'loja' });
      const b = await harness.open(owner, { name: 'ajudante' });
      const c = await harness.open(owner, { name: 'tablet' });
      const stranger = await harness.open(other, { name: 'vizinho' });

      const { code } = await a.api.peer.createInvite({ sdp: 'oferta' });
      await expectRefused(stranger.api.peer.readInvite({ code }), 'peer_other_owner');
      await expectRefused(a.api.peer.readInvite({ code }), 'peer_same_device');
      await expectRefused(b.api.peer.readInvite({ code: 'CADERNETA1.lixo' }), 'peer_code_invalid');
      await expectRefused(b.api.peer.readInvite({ code: '7891234567895' }), 'peer_code_invalid');

      const invitation = await b.api.peer.readInvite({ code });
      await expectRefused(b.api.peer.readInvite({ code }), 'peer_code_used');
      const { code: answer } = await b.api.peer.createAnswer({ invite: invitation.invite, sdp: 'resposta' });
      // A stranger's answer to this invitation (it cannot know the secret, so it forges the proof) is refused.
      const strangerInvite = await stranger.api.peer.createInvite({ sdp: 'oferta' });
      await expectRefused(a.api.peer.readAnswer({ code: strangerInvite.code }), 'peer_code_invalid');
      await a.api.peer.readAnswer({ code: answer });
      await expectRefused(a.api.peer.readAnswer({ code: answer }), 'peer_code_used');
      // Another device of the owner that reads the used invitation is turned away by the inviter.
      const late = await c.api.peer.readInvite({ code });
      const { code: lateAnswer } = await c.api.peer.createAnswer({ invite: late.invite, sdp: 'resposta' });
      await expectRefused(a.api.peer.readAnswer({ code: lateAnswer }), 'peer_code_used');
    },
  );

  it('cuts off a linked device that sends another owner’s document, and keeps nothing of it', { timeout: 120_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const other = await newOwner(harness.stack);
    const a = await harness.open(owner, { name: 'loja' });
    const { channel, frames } = await linkByHand(a, owner, DATA_VERSIONS);
    await eventually(async () => {
      expect((await a.peerStatus()).peers[0]?.state).toBe('conectado');
    });
    const now = new Date().toISOString();
    const foreign = {
      id: '6f1c2b1e-0000-4000-8000-000000000001',
      user_id: other.userId,
      nome: 'Cliente de outra conta',
      is_fiado: false,
      created_at: now,
      updated_at: now,
      _deleted: false,
    };
    channel.port2.postMessage(
      JSON.stringify({ t: 'pedido', id: 1, collection: 'clientes', method: 'write', params: [[{ newDocumentState: foreign }]] }),
    );
    await eventually(async () => {
      expect((await a.peerStatus()).peers[0]?.state).toBe('recusado');
    });
    expect(frames.at(-1)).toEqual({ t: 'tchau', reason: 'recusado' });
    expect((await a.docs('clientes')).map((doc) => doc.id)).not.toContain(foreign.id);
  });
  it(
    'turns away a device of the owner whose app keeps its data in another version, and says so',
    { timeout: 120_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const a = await harness.open(owner, { name: 'loja' });
      const older = DATA_VERSIONS.replace(/vendas:\d+/, 'vendas:2');
      expect(older).not.toBe(DATA_VERSIONS);
      const { frames, hello } = await linkByHand(a, owner, older);
      expect(hello.dados).toBe(DATA_VERSIONS);
      await eventually(async () => {
        expect((await a.peerStatus()).peers[0]?.state).toBe('versao_diferente');
      });
      expect(frames.at(-1)).toEqual({ t: 'tchau', reason: 'versao_diferente' });

      // An app older than the check tells no versions at all: turned away the same way.
      const b = await harness.open(owner, { name: 'balcao' });
      await linkByHand(b, owner, undefined);
      await eventually(async () => {
        expect((await b.peerStatus()).peers[0]?.state).toBe('versao_diferente');
      });
    },
  );
});
