// The figures of a till session: sales by payment method, float, additions and withdrawals, and the cash the
// drawer should hold (plus counted and difference once closed).
import type { TillSummary } from '../../../../workers/api.ts';
import { tillText } from '../../../i18n/till.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';

const copy = tillText;
const METHODS = ['dinheiro', 'cartao', 'pix', 'outro', 'fiado'] as const;

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'flex justify-between gap-3 font-semibold text-brand-900' : 'flex justify-between gap-3'}>
      <dt className={strong ? undefined : 'text-ink/75'}>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function TillFigures({ resumo, trocoInicial, esperado }: { resumo: TillSummary; trocoInicial: number; esperado: number }) {
  return (
    <div className="flex flex-col gap-4">
      <section aria-label={copy.byMethod}>
        <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-ink/60">{copy.byMethod}</h3>
        <dl className="flex flex-col gap-1">
          {METHODS.map((method) => (
            <Row key={method} label={copy.methods[method]} value={formatBRL(resumo.por_forma[method])} />
          ))}
          <Row
            label={`${copy.salesTotal} (${copy.salesCount(resumo.vendas)})`}
            value={formatBRL(resumo.total)}
            strong
            testId="till-sales-total"
          />
        </dl>
      </section>
      <section aria-label={copy.expected}>
        <dl className="flex flex-col gap-1 border-t border-ink/10 pt-3">
          <Row label={copy.float} value={formatBRL(trocoInicial)} />
          <Row label={`+ ${copy.methods.dinheiro}`} value={formatBRL(resumo.por_forma.dinheiro)} />
          <Row label={`+ ${copy.additions}`} value={formatBRL(resumo.suprimentos)} />
          <Row label={`− ${copy.withdrawals}`} value={formatBRL(resumo.sangrias)} />
          <Row label={copy.expected} value={formatBRL(esperado)} strong testId="till-expected" />
        </dl>
      </section>
    </div>
  );
}
