// Pairing proves that both devices are the owner's: an invitation and its answer carry a proof made with the
// owner's pairing key, which the server gives only to the owner's devices while they are online. A code forged
// with the owner's id by another account's device, a stranger's answer (even one who read the invitation's QR
// code), an invitation read again after the app restarted or past its expiry, and a device that never reached
// the server are all refused.
import { describe, expect, it } from 'vitest';
import { decodeCode, encodeCode, proofOf } from '../../workers/peer/codes.ts';
import { eventually, newOwner, type Device } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';

const harness = useDeviceHarness();
const MINUTE = 60_000;

async function expectRefused(call: Promise<unknown>, code: string): Promise<void> {
  await expect(call).rejects.toThrow(new RegExp(`\\b${code}\\b`));
}

/** Waits until the device holds its owner's pairing key (fetched while online). */
async function keyHeld(device: Device): Promise<void> {
  await eventually(async () => {
    expect((await device.peerStatus()).pairingKey, `${device.name}'s pairing key`).toBe('guardada');
  });
}

async function invitationOf(code: string) {
  const invitation = await decodeCode(code);
  if (invitation.kind !== 'convite') throw new Error('not an invitation');
  return invitation;
}

describe('pairing proves both devices belong to one owner', () => {
  it('refuses an invitation made by another account’s device with the owner’s id written in', { timeout: 60_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const other = await newOwner(harness.stack);
    const shop = await harness.open(owner, { name: 'loja' });
    const stranger = await harness.open(other, { name: 'vizinho' });
    await Promise.all([keyHeld(shop), keyHeld(stranger)]);

    // The owner's id is no secret (it names the folder of the product photos' addresses).
    const made = await invitationOf((await stranger.api.peer.createInvite({ sdp: 'oferta' })).code);
    const forged = await encodeCode({ ...made, owner: owner.userId });
    await expectRefused(shop.api.peer.readInvite({ code: forged }), 'peer_other_owner');
  });

  it(
    'refuses a stranger’s answer to a real invitation, even with its secret, and takes the owner’s',
    { timeout: 60_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const shop = await harness.open(owner, { name: 'loja' });
      const helper = await harness.open(owner, { name: 'ajudante' });
      await Promise.all([keyHeld(shop), keyHeld(helper)]);

      const { code } = await shop.api.peer.createInvite({ sdp: 'oferta' });
      // The stranger saw the QR code: it knows everything the invitation carries, but not the owner's pairing key.
      const invitation = await invitationOf(code);
      const fields = { owner: owner.userId, device: 'vizinho0001', invite: invitation.invite, sdp: 'resposta' };
      const proof = await proofOf(invitation.secret, `resposta|${fields.invite}|${fields.owner}|${fields.device}|${fields.sdp}`);
      const strangerAnswer = await encodeCode({ kind: 'resposta', ...fields, proof });
      await expectRefused(shop.api.peer.readAnswer({ code: strangerAnswer }), 'peer_other_owner');

      // The invitation is still good for the owner's own device.
      const read = await helper.api.peer.readInvite({ code });
      const { code: answer } = await helper.api.peer.createAnswer({ invite: read.invite, sdp: 'resposta' });
      expect((await shop.api.peer.readAnswer({ code: answer })).invite).toBe(invitation.invite);
    },
  );

  it('refuses an invitation read again after the app restarts, and one past its expiry', { timeout: 90_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const shop = await harness.open(owner, { name: 'loja' });
    const helper = await harness.open(owner, { name: 'ajudante' });
    await Promise.all([keyHeld(shop), keyHeld(helper)]);

    const { code } = await shop.api.peer.createInvite({ sdp: 'oferta' });
    const read = await helper.api.peer.readInvite({ code });
    const { code: answer } = await helper.api.peer.createAnswer({ invite: read.invite, sdp: 'resposta' });
    await shop.api.peer.readAnswer({ code: answer });
    // The app is killed and opened again, then cleanly reopened offline: the used invitation stays used.
    await helper.restart();
    await expectRefused(helper.api.peer.readInvite({ code }), 'peer_code_used');
    await helper.setOnline(false);
    await helper.reopen();
    await expectRefused(helper.api.peer.readInvite({ code }), 'peer_code_used');
    await shop.restart();
    await expectRefused(shop.api.peer.readAnswer({ code: answer }), 'peer_code_expired');

    // A code shown 20 minutes ago is refused by the device reading it (the server's time, as both devices know it).
    const { code: stale } = await shop.api.peer.createInvite({ sdp: 'oferta' });
    await helper.setSkew(20 * MINUTE);
    await expectRefused(helper.api.peer.readInvite({ code: stale }), 'peer_code_expired');
    await helper.setSkew(0);
    expect((await helper.api.peer.readInvite({ code: stale })).invite).toBe((await invitationOf(stale)).invite);
  });

  it('a device that never reached the server cannot pair until it has been online once', { timeout: 60_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const shop = await harness.open(owner, { name: 'loja' });
    const fresh = await harness.open(owner, { name: 'novo', online: false });
    await keyHeld(shop);

    expect((await fresh.peerStatus()).pairingKey).toBe('ausente');
    await expectRefused(fresh.api.peer.createInvite({ sdp: 'oferta' }), 'peer_key_missing');
    const { code } = await shop.api.peer.createInvite({ sdp: 'oferta' });
    await expectRefused(fresh.api.peer.readInvite({ code }), 'peer_key_missing');

    // Online once: the key is kept on the device, so it pairs offline after a restart too.
    await fresh.setOnline(true);
    await keyHeld(fresh);
    await fresh.setOnline(false);
    await fresh.restart();
    expect((await fresh.peerStatus()).pairingKey).toBe('guardada');
    expect((await fresh.api.peer.readInvite({ code })).invite).toBe((await invitationOf(code)).invite);
  });
});
