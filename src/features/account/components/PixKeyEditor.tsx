// 'Minha Conta' › PIX: the owner's key and city for the fiado reminder's copia-e-cola code; saved through the worker.
import { useState, type SyntheticEvent } from 'react';
import { Pencil, QrCode, Trash2 } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { fieldMessages } from '../../../i18n/errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { PIX_KEY_MAX, CITY_MAX } from '../../../../workers/account/schema.ts';
import { checkPixKey, updatePixKey, type PixKeyCurrent, type PixKeyForm } from '../pix-key.ts';

const copy = t.pix;

export function PixKeyEditor({ current }: { current: PixKeyCurrent }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<PixKeyForm>({ chavePix: '', cidade: '' });
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const command = useCommand(
    async (data, next: PixKeyForm) => {
      await updatePixKey(data, next);
      setEditing(false);
      return next.chavePix.trim() !== '';
    },
    {
      form: 'account',
      success: (saved) => ({ title: saved ? copy.saved : copy.removed }),
      failureTitle: copy.saveError,
      messages: { offline: t.account.offlineActions },
    },
  );
  const errors = { ...command.fieldErrors, ...invalid };

  const open = () => {
    setForm({ chavePix: current.chavePix ?? '', cidade: current.cidade ?? '' });
    setInvalid({});
    command.reset();
    setEditing(true);
  };

  const close = () => {
    setEditing(false);
    setInvalid({});
    command.reset();
  };

  const submit = (next: PixKeyForm) => {
    const checked = checkPixKey(next, current);
    setInvalid(checked.ok ? {} : fieldMessages('account', checked.issues));
    if (checked.ok) void command.run(next);
  };

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    submit(form);
  };

  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <QrCode aria-hidden size={20} className="text-brand-700" />
        {copy.accountTitle}
      </h2>
      <p className="text-sm text-ink/70">{copy.accountHint}</p>
      {!editing ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <dl className="min-w-0 flex-1">
            <dt className="text-sm text-ink/70">{copy.key}</dt>
            <dd data-testid="pix-key" className="break-all font-medium">
              {current.chavePix ?? copy.noKey}
            </dd>
            {current.chavePix && current.cidade ? (
              <>
                <dt className="mt-2 text-sm text-ink/70">{copy.city}</dt>
                <dd className="break-words font-medium">{current.cidade}</dd>
              </>
            ) : null}
          </dl>
          <Button
            variant={current.chavePix ? 'ghost' : 'secondary'}
            className="shrink-0 px-3"
            aria-label={current.chavePix ? copy.editKey : undefined}
            onClick={open}
          >
            <Pencil aria-hidden size={18} />
            {current.chavePix ? t.account.edit : copy.addKey}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={save} className="flex flex-col gap-2">
          <TextField
            label={copy.key}
            value={form.chavePix}
            maxLength={PIX_KEY_MAX + 10}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder={copy.keyPlaceholder}
            error={errors.chavePix}
            hint={copy.keyHint}
            onChange={(event) => {
              setForm({ ...form, chavePix: event.target.value });
            }}
          />
          <TextField
            label={copy.city}
            value={form.cidade}
            maxLength={CITY_MAX}
            autoComplete="address-level2"
            error={errors.cidade}
            hint={copy.cityHint}
            onChange={(event) => {
              setForm({ ...form, cidade: event.target.value });
            }}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" busy={command.pending} className="flex-1">
              {command.pending ? t.account.saving : t.account.save}
            </Button>
            <Button variant="secondary" className="flex-1" onClick={close}>
              {t.account.cancel}
            </Button>
          </div>
          {current.chavePix ? (
            <Button
              variant="ghost"
              className="self-start px-3 text-red-700"
              disabled={command.pending}
              onClick={() => {
                submit({ chavePix: '', cidade: form.cidade });
              }}
            >
              <Trash2 aria-hidden size={18} />
              {copy.removeKey}
            </Button>
          ) : null}
        </form>
      )}
    </div>
  );
}
