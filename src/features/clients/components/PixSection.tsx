// The client detail's PIX section: the copia-e-cola code for the balance as a QR code and text with a copy
// button, or a hint pointing to 'Minha Conta' when the owner has no PIX key yet. All built on the device.
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { Copy, QrCode as QrIcon } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { QrCode } from '../../../ui/QrCode.tsx';
import { showToast } from '../../../ui/toast.ts';
import type { ClientPix } from '../use-pix-code.ts';

const copy = t.pix;

async function copyCode(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    showToast({ title: copy.copied, kind: 'success' });
  } catch {
    showToast({ title: copy.copyFailed, kind: 'destructive' });
  }
}

export function PixSection({ pix, saldo }: { pix: ClientPix; saldo: number }) {
  const titleId = useId();
  const codeId = useId();
  if (pix.kind === 'none') return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <QrIcon aria-hidden size={20} className="text-brand-700" />
        {copy.sectionTitle}
      </h2>
      {pix.kind === 'no_key' ? (
        <p data-testid="pix-no-key" className="text-ink/80">
          {copy.noKeyHint}{' '}
          <Link to="/account" className="font-semibold text-brand-700 underline underline-offset-2">
            {copy.noKeyLink}
          </Link>
        </p>
      ) : (
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <QrCode
            value={pix.code}
            label={copy.qrLabel(formatBRL(saldo))}
            className="h-52 w-52 shrink-0 rounded-lg ring-1 ring-ink/10"
          />
          <div className="flex w-full min-w-0 flex-col gap-2">
            <p className="text-sm text-ink/70">{copy.sectionHint(formatBRL(saldo))}</p>
            <label htmlFor={codeId} className="text-sm font-medium text-ink">
              {copy.codeLabel}
            </label>
            <textarea
              id={codeId}
              data-testid="pix-code"
              readOnly
              rows={4}
              value={pix.code}
              onFocus={(event) => {
                event.currentTarget.select();
              }}
              className="w-full resize-none break-all rounded-xl border border-ink/20 bg-brand-50 p-3 font-mono text-sm text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400"
            />
            <Button variant="secondary" onClick={() => void copyCode(pix.code)}>
              <Copy aria-hidden size={18} />
              {copy.copy}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
