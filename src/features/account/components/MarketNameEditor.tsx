// Inline edit of the market name: ≤ 40 characters, trimmed, must change; saved through the worker.
import { useState, type SyntheticEvent } from 'react';
import { Pencil } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { marketNameSchema, updateMarketName } from '../market-name.ts';
import { accountFailure } from '../failures.ts';
import { validate } from '../../../lib/form.ts';
import { useDataClient } from '../../../lib/use-data-client.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { showToast } from '../../../ui/toast.ts';

const copy = t.account;

export function MarketNameEditor({ current }: { current: string | null }) {
  const data = useDataClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = validate(marketNameSchema(current), { nomeMercado: value });
    if (!checked.ok) {
      setError(checked.first);
      return;
    }
    setBusy(true);
    try {
      await updateMarketName(data, checked.value.nomeMercado);
      showToast({ title: copy.nameUpdated, kind: 'success' });
      setEditing(false);
      setError(undefined);
    } catch (failure) {
      const offline = accountFailure(failure).reason === 'offline';
      showToast({ title: copy.updateError, description: offline ? copy.offlineActions : undefined, kind: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <dt className="text-sm text-ink/70">{copy.marketName}</dt>
          <dd className="break-words font-medium">{current?.trim() || t.app.fallbackMarketName}</dd>
        </div>
        <Button
          variant="ghost"
          className="shrink-0 px-3"
          onClick={() => {
            setValue(current ?? '');
            setEditing(true);
          }}
        >
          <Pencil aria-hidden size={18} />
          {copy.edit}
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-2">
      <TextField
        label={copy.marketName}
        value={value}
        maxLength={40}
        autoFocus
        error={error}
        hint={`${value.trim().length}/40`}
        onChange={(event) => {
          setValue(event.target.value);
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" busy={busy} className="flex-1">
          {busy ? copy.saving : copy.save}
        </Button>
        <Button
          variant="secondary"
          className="flex-1"
          onClick={() => {
            setEditing(false);
            setError(undefined);
          }}
        >
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}
