// The product cap of the owner's plan as the server applies it (`free_plan_limits.products` on the free plan,
// none on premium), asked whenever the device goes online and kept in a local document, so that a product past
// the cap is refused on the device itself, offline too and from every screen or paired device that creates one.
import type { SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject, filter, type Observable, type Subscription } from 'rxjs';
import type { LocalDatabase } from '../db/local-database.ts';
import type { ConnectivitySource } from '../system/connectivity.ts';

const KEY = 'plano-limite-produtos';

interface Stored {
  /** Null: the plan has no cap. */
  products: number | null;
}

export interface ProductCap {
  /** The cap last learnt from the server (after the question in flight, if any); null when the plan has none or
   * the server never answered. */
  current(): Promise<number | null>;
  /** The cap as it is learnt (the product list's counter 'Produtos: n/50'). */
  readonly cap$: Observable<number | null>;
  /** Asks the server again (done by itself on each return of the connection); never rejects. */
  refresh(): Promise<void>;
  close(): void;
}

export async function openProductCap(options: {
  database: LocalDatabase;
  client: SupabaseClient;
  connectivity: ConnectivitySource;
}): Promise<ProductCap> {
  const { database, client, connectivity } = options;
  const stored = await database.getLocal<Stored>(KEY);
  const cap = new BehaviorSubject<number | null>(stored?.toJSON().data.products ?? null);
  let closed = false;
  let asking: Promise<void> | undefined;

  async function ask(): Promise<void> {
    const response: { data: unknown; error: unknown } = await client.rpc('limite_produtos_do_dono');
    if (response.error || closed) return;
    const answer = typeof response.data === 'number' ? response.data : null;
    if (answer !== cap.getValue()) cap.next(answer);
    await database.upsertLocal<Stored>(KEY, { products: answer }).catch(() => undefined);
  }
  const safeRefresh = (): Promise<void> => {
    asking ??= ask()
      .catch(() => undefined)
      .finally(() => {
        asking = undefined;
      });
    return asking;
  };

  const subscription: Subscription = connectivity.changes
    .pipe(filter((change) => change.online))
    .subscribe(() => void safeRefresh());

  return {
    async current() {
      await asking;
      return cap.getValue();
    },
    refresh: safeRefresh,
    cap$: cap.asObservable(),
    close() {
      closed = true;
      subscription.unsubscribe();
    },
  };
}
