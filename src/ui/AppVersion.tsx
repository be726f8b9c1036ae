// Shows the app's version as the data worker reports it (proof of life of the worker in every footer).
import { useLiveQuery } from '../lib/live-query.ts';

export function AppVersion() {
  const version = useLiveQuery('appVersion', undefined);
  return (
    <span data-testid="app-version" aria-live="polite">
      {version.data ? `v${version.data}` : ''}
    </span>
  );
}
