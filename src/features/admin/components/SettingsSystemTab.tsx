// The Sistema tab (docs/product.md §2): one card per stored setting, ordered by key; pulsing while loading, 'Erro ao
// carregar configurações' with 'Tentar novamente' on failure.
import { adminSettingsText } from '../../../i18n/admin-settings.pt-BR.ts';
import { useAdminSettings } from '../settings-queries.ts';
import { LoadError, SkeletonCards } from '../../../ui/DataStates.tsx';
import { SettingCard } from './SettingCard.tsx';

const GRID = 'grid gap-4 lg:grid-cols-2';

export function SettingsSystemTab() {
  const settings = useAdminSettings();
  if (settings.isPending) return <SkeletonCards count={3} className="h-64" grid={GRID} />;
  if (settings.isError) {
    return <LoadError title={adminSettingsText.loadError} error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  return (
    <div className={GRID}>
      {settings.data.map((setting) => (
        // A new stored value (after a save or a refresh) starts the card's form again from it.
        <SettingCard key={`${setting.key}:${setting.updatedAt}`} setting={setting} />
      ))}
    </div>
  );
}
