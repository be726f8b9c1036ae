// The banner that asks the owner to update the app while the server refuses it some of her data, because this
// version would misread it (docs/sync.md §6): what stops arriving, that nothing here is lost, and the way out.
import { t } from '../../../i18n/pt-BR.ts';
import { Button } from '../../../ui/Button.tsx';
import { useSyncStatus } from '../use-sync-status.ts';

const copy = t.sync;

export function OutdatedBanner() {
  const { outdated } = useSyncStatus();
  if (!outdated) return null;
  return (
    <div role="alert" className="flex flex-col gap-2 bg-red-50 px-4 py-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold">{copy.outdatedTitle}</p>
        <p>{copy.outdatedMessage}</p>
      </div>
      <Button
        variant="secondary"
        className="shrink-0 self-start sm:self-center"
        onClick={() => {
          // The page loads again from the server (a new version is taken on the way); the data stays on the device.
          window.location.reload();
        }}
      >
        {copy.outdatedAction}
      </Button>
    </div>
  );
}
