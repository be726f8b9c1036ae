// The sync feature's public entry: what other features may use (pending changes, the offline banner).
export { OfflineBanner } from './components/OfflineBanner.tsx';
export { SyncIndicator } from './components/SyncIndicator.tsx';
export { useSyncStatus } from './use-sync-status.ts';
