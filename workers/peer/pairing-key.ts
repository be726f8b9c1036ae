// The owner's pairing key on this device: asked of the server (chave_de_pareamento, which gives it only to the
// owner) each time the device is online, and kept in a local document of the owner's database, so a device that
// has been online once pairs for days without internet, across restarts. A device that never had it cannot pair.
import type { SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject, combineLatest, distinctUntilChanged, filter, map, type Observable, type Subscription } from 'rxjs';
import { DataError } from '../contract/errors.ts';
import type { LocalDatabase } from '../db/local-database.ts';
import type { ConnectivitySource } from '../system/connectivity.ts';
import { pairingProofKey } from './codes.ts';

const KEY_DOCUMENT = 'chave-pareamento';
/** 32 random bytes in URL-safe base64, as the server makes them. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface KeyDocument {
  chave: string;
}

export interface PairingKeyOptions {
  database: LocalDatabase;
  /** A client acting as the owner. */
  client: SupabaseClient;
  connectivity: ConnectivitySource;
}

/** Kept on this device; being asked of the server (none kept yet); or missing (the device must go online once). */
export type PairingKeyState = 'guardada' | 'pedindo' | 'ausente';

export interface PairingKey {
  readonly state$: Observable<PairingKeyState>;
  /** The key pairing proofs are made with; asked of the server first when missing and online, else
   * `peer_key_missing`. */
  proofKey(): Promise<CryptoKey>;
  close(): void;
}

const keyIn = (data: Partial<KeyDocument> | undefined): string | null =>
  typeof data?.chave === 'string' && KEY_SHAPE.test(data.chave) ? data.chave : null;

export function keepPairingKey({ database, client, connectivity }: PairingKeyOptions): PairingKey {
  let closed = false;
  let asking: Promise<void> | undefined;
  const askingNow = new BehaviorSubject(false);
  let derived: { key: string; proofKey: Promise<CryptoKey> } | undefined;

  const stored = async (): Promise<string | null> => keyIn((await database.getLocal<KeyDocument>(KEY_DOCUMENT))?.toJSON().data);

  /** Asks the server for the key and keeps it; a failure leaves what the device had (it asks again later). */
  const requestKey = async (): Promise<void> => {
    try {
      const answer: { data: unknown; error: unknown } = await client.rpc('chave_de_pareamento');
      const key = answer.error || typeof answer.data !== 'string' ? null : keyIn({ chave: answer.data });
      if (key && !closed && key !== (await stored())) await database.upsertLocal<KeyDocument>(KEY_DOCUMENT, { chave: key });
    } catch {
      // Unreachable server or a database closing under it: the next time online asks again.
    }
  };
  /** One request at a time. */
  const askServer = (): Promise<void> => {
    if (!asking) {
      askingNow.next(true);
      asking = requestKey().finally(() => {
        asking = undefined;
        askingNow.next(false);
      });
    }
    return asking;
  };

  // Every time the device is (back) online: the key may be new to it.
  const subscription: Subscription = connectivity.changes.pipe(filter((state) => state.online && !closed)).subscribe(() => {
    void askServer();
  });

  return {
    state$: combineLatest([database.getLocal$<KeyDocument>(KEY_DOCUMENT), askingNow]).pipe(
      map(([doc, pending]): PairingKeyState => (keyIn(doc?.toJSON().data) ? 'guardada' : pending ? 'pedindo' : 'ausente')),
      distinctUntilChanged(),
    ),
    async proofKey() {
      let key = await stored();
      // A request already on its way (the device went offline meanwhile) is waited for too.
      if (!key && (asking || connectivity.current().online)) {
        await (asking ?? askServer());
        key = await stored();
      }
      if (!key) throw new DataError('peer_key_missing');
      if (derived?.key !== key) derived = { key, proofKey: pairingProofKey(key) };
      return derived.proofKey;
    },
    close() {
      closed = true;
      subscription.unsubscribe();
      askingNow.complete();
    },
  };
}
