// /caixa: this device's till. Closed: 'Abrir caixa' with the opening float. Open: the figures live (a sale moves
// them), 'Sangria', 'Suprimento' and 'Fechar caixa'. Below, the closings of every device of the owner.
import { useState, type SyntheticEvent } from 'react';
import { ArrowDownCircle, ArrowUpCircle, Lock, Unlock } from 'lucide-react';
import { tillText } from '../../../i18n/till.pt-BR.ts';
import { formatBRL, formatDateTime } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { readMoney } from '../../../lib/number-input.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { DataStates, type SkeletonShape } from '../../../ui/DataStates.tsx';
import { MoneyField } from '../../../ui/form/NumberFields.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { differenceText } from '../till-report.ts';
import { TillAmountDialog } from './TillAmountDialog.tsx';
import { TillFigures } from './TillFigures.tsx';
import { TillHistory } from './TillHistory.tsx';
import type { OpenTillView } from '../../../../workers/api.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = tillText;
const card = 'flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5';
const TILL_SKELETON: SkeletonShape = { count: 1, className: 'h-48', label: copy.loading };

function OpenTillForm() {
  const [float, setFloat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const open = useCommand((data, troco_inicial: number) => data.till.open({ troco_inicial }), {
    form: 'till',
    success: () => ({ title: copy.opened }),
    failureTitle: copy.openFailed,
  });
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const reading = readMoney(float);
    if (!reading.ok) return;
    if ((await open.run(reading.value)) !== undefined) {
      setFloat('');
      setSubmitted(false);
    }
  };
  return (
    <section aria-labelledby="till-closed" className={card}>
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Lock aria-hidden size={22} />
        </span>
        <h2 id="till-closed" className="text-lg font-semibold">
          {copy.closedTitle}
        </h2>
      </div>
      <p className="text-ink/80">{copy.closedText}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <MoneyField
          label={copy.openingFloat}
          name="troco_inicial"
          className="sm:w-60"
          value={float}
          revealProblem={submitted}
          error={open.fieldErrors.troco_inicial ?? open.fieldErrors.caixa}
          onValueChange={(typed) => {
            setFloat(typed);
            open.reset();
          }}
        />
        <Button type="submit" busy={open.pending} className="sm:mt-6">
          <Unlock aria-hidden size={18} />
          {copy.open}
        </Button>
      </form>
    </section>
  );
}

/** 'Sangria' or 'Suprimento' on the open till; resolves to true once stored. */
function useMovement(tipo: 'sangria' | 'suprimento') {
  return useCommand(
    async (data, valor: number, motivo: string) => {
      await data.till.move({ tipo, valor, motivo });
      return true;
    },
    {
      form: 'till',
      success: () => ({ title: tipo === 'sangria' ? copy.withdrawalDone : copy.additionDone }),
      failureTitle: copy.movementFailed,
      messages: { not_found: copy.notOpen },
    },
  );
}

function OpenTill({ till }: { till: OpenTillView }) {
  const withdrawal = useMovement('sangria');
  const addition = useMovement('suprimento');
  const close = useCommand(
    (data, valor_contado: number, observacoes: string) => data.till.close({ valor_contado, observacoes }),
    {
      form: 'till',
      success: () => ({ title: copy.closed }),
      failureTitle: copy.closeFailed,
      messages: { not_found: copy.notOpen },
    },
  );
  return (
    <section aria-labelledby="till-open" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="till-open" className="text-lg font-semibold text-brand-900">
          {copy.opened}
        </h2>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900">
          {copy.openSince(formatDateTime(till.aberto_em))}
        </span>
      </div>
      <TillFigures resumo={till.resumo} trocoInicial={till.troco_inicial} esperado={till.esperado} />
      <section aria-labelledby="till-movements" className="border-t border-ink/10 pt-3">
        <h3 id="till-movements" className="mb-2 text-sm font-semibold uppercase tracking-wide text-ink/60">
          {copy.movementsTitle}
        </h3>
        {till.movimentos.length === 0 ? (
          <p className="text-sm text-ink/70">{copy.noMovements}</p>
        ) : (
          <ul aria-label={copy.movementsTitle} className="flex flex-col gap-1">
            {till.movimentos.map((item) => (
              <li key={item.id} className="flex justify-between gap-3 text-sm">
                <span className="min-w-0 break-words">
                  {item.tipo === 'sangria' ? copy.withdrawal : copy.addition}
                  {item.motivo ? ` · ${item.motivo}` : ''}
                  <span className="text-ink/60"> · {formatDateTime(item.em)}</span>
                </span>
                <span className={item.tipo === 'sangria' ? 'tabular-nums text-red-700' : 'tabular-nums text-green-700'}>
                  {item.tipo === 'sangria' ? '−' : '+'} {formatBRL(item.valor)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <TillAmountDialog
          title={copy.withdrawal}
          help={copy.withdrawalHelp}
          amountLabel={copy.amount}
          amountField="valor"
          noteLabel={copy.reason}
          noteMax={200}
          command={withdrawal}
          trigger={
            <Button variant="secondary">
              <ArrowUpCircle aria-hidden size={18} />
              {copy.withdrawal}
            </Button>
          }
        />
        <TillAmountDialog
          title={copy.addition}
          help={copy.additionHelp}
          amountLabel={copy.amount}
          amountField="valor"
          noteLabel={copy.reason}
          noteMax={200}
          command={addition}
          trigger={
            <Button variant="secondary">
              <ArrowDownCircle aria-hidden size={18} />
              {copy.addition}
            </Button>
          }
        />
        <TillAmountDialog
          title={copy.close}
          help={`${copy.closeHelp} ${copy.expected}: ${formatBRL(till.esperado)}.`}
          amountLabel={copy.countedField}
          amountField="valor_contado"
          noteLabel={copy.notes}
          noteMax={500}
          command={close}
          preview={(counted, typed) =>
            typed ? (
              <p role="status" className="text-sm font-medium text-brand-900">
                {copy.differenceLabel}: {differenceText((Math.round(counted * 100) - Math.round(till.esperado * 100)) / 100)}
              </p>
            ) : null
          }
          trigger={
            <Button>
              <Lock aria-hidden size={18} />
              {copy.close}
            </Button>
          }
        />
      </div>
    </section>
  );
}

export function TillPage() {
  usePageTitle(copy.title);
  const till = useLiveQuery('tillOpen', undefined);
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6">
      <div>
        <PageHeader title={copy.title} />
        <p className="text-sm text-ink/70">{copy.offlineNote}</p>
      </div>
      <DataStates state={till} skeleton={TILL_SKELETON} failure={{ title: copy.loadError }}>
        {(open) => (open ? <OpenTill till={open} /> : <OpenTillForm />)}
      </DataStates>
      <TillHistory />
    </section>
  );
}
