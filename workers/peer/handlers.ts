// The peer domain: pairing two devices of one owner with codes read off each other's screens, the links that
// follow, and their status. Only a device holding the owner's pairing key makes or accepts a code (its proof
// shows the other device holds it too); an invitation is good for one pairing until it expires, and the
// invitations used are remembered across restarts. The paired devices are remembered while this worker lives, so
// a lost link comes back with a new exchange of codes and carries on where it stopped.
import * as v from 'valibot';
import { BehaviorSubject, combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import { DataError } from '../contract/errors.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import {
  answerProofMessage,
  decodeCode,
  encodeCode,
  inviteProofMessage,
  linkSecretOf,
  provenBy,
  randomToken,
  signedProof,
} from './codes.ts';
import type { BytePort } from './link.ts';
import { keepPairingKey, type PairingKeyState } from './pairing-key.ts';
import type { PeerSession, PeerSessionView, openPeerSession } from './replication.ts';
import { usedInvitations } from './used-invitations.ts';

export type { BytePort } from './link.ts';

/** How long an invitation waits for its answer. */
const INVITE_TTL_MS = 15 * 60_000;
/** How far two devices' idea of the server's time may differ (each corrects its clock at every sync). */
const CLOCK_TOLERANCE_MS = 60_000;

/** How a device is named on screen: the first characters of its stable name, enough to tell two apart. */
export const deviceLabel = (device: string) => device.slice(0, 4).toUpperCase();

export interface PeerView extends Omit<PeerSessionView, 'lastExchange'> {
  readonly label: string;
  /** ISO time documents last crossed, in either direction. */
  readonly lastExchange: string | null;
}

export interface PeerStatus {
  /** This device's name on screen (the other device shows it as 'Conectado ao aparelho …'). */
  readonly label: string;
  readonly peers: readonly PeerView[];
  /** The owner's pairing key on this device: without it ('ausente'), it can neither show nor read a code. */
  readonly pairingKey: PairingKeyState;
}

export interface ReadCode {
  /** The invitation the code belongs to; the relay attaches the channel under it. */
  readonly invite: string;
  /** The other device's WebRTC description. */
  readonly sdp: string;
  readonly peerLabel: string;
}

const Sdp = v.pipe(v.string(), v.minLength(1), v.maxLength(8000));
const CodeText = v.pipe(v.string(), v.maxLength(16_000));

function parse<T>(schema: v.GenericSchema<unknown, T>, input: unknown, code: 'peer_code_invalid' | 'invalid_input'): T {
  const parsed = v.safeParse(schema, input);
  if (!parsed.success) throw new DataError(code);
  return parsed.output;
}

/** The pairings and links of one signed-in owner on this device. */
interface PeerHub {
  createInvite(sdp: string): Promise<{ code: string; invite: string }>;
  readInvite(code: string): Promise<ReadCode>;
  createAnswer(invite: string, sdp: string): Promise<{ code: string }>;
  readAnswer(code: string): Promise<ReadCode>;
  attach(invite: string, port: BytePort): Promise<void>;
  end(peerDevice: string): void;
  readonly status$: Observable<PeerStatus>;
  close(): Promise<void>;
}

function openHub(workspace: Workspace): PeerHub {
  const owner = workspace.userId;
  const device = workspace.device;
  /** The server's time as this device knows it: both devices of a pairing read expiries on this clock. */
  const now = () => workspace.clock.correctedNow();
  const pairingKey = keepPairingKey(workspace);
  const used = usedInvitations(workspace.database, now);
  /** Invitations this device showed: the secret, until when, and whether an answer already used it. */
  const invites = new Map<string, { secret: string; expires: number; used: boolean }>();
  /** Invitations this device read and has yet to answer. */
  const answered = new Map<string, { secret: string; peerDevice: string; expires: number }>();
  /** Pairings agreed on both sides, waiting for (or holding) their channel, with the link's secret. */
  const paired = new Map<string, { linkSecret: string; peerDevice: string }>();
  const sessions = new BehaviorSubject<ReadonlyMap<string, PeerSession>>(new Map());

  function sessionFor(peerDevice: string, open: typeof openPeerSession): PeerSession {
    const existing = sessions.getValue().get(peerDevice);
    if (existing) return existing;
    const session = open({
      database: workspace.database,
      owner,
      device,
      peerDevice,
      wallClock: () => workspace.now(),
    });
    sessions.next(new Map([...sessions.getValue(), [peerDevice, session]]));
    return session;
  }

  const status$: Observable<PeerStatus> = combineLatest([
    sessions.pipe(
      switchMap((all) =>
        all.size === 0 ? of([] as PeerSessionView[]) : combineLatest([...all.values()].map((session) => session.view$)),
      ),
    ),
    pairingKey.state$,
  ]).pipe(
    map(([views, keyState]) => ({
      label: deviceLabel(device),
      peers: views.map((view) => ({
        ...view,
        label: deviceLabel(view.peerDevice),
        lastExchange: view.lastExchange === null ? null : new Date(view.lastExchange).toISOString(),
      })),
      pairingKey: keyState,
    })),
  );

  /** Refuses a code of another account, or one this very device made. */
  const assertOwnersOther = (code: { owner: string; device: string }) => {
    if (code.owner !== owner) throw new DataError('peer_other_owner');
    if (code.device === device) throw new DataError('peer_same_device');
  };

  return {
    async createInvite(sdp) {
      const key = await pairingKey.proofKey();
      const created = now();
      for (const [id, shown] of invites) if (shown.expires < created) invites.delete(id);
      const fields = { owner, device, invite: randomToken(9), secret: randomToken(16), expires: created + INVITE_TTL_MS, sdp };
      const proof = await signedProof(key, inviteProofMessage(fields));
      invites.set(fields.invite, { secret: fields.secret, expires: fields.expires, used: false });
      return { code: await encodeCode({ kind: 'convite', ...fields, proof }), invite: fields.invite };
    },
    async readInvite(text) {
      const code = await decodeCode(text);
      if (code.kind !== 'convite') throw new DataError('peer_code_invalid', { diagnostic: 'not an invitation' });
      assertOwnersOther(code);
      const key = await pairingKey.proofKey();
      // Made by a device without the owner's key (another account's, whatever owner id it wrote), or altered.
      if (!(await provenBy(key, inviteProofMessage(code), code.proof)))
        throw new DataError('peer_other_owner', { diagnostic: 'proof' });
      const read = now();
      if (read > code.expires + CLOCK_TOLERANCE_MS) throw new DataError('peer_code_expired');
      if (code.expires - read > INVITE_TTL_MS + CLOCK_TOLERANCE_MS)
        throw new DataError('peer_code_invalid', { diagnostic: 'expiry too far' });
      if (invites.has(code.invite) || answered.has(code.invite)) throw new DataError('peer_code_used');
      // Claimed at once (a second read meanwhile is refused), then stored before the answer is shown: a restart
      // from here on still refuses the code.
      answered.set(code.invite, { secret: code.secret, peerDevice: code.device, expires: code.expires });
      try {
        if (await used.has(code.invite)) throw new DataError('peer_code_used');
        await used.add(code.invite, code.expires + CLOCK_TOLERANCE_MS);
      } catch (error) {
        answered.delete(code.invite);
        throw error;
      }
      return { invite: code.invite, sdp: code.sdp, peerLabel: deviceLabel(code.device) };
    },
    async createAnswer(invite, sdp) {
      const invitation = answered.get(invite);
      if (!invitation || now() > invitation.expires + CLOCK_TOLERANCE_MS) throw new DataError('peer_code_expired');
      const key = await pairingKey.proofKey();
      answered.delete(invite);
      const fields = { owner, device, invite, sdp };
      const proof = await signedProof(
        key,
        answerProofMessage(fields, { device: invitation.peerDevice, secret: invitation.secret }),
      );
      const linkSecret = await linkSecretOf(key, invite, invitation.secret, [device, invitation.peerDevice]);
      paired.set(invite, { linkSecret, peerDevice: invitation.peerDevice });
      return { code: await encodeCode({ kind: 'resposta', ...fields, proof }) };
    },
    async readAnswer(text) {
      const code = await decodeCode(text);
      if (code.kind !== 'resposta') throw new DataError('peer_code_invalid', { diagnostic: 'not an answer' });
      assertOwnersOther(code);
      const invitation = invites.get(code.invite);
      if (!invitation || now() > invitation.expires) throw new DataError('peer_code_expired');
      if (invitation.used) throw new DataError('peer_code_used');
      const key = await pairingKey.proofKey();
      // Made by a device without the owner's key (a stranger who saw the invitation), or for another invitation.
      if (!(await provenBy(key, answerProofMessage(code, { device, secret: invitation.secret }), code.proof)))
        throw new DataError('peer_other_owner', { diagnostic: 'proof' });
      // One pairing per invitation: a replayed answer, or another device's answer to the same code, is refused.
      invitation.used = true;
      await used.add(code.invite, invitation.expires + CLOCK_TOLERANCE_MS);
      const linkSecret = await linkSecretOf(key, code.invite, invitation.secret, [device, code.device]);
      paired.set(code.invite, { linkSecret, peerDevice: code.device });
      return { invite: code.invite, sdp: code.sdp, peerLabel: deviceLabel(code.device) };
    },
    async attach(invite, port) {
      const pairing = paired.get(invite);
      if (!pairing) {
        port.postMessage(null);
        port.close();
        throw new DataError('peer_code_expired');
      }
      paired.delete(invite);
      // The link's replication (RxDB's protocol, the schema check of what arrives) loads with the first link.
      const replication = await import('./replication.ts').catch((error: unknown) => {
        port.postMessage(null);
        port.close();
        throw new DataError('offline', { diagnostic: `peer link code did not load: ${String(error)}` });
      });
      sessionFor(pairing.peerDevice, replication.openPeerSession).connect(port, pairing.linkSecret);
    },
    end(peerDevice) {
      sessions.getValue().get(peerDevice)?.end();
    },
    status$,
    async close() {
      pairingKey.close();
      const all = [...sessions.getValue().values()];
      sessions.next(new Map());
      await Promise.all(all.map((session) => session.close()));
    },
  };
}

export function createPeerDomain(holder: WorkspaceHolder) {
  let current: { workspace: Workspace; hub: PeerHub } | undefined;
  /** The hub of `workspace`; one of an earlier workspace (sign-out, another owner) is closed first. */
  const hubOf = (workspace: Workspace | null): PeerHub | null => {
    if (current && current.workspace !== workspace) {
      void current.hub.close();
      current = undefined;
    }
    if (workspace && !current) current = { workspace, hub: openHub(workspace) };
    return current?.hub ?? null;
  };
  holder.workspace$.subscribe(hubOf);
  const hub = async (): Promise<PeerHub> => {
    const found = hubOf(await holder.current());
    if (!found) throw new DataError('internal', { diagnostic: 'no workspace' });
    return found;
  };
  const hub$: Observable<PeerHub | null> = liveInWorkspace(holder, { value: null }, (workspace) =>
    of(current?.workspace === workspace ? current.hub : null),
  );

  return {
    handlers: {
      /** Device A: the invitation to show, made of its WebRTC offer and signed with the owner's pairing key. */
      async createInvite(input: { sdp: string }) {
        return (await hub()).createInvite(parse(Sdp, input.sdp, 'invalid_input'));
      },
      /** Device B: reads A's invitation (signed with the owner's key, not expired, never used here) and returns A's offer. */
      async readInvite(input: { code: string }): Promise<ReadCode> {
        return (await hub()).readInvite(parse(CodeText, input.code, 'peer_code_invalid'));
      },
      /** Device B: the answer to show, made of its WebRTC answer and signed with the owner's key over the invitation. */
      async createAnswer(input: { invite: string; sdp: string }) {
        return (await hub()).createAnswer(input.invite, parse(Sdp, input.sdp, 'invalid_input'));
      },
      /** Device A: reads B's answer (signed with the owner's key over this invitation, the first answer to it). */
      async readAnswer(input: { code: string }): Promise<ReadCode> {
        return (await hub()).readAnswer(parse(CodeText, input.code, 'peer_code_invalid'));
      },
      /** The relay hands over its end of the open data channel for an agreed pairing. */
      async attach(invite: string, port: BytePort): Promise<void> {
        await (await hub()).attach(invite, port);
      },
      /** Ends the link with a device (the other side sees it ended). */
      async end(input: { device: string }): Promise<void> {
        (await hub()).end(input.device);
      },
    },
    live: {
      peerStatus: (_params: undefined): Observable<PeerStatus> =>
        hub$.pipe(
          switchMap((found) =>
            found ? found.status$ : of({ label: '', peers: [], pairingKey: 'ausente' } satisfies PeerStatus),
          ),
        ),
    },
  };
}
