// The peer domain: pairing two devices of one owner with codes read off each other's screens, the links that
// follow, and their status. A code's secret is good for one pairing; the paired devices are remembered while
// this worker lives, so a lost link comes back with a new exchange of codes and carries on where it stopped.
import * as v from 'valibot';
import { BehaviorSubject, combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import { DataError } from '../contract/errors.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { answerProofMessage, decodeCode, encodeCode, proofOf, randomToken, sameProof } from './codes.ts';
import type { BytePort } from './link.ts';
import { openPeerSession, type PeerSession, type PeerSessionView } from './replication.ts';

/** How long an invitation waits for its answer. */
const INVITE_TTL_MS = 15 * 60_000;

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
  attach(invite: string, port: BytePort): void;
  end(peerDevice: string): void;
  readonly status$: Observable<PeerStatus>;
  close(): Promise<void>;
}

function openHub(workspace: Workspace): PeerHub {
  const owner = workspace.userId;
  const device = workspace.device;
  /** Invitations this device showed: the secret, when, and whether an answer already used it. */
  const invites = new Map<string, { secret: string; createdAt: number; used: boolean }>();
  /** Invitations this device answered: never answered twice. */
  const answered = new Map<string, { secret: string; peerDevice: string }>();
  /** Pairings agreed on both sides, waiting for (or holding) their channel. */
  const paired = new Map<string, { secret: string; peerDevice: string }>();
  const sessions = new BehaviorSubject<ReadonlyMap<string, PeerSession>>(new Map());

  function sessionFor(peerDevice: string): PeerSession {
    const existing = sessions.getValue().get(peerDevice);
    if (existing) return existing;
    const session = openPeerSession({
      database: workspace.database,
      owner,
      device,
      peerDevice,
      wallClock: () => workspace.now(),
    });
    sessions.next(new Map([...sessions.getValue(), [peerDevice, session]]));
    return session;
  }

  const status$: Observable<PeerStatus> = sessions.pipe(
    switchMap((all) =>
      all.size === 0 ? of([] as PeerSessionView[]) : combineLatest([...all.values()].map((session) => session.view$)),
    ),
    map((views) => ({
      label: deviceLabel(device),
      peers: views.map((view) => ({
        ...view,
        label: deviceLabel(view.peerDevice),
        lastExchange: view.lastExchange === null ? null : new Date(view.lastExchange).toISOString(),
      })),
    })),
  );

  return {
    async createInvite(sdp) {
      const invite = randomToken(9);
      const secret = randomToken(16);
      invites.set(invite, { secret, createdAt: workspace.now(), used: false });
      const code = await encodeCode({ kind: 'convite', owner, device, invite, secret, sdp });
      return { code, invite };
    },
    async readInvite(text) {
      const code = await decodeCode(text);
      if (code.kind !== 'convite') throw new DataError('peer_code_invalid', { diagnostic: 'not an invitation' });
      if (code.owner !== owner) throw new DataError('peer_other_owner');
      if (code.device === device) throw new DataError('peer_same_device');
      if (answered.has(code.invite) || invites.has(code.invite)) throw new DataError('peer_code_used');
      answered.set(code.invite, { secret: code.secret, peerDevice: code.device });
      return { invite: code.invite, sdp: code.sdp, peerLabel: deviceLabel(code.device) };
    },
    async createAnswer(invite, sdp) {
      const pairing = answered.get(invite);
      if (!pairing) throw new DataError('peer_code_expired');
      const fields = { owner, device, invite, sdp };
      const proof = await proofOf(pairing.secret, answerProofMessage(fields));
      paired.set(invite, { secret: pairing.secret, peerDevice: pairing.peerDevice });
      return { code: await encodeCode({ kind: 'resposta', ...fields, proof }) };
    },
    async readAnswer(text) {
      const code = await decodeCode(text);
      if (code.kind !== 'resposta') throw new DataError('peer_code_invalid', { diagnostic: 'not an answer' });
      if (code.owner !== owner) throw new DataError('peer_other_owner');
      if (code.device === device) throw new DataError('peer_same_device');
      const invitation = invites.get(code.invite);
      if (!invitation || workspace.now() - invitation.createdAt > INVITE_TTL_MS) throw new DataError('peer_code_expired');
      if (invitation.used) throw new DataError('peer_code_used');
      const expected = await proofOf(invitation.secret, answerProofMessage(code));
      if (!sameProof(code.proof, expected)) throw new DataError('peer_code_invalid', { diagnostic: 'proof' });
      // One pairing per secret: a replayed answer, or another device's answer to the same code, is refused.
      invitation.used = true;
      paired.set(code.invite, { secret: invitation.secret, peerDevice: code.device });
      return { invite: code.invite, sdp: code.sdp, peerLabel: deviceLabel(code.device) };
    },
    attach(invite, port) {
      const pairing = paired.get(invite);
      if (!pairing) {
        port.postMessage(null);
        port.close();
        throw new DataError('peer_code_expired');
      }
      paired.delete(invite);
      sessionFor(pairing.peerDevice).connect(port, pairing.secret);
    },
    end(peerDevice) {
      sessions.getValue().get(peerDevice)?.end();
    },
    status$,
    async close() {
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
  const hub$: Observable<PeerHub | null> = holder.workspace$.pipe(
    map((workspace) => (workspace && current?.workspace === workspace ? current.hub : null)),
  );

  return {
    handlers: {
      /** Device A: the invitation to show, made of its WebRTC offer. */
      async createInvite(input: { sdp: string }) {
        return (await hub()).createInvite(parse(Sdp, input.sdp, 'invalid_input'));
      },
      /** Device B: reads A's invitation (same owner, never used here) and returns A's offer. */
      async readInvite(input: { code: string }): Promise<ReadCode> {
        return (await hub()).readInvite(parse(CodeText, input.code, 'peer_code_invalid'));
      },
      /** Device B: the answer to show, made of its WebRTC answer and a proof that it read the secret. */
      async createAnswer(input: { invite: string; sdp: string }) {
        return (await hub()).createAnswer(input.invite, parse(Sdp, input.sdp, 'invalid_input'));
      },
      /** Device A: reads B's answer (same owner, proof of the secret, first answer to it) and returns B's answer. */
      async readAnswer(input: { code: string }): Promise<ReadCode> {
        return (await hub()).readAnswer(parse(CodeText, input.code, 'peer_code_invalid'));
      },
      /** The relay hands over its end of the open data channel for an agreed pairing. */
      async attach(invite: string, port: BytePort): Promise<void> {
        (await hub()).attach(invite, port);
      },
      /** Ends the link with a device (the other side sees it ended). */
      async end(input: { device: string }): Promise<void> {
        (await hub()).end(input.device);
      },
    },
    live: {
      peerStatus: (_params: undefined): Observable<PeerStatus> =>
        hub$.pipe(switchMap((found) => (found ? found.status$ : of({ label: '', peers: [] } satisfies PeerStatus)))),
    },
  };
}
