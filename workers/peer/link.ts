// One authenticated link to another device of the owner, over a port whose other end is the WebRTC data channel
// (the page's relay) or, in tests, another device's port. Both ends prove they hold the pairing's link secret (made
// from the owner's pairing key and the invitation, so only the two paired devices know it) and belong to the same
// owner before anything else crosses; then it carries requests, answers and change streams of the owner's
// collections as JSON text.
import * as v from 'valibot';
import { BehaviorSubject, Subject, filter, map, type Observable } from 'rxjs';
import { proofOf, randomToken, sameProof } from './codes.ts';

/**
 * The worker's end of the relay: text frames in both directions, `null` meaning the channel closed (from the
 * relay) or must close (to the relay). A browser MessagePort and Node's worker_threads MessagePort both fit.
 */
export interface BytePort {
  postMessage(message: string | null): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  start(): void;
  close(): void;
}

/**
 * Why a link ended: the other side ended it, this side did, the channel was lost, it was refused, or the two
 * devices hold their data in different versions of the app (each would refuse what the other writes).
 */
export type LinkEnd = 'encerrado' | 'perdido' | 'recusado' | 'versao_diferente';
export type LinkState = 'autenticando' | 'conectado' | LinkEnd;

const Frame = v.variant('t', [
  // `dados`: the versions of the device's collections (absent from an app older than the check).
  v.object({ t: v.literal('ola'), owner: v.string(), device: v.string(), nonce: v.string(), dados: v.optional(v.string()) }),
  v.object({ t: v.literal('prova'), proof: v.string() }),
  v.object({ t: v.literal('pedido'), id: v.number(), collection: v.string(), method: v.string(), params: v.array(v.unknown()) }),
  v.object({ t: v.literal('resposta'), id: v.number(), result: v.unknown() }),
  v.object({ t: v.literal('falha'), id: v.number(), reason: v.string() }),
  v.object({ t: v.literal('fluxo'), collection: v.string(), event: v.unknown() }),
  v.object({ t: v.literal('pendentes'), count: v.number() }),
  v.object({ t: v.literal('tchau'), reason: v.picklist(['encerrado', 'recusado', 'versao_diferente']) }),
]);
type Frame = v.InferOutput<typeof Frame>;

/** A request the other device refused, or one that could not be answered because the link ended. */
export class LinkError extends Error {
  override readonly name = 'LinkError';
}

/** Thrown by a request handler to refuse what the other device sent: the link ends as `recusado`. */
export class PeerRefusal extends Error {
  override readonly name = 'PeerRefusal';
}

export interface LinkOptions {
  port: BytePort;
  owner: string;
  device: string;
  /** The device this link was paired with: a handshake from any other is refused. */
  peerDevice: string;
  /** The pairing's link secret, which the handshake proves both ends hold. */
  secret: string;
  /** The versions of this device's collections: a device with others is turned away once authenticated. */
  dataVersions: string;
  /** Answers a request from the other device (only once both ends are authenticated). */
  onRequest: (collection: string, method: string, params: unknown[]) => Promise<unknown>;
  wallClock?: () => number;
}

export interface PeerLink {
  readonly state$: Observable<LinkState>;
  state(): LinkState;
  /** Resolves once both ends are authenticated; rejects if the link ends first. */
  readonly ready: Promise<void>;
  request(collection: string, method: string, params: unknown[]): Promise<unknown>;
  /** Change events the other device streams for `collection`. */
  stream(collection: string): Observable<unknown>;
  emit(collection: string, event: unknown): void;
  /** The other device's count of changes it has that this one lacks. */
  readonly theirPending$: Observable<number | null>;
  reportPending(count: number): void;
  /** When documents last crossed, in either direction (ms since the epoch). */
  readonly lastExchange$: Observable<number | null>;
  end(reason?: Exclude<LinkEnd, 'perdido'>): void;
}

const handshakeMessage = (nonce: string, device: string, owner: string) => `elo|${nonce}|${device}|${owner}`;

export function openLink(options: LinkOptions): PeerLink {
  const { port, owner, device, peerDevice, secret, dataVersions } = options;
  const wallClock = options.wallClock ?? Date.now;
  const state = new BehaviorSubject<LinkState>('autenticando');
  const streams = new Subject<{ collection: string; event: unknown }>();
  const theirPending = new BehaviorSubject<number | null>(null);
  const lastExchange = new BehaviorSubject<number | null>(null);
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const nonce = randomToken();
  let nextId = 1;
  let queue: Promise<void> = Promise.resolve();
  let theirHello = false;
  let theirDataVersions: string | undefined;
  let theirProofChecked = false;
  let readyResolve: () => void = () => undefined;
  let readyReject: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  // Nobody may be left unhandled: a link that ends before it is ready is reported through state$.
  ready.catch(() => undefined);

  const send = (frame: Frame) => {
    if (isOpen()) port.postMessage(JSON.stringify(frame));
  };
  const isOpen = () => state.getValue() === 'autenticando' || state.getValue() === 'conectado';
  const touched = () => {
    lastExchange.next(wallClock());
  };
  const carriesDocuments = (value: unknown) =>
    typeof value === 'object' && value !== null && Array.isArray((value as { documents?: unknown }).documents)
      ? (value as { documents: unknown[] }).documents.length > 0
      : Array.isArray(value) && value.length > 0;

  function finish(reason: LinkEnd, tell: boolean) {
    if (!isOpen()) return;
    if (tell && reason !== 'perdido') port.postMessage(JSON.stringify({ t: 'tchau', reason } satisfies Frame));
    state.next(reason);
    const error = new LinkError(`link ${reason}`);
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
    readyReject(error);
    // Tells the relay to close the data channel, then lets go of the port.
    port.postMessage(null);
    port.close();
    streams.complete();
  }

  function becomeReadyIfDone() {
    if (theirHello && theirProofChecked && state.getValue() === 'autenticando') {
      // Only the paired device learns why: a stranger is refused before this.
      if (theirDataVersions !== dataVersions) {
        finish('versao_diferente', true);
        return;
      }
      state.next('conectado');
      readyResolve();
    }
  }

  async function answer(frame: Extract<Frame, { t: 'pedido' }>) {
    if (carriesDocuments(frame.params[0])) touched();
    try {
      const result = await options.onRequest(frame.collection, frame.method, frame.params);
      if (carriesDocuments(result)) touched();
      send({ t: 'resposta', id: frame.id, result });
    } catch (error) {
      if (error instanceof PeerRefusal) {
        finish('recusado', true);
        return;
      }
      send({ t: 'falha', id: frame.id, reason: error instanceof Error ? error.message : String(error) });
    }
  }

  async function handle(frame: Frame) {
    switch (frame.t) {
      case 'ola': {
        // The other end must be the paired device of this very owner.
        if (frame.owner !== owner || frame.device !== peerDevice || theirHello) {
          finish('recusado', true);
          return;
        }
        theirHello = true;
        theirDataVersions = frame.dados;
        send({ t: 'prova', proof: await proofOf(secret, handshakeMessage(frame.nonce, device, owner)) });
        becomeReadyIfDone();
        return;
      }
      case 'prova': {
        const expected = await proofOf(secret, handshakeMessage(nonce, peerDevice, owner));
        if (!sameProof(frame.proof, expected)) {
          finish('recusado', true);
          return;
        }
        theirProofChecked = true;
        becomeReadyIfDone();
        return;
      }
      case 'tchau': {
        finish(frame.reason, false);
        return;
      }
      default:
        break;
    }
    // Nothing but the handshake crosses before both ends are authenticated.
    if (state.getValue() !== 'conectado') {
      finish('recusado', true);
      return;
    }
    switch (frame.t) {
      case 'pedido':
        // Answered beside the frames that follow: one collection's slow write does not hold the others up.
        void answer(frame);
        return;
      case 'resposta':
      case 'falha': {
        const pending = waiting.get(frame.id);
        waiting.delete(frame.id);
        if (frame.t === 'resposta') pending?.resolve(frame.result);
        else pending?.reject(new LinkError(frame.reason));
        return;
      }
      case 'fluxo':
        if (carriesDocuments(frame.event)) touched();
        streams.next({ collection: frame.collection, event: frame.event });
        return;
      case 'pendentes':
        theirPending.next(frame.count);
        return;
    }
  }

  port.addEventListener('message', (event) => {
    if (event.data === null) {
      finish('perdido', false);
      return;
    }
    if (typeof event.data !== 'string' || !isOpen()) return;
    let frame: Frame;
    try {
      const parsed = v.safeParse(Frame, JSON.parse(event.data));
      if (!parsed.success) {
        finish('recusado', true);
        return;
      }
      frame = parsed.output;
    } catch {
      finish('recusado', true);
      return;
    }
    // In arrival order: the handshake's checks finish before the first request is looked at.
    queue = queue
      .then(() => handle(frame))
      .catch(() => {
        finish('recusado', true);
      });
  });
  port.start();
  send({ t: 'ola', owner, device, nonce, dados: dataVersions });

  return {
    state$: state.asObservable(),
    state: () => state.getValue(),
    ready,
    async request(collection, method, params) {
      await ready;
      const id = nextId++;
      const answer = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
      send({ t: 'pedido', id, collection, method, params });
      return answer;
    },
    stream: (collection) =>
      streams.pipe(
        filter((item) => item.collection === collection),
        map((item) => item.event),
      ),
    emit(collection, event) {
      if (state.getValue() !== 'conectado') return;
      if (carriesDocuments(event)) touched();
      send({ t: 'fluxo', collection, event });
    },
    theirPending$: theirPending.asObservable(),
    reportPending(count) {
      if (state.getValue() === 'conectado') send({ t: 'pendentes', count });
    },
    lastExchange$: lastExchange.asObservable(),
    end(reason = 'encerrado') {
      finish(reason, true);
    },
  };
}
