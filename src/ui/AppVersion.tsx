// Shows the app's version as the data worker reports it (proof of life of the worker in every footer).
import { useEffect, useState } from 'react';
import { useDataClient } from '../lib/use-data-client.ts';

export function AppVersion() {
  const data = useDataClient();
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void data.system.appVersion().then((value) => {
      if (active) setVersion(value);
    });
    return () => {
      active = false;
    };
  }, [data]);
  return (
    <span data-testid="app-version" aria-live="polite">
      {version ? `v${version}` : ''}
    </span>
  );
}
