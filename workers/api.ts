// The data worker's whole API, composed in this one place from the per-domain handler modules.
import { createAccountDomain, type AccountOptions } from './account/domain.ts';
import { createBackupDomain } from './backup/handlers.ts';
import { createBarcodeDomain, type BarcodeDomainOptions } from './barcode/handlers.ts';
import { createDetachedAccountDomain } from './account/detached.ts';
import { createCartDomain } from './cart/handlers.ts';
import { createClientsDomain } from './clients/handlers.ts';
import { composeApi, type LiveQueriesOf } from './compose.ts';
import { deferredHandlers } from './lazy-domain.ts';
import { createDashboardDomain } from './dashboard/handlers.ts';
import { createDevicesDomain } from './devices/handlers.ts';
import { holdWorkspace, type OwnerSession, type WorkspaceOptions } from './db/workspace.ts';
import { createDraftsDomain } from './drafts/handlers.ts';
import { createExpensesDomain } from './expenses/handlers.ts';
import type { DraftPersistence } from './drafts/persistence.ts';
import { createImagesDomain, type ImagesOptions } from './images/handlers.ts';
import { createNotificationsDomain } from './notifications/handlers.ts';
import { createPeerDomain } from './peer/handlers.ts';
import { createProductsDomain } from './products/handlers.ts';
import { createSecondFactorDomain } from './admin/second-factor.ts';
import { createReportsDomain } from './reports/handlers.ts';
import { createSalesDomain } from './sales/handlers.ts';
import { createSearchDomain } from './search/handlers.ts';
import { createStockDomain } from './stock/handlers.ts';
import { createSyncDomain } from './sync/handlers.ts';
import { createTillDomain } from './till/handlers.ts';
import { createSuppliersDomain } from './suppliers/handlers.ts';
import { createSupportDomain } from './support/handlers.ts';
import { ticketChanges } from './support/ticket-changes.ts';
import { createSystemDomain, type SystemOptions } from './system/handlers.ts';
import { distinctUntilChanged, filter, map, of, type Observable } from 'rxjs';
import type { AccountState } from './account/types.ts';

export interface DataApiOptions extends SystemOptions {
  /** The backend account (auth session, profile, plan); without it the account is always signed out. */
  account?: Omit<AccountOptions, 'connectivity'>;
  /** The owner's data on this device (RxDB and its sync); without it the owner-data domains refuse. */
  ownerData?: OwnerDataOptions;
  /** Where form drafts are kept on the device; IndexedDB (y-indexeddb) by default. */
  draftPersistence?: DraftPersistence;
  /** The public product database's hosts and the device's cache of its answers (memory by default). */
  barcodeLookup?: BarcodeDomainOptions;
  /** Where product images wait for upload, and how they are processed; memory and the canvas by default. */
  images?: ImagesOptions;
}

export interface OwnerDataOptions extends Omit<WorkspaceOptions, 'connectivity'> {
  /** Who is signed in, with a client acting as them; by default the account domain's session. */
  session$?: Observable<OwnerSession | null>;
}

/** The signed-in owner whose shop data this device holds: nobody for the admin, whose account has no shop (his device
 * opens no owner database and replicates nothing); silent while the stored session is still being read. */
function ownerIdOf(account$: Observable<AccountState>): Observable<string | null> {
  return account$.pipe(
    filter((state) => state.status !== 'loading'),
    map((state) => (state.status === 'signed_in' && !state.user.isAdmin ? state.user.id : null)),
    distinctUntilChanged(),
  );
}

/** The one list of domains the API is made of; a new domain is one line here (and its entry's types one line below). */
function createDomains(options: DataApiOptions) {
  // Domains that reach the server take `account.auth`: the signed-in supabase-js client, token and user id.
  const account = options.account
    ? createAccountDomain({ ...options.account, connectivity: options.connectivity })
    : createDetachedAccountDomain();
  const ownerData = options.ownerData;
  const session$: Observable<OwnerSession | null> = !ownerData
    ? of(null)
    : (ownerData.session$ ??
      ownerIdOf(account.live.account(undefined)).pipe(
        map((userId) => (userId ? { userId, client: account.auth.client, accessToken: () => account.auth.accessToken() } : null)),
      ));
  const workspace = holdWorkspace(session$, ownerData && { ...ownerData, connectivity: options.connectivity });
  account.auth.setPendingChangesProbe(async () => (await workspace.current().catch(() => null))?.sync.canSignOut().pending ?? 0);
  const domains = {
    system: createSystemDomain(options),
    account,
    products: createProductsDomain(workspace),
    stock: createStockDomain(workspace),
    sales: createSalesDomain(workspace),
    cart: createCartDomain(workspace, options.draftPersistence),
    clients: createClientsDomain(workspace),
    sync: createSyncDomain(workspace),
    peer: createPeerDomain(workspace),
    devices: createDevicesDomain(workspace),
    notifications: createNotificationsDomain(workspace),
    drafts: createDraftsDomain(workspace, options.draftPersistence),
    dashboard: createDashboardDomain(workspace),
    expenses: createExpensesDomain(workspace),
    search: createSearchDomain(workspace),
    backup: createBackupDomain(workspace),
    till: createTillDomain(workspace),
    suppliers: createSuppliersDomain(workspace),
    reports: createReportsDomain(workspace),
    barcode: createBarcodeDomain(options.barcodeLookup),
    images: createImagesDomain(workspace, session$, options.connectivity, options.images),
    // Only the admin's screens use it: its code loads on the first admin call, not with every owner's worker.
    admin: {
      handlers: deferredHandlers(async () => {
        const { createAdminDomain } = await import('./admin/handlers.ts');
        return createAdminDomain({ client: () => account.auth.client, connectivity: options.connectivity }).handlers;
      }),
      live: {
        /** Support tickets changing on the server (Realtime): the admin's board and open ticket read again. */
        adminSupportChanges: (_params: undefined): Observable<number> => ticketChanges(account.auth.client),
      },
    },
    secondFactor: createSecondFactorDomain({ client: () => account.auth.client, connectivity: options.connectivity }),
    support: createSupportDomain({
      client: () => account.auth.client,
      account$: account.live.account(undefined),
      connectivity: options.connectivity,
    }),
  };
  return { domains, workspace, account };
}

/** The API plus what stays inside the worker: the owner's workspace (Node tests simulate devices with it). */
export function createDataApiParts(options: DataApiOptions) {
  const { domains, workspace, account } = createDomains(options);
  return { api: composeApi(domains), workspace, account };
}

export function createDataApi(options: DataApiOptions) {
  return createDataApiParts(options).api;
}

export type DataApi = ReturnType<typeof createDataApi>;
export type LiveQueries = LiveQueriesOf<ReturnType<typeof createDomains>['domains']>;
export type LiveQueryName = Extract<keyof LiveQueries, string>;
// Every type a domain's entry exports reaches the UI from here (import type): one line per domain.
export type * from './account/domain.ts';
export type * from './admin/handlers.ts';
export type * from './admin/second-factor.ts';
export type * from './backup/handlers.ts';
export type * from './barcode/handlers.ts';
export type * from './cart/handlers.ts';
export type * from './clients/handlers.ts';
export type * from './dashboard/handlers.ts';
export type * from './devices/handlers.ts';
export type * from './drafts/handlers.ts';
export type * from './expenses/handlers.ts';
export type * from './images/handlers.ts';
export type * from './notifications/handlers.ts';
export type * from './peer/handlers.ts';
export type * from './products/handlers.ts';
export type * from './reports/handlers.ts';
export type * from './sales/handlers.ts';
export type * from './search/handlers.ts';
export type * from './stock/handlers.ts';
export type * from './suppliers/handlers.ts';
export type * from './support/handlers.ts';
export type * from './sync/handlers.ts';
export type * from './system/handlers.ts';
export type * from './till/handlers.ts';
