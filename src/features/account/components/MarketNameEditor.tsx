// Inline edit of the market name: the worker's rule (≤ 40 characters, trimmed) and a change; saved through the worker.
import { useState, type SyntheticEvent } from 'react';
import { Pencil } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { fieldMessages } from '../../../i18n/errors.ts';
import { checkMarketName, updateMarketName } from '../market-name.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';

const copy = t.account;

export function MarketNameEditor({ current }: { current: string | null }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(current ?? '');
  const [invalid, setInvalid] = useState<string | undefined>();
  const command = useCommand(
    async (data, nomeMercado: string) => {
      await updateMarketName(data, nomeMercado);
      setEditing(false);
    },
    {
      form: 'account',
      success: () => ({ title: copy.nameUpdated }),
      failureTitle: copy.updateError,
      messages: { offline: copy.offlineActions },
    },
  );
  const error = invalid ?? command.fieldErrors.nomeMercado;

  const close = () => {
    setEditing(false);
    setInvalid(undefined);
    command.reset();
  };

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkMarketName(value, current);
    setInvalid(checked.ok ? undefined : fieldMessages('account', checked.issues).nomeMercado);
    if (checked.ok) void command.run(checked.value.nomeMercado);
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
    <form noValidate onSubmit={save} className="flex flex-col gap-2">
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
        <Button type="submit" busy={command.pending} className="flex-1">
          {command.pending ? copy.saving : copy.save}
        </Button>
        <Button variant="secondary" className="flex-1" onClick={close}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}
