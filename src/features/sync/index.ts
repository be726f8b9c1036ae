// The sync feature's public entry: what other features may use (pending changes and their sentences, the banner).
export { FirstDownloadGate } from './components/FirstDownloadGate.tsx';
export { OfflineBanner } from './components/OfflineBanner.tsx';
export { OutdatedBanner } from './components/OutdatedBanner.tsx';
export { SyncIndicator } from './components/SyncIndicator.tsx';
export { RefusedChanges } from './components/RefusedChanges.tsx';
export { useSyncStatus } from './use-sync-status.ts';
export { deviceSyncSentence, signOutRefusal, signOutRefusedWarning } from './sync-text.ts';
