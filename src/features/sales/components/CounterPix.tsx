// 'PIX' at the counter: the shop's QR Code with the sale's total and its copia-e-cola (with a copy button), made
// on the device; 'Recebido' once the owner sees the payment (a split sale's PIX part has none: 'Finalizar Venda' closes
// it with the other parts). Without a key, where to register one.
import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { Check, Copy } from 'lucide-react';
import { clsx } from 'clsx';
import { counterText } from '../../../i18n/counter.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { QrCode } from '../../../ui/QrCode.tsx';
import { showToast } from '../../../ui/toast.ts';
import { useSignedInAccount } from '../../account/index.ts';
import { counterPixOf } from '../counter-pix.ts';

const copy = counterText;

export function CounterPix({
  total,
  received,
}: {
  total: number;
  /** 'Recebido', finishing the sale (`busy` while it runs); absent for the PIX part of a split payment. */
  received?: { busy: boolean; onReceived: () => void };
}) {
  const title = received ? copy.pixTitle : copy.pixPartTitle;
  const { profile } = useSignedInAccount();
  const pix = useMemo(() => counterPixOf(profile, total), [profile, total]);
  if (pix.kind === 'no_key')
    return (
      <div className="flex flex-col gap-2 rounded-xl bg-brand-50 p-3 text-sm text-ink">
        <p>{copy.pixNoKey}</p>
        <Link to="/account" className={buttonClass('secondary')}>
          {copy.pixKeyLink}
        </Link>
      </div>
    );
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(pix.code);
      showToast({ title: copy.codeCopied, kind: 'success' });
    } catch {
      showToast({ title: copy.copyFailed, kind: 'destructive' });
    }
  };
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl bg-brand-50 p-3">
      <p className="font-semibold text-brand-900">{title}</p>
      <QrCode value={pix.code} label={copy.pixQr(formatBRL(total))} size={200} />
      <label className="flex w-full flex-col gap-1 text-sm font-medium text-ink">
        {copy.pixCode}
        <textarea
          readOnly
          rows={3}
          value={pix.code}
          className="w-full resize-none rounded-xl border border-ink/20 bg-white p-2 font-mono text-xs break-all"
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
      </label>
      <div className={clsx('grid w-full grid-cols-1 gap-2', received && 'sm:grid-cols-2')}>
        <Button variant="secondary" onClick={() => void copyCode()}>
          <Copy aria-hidden size={18} />
          {copy.copyCode}
        </Button>
        {received ? (
          <Button busy={received.busy} onClick={received.onReceived}>
            <Check aria-hidden size={18} />
            {copy.pixReceived}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
