// The client detail (Detalhes do Cliente): phone, balance, notes, payment and debit, WhatsApp with the PIX code,
// the PIX QR code, statement, edit, delete.
import { Link } from '@tanstack/react-router';
import { ArrowLeft, MessageCircle, Minus, Pencil, Plus, Send } from 'lucide-react';
import { clsx } from 'clsx';
import type { ClientSummary, StatementEntry } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL, maskPhone } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { DataStates } from '../../../ui/DataStates.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { reminderText, statementText, whatsappLink } from '../whatsapp.ts';
import { useClientPix, type ClientPix } from '../use-pix-code.ts';
import { CLIENT_SKELETON, ClientNotFound, clientLoadFailure } from './ClientStates.tsx';
import { ClientStatement } from './ClientStatement.tsx';
import { DeleteClientDialog } from './DeleteClientDialog.tsx';
import { LedgerDialog } from './LedgerDialog.tsx';
import { PixSection } from './PixSection.tsx';

const copy = t.clients;

function WhatsAppLinks({ client, entries, pix }: { client: ClientSummary; entries: readonly StatementEntry[]; pix: ClientPix }) {
  const greeting = whatsappLink(client.telefone, reminderText(client, pix.kind === 'code' ? pix.code : null));
  const statement = whatsappLink(client.telefone, statementText(client, entries));
  if (!greeting || !statement) return null;
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      <a href={greeting} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
        <MessageCircle aria-hidden size={20} />
        {copy.whatsapp}
      </a>
      <a href={statement} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
        <Send aria-hidden size={20} />
        {copy.sendStatement}
      </a>
    </div>
  );
}

function ClientDetail({ client }: { client: ClientSummary }) {
  const statement = useLiveQuery('clientStatement', { clientId: client.id });
  const pix = useClientPix(client.saldo);
  return (
    <>
      <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 id="page-title" className="break-words text-2xl font-bold text-brand-900">
              {client.nome}
            </h1>
            <p className="text-ink/70">{client.telefone ? maskPhone(client.telefone) : '—'}</p>
          </div>
          <Link to="/clients/$id/edit" params={{ id: client.id }} className={buttonClass('ghost', 'px-3')}>
            <Pencil aria-hidden size={18} />
            {copy.edit}
          </Link>
        </div>
        <div className="rounded-xl bg-brand-50 p-4">
          <p className="text-sm font-medium text-ink/70">{copy.balance}</p>
          <p
            data-testid="saldo"
            aria-live="polite"
            className={clsx('text-3xl font-bold tabular-nums', client.fiado ? 'text-red-700' : 'text-brand-700')}
          >
            {client.fiado ? formatBRL(client.saldo) : copy.noDebt}
          </p>
        </div>
        {client.observacoes ? (
          <div>
            <h2 className="text-sm font-medium text-ink/70">{copy.notes}</h2>
            <p className="whitespace-pre-wrap break-words text-ink">{client.observacoes}</p>
          </div>
        ) : null}
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <LedgerDialog
            kind="pagamento"
            client={client}
            trigger={
              <Button disabled={!client.fiado}>
                <Minus aria-hidden size={20} />
                {copy.registerPayment}
              </Button>
            }
          />
          <LedgerDialog
            kind="debito"
            client={client}
            trigger={
              <Button variant="accent">
                <Plus aria-hidden size={20} />
                {copy.addDebit}
              </Button>
            }
          />
        </div>
        <WhatsAppLinks client={client} entries={statement.data ?? []} pix={pix} />
      </div>
      <PixSection pix={pix} saldo={client.saldo} />
      <ClientStatement clientId={client.id} statement={statement} />
      <div className="flex justify-end">
        <DeleteClientDialog clientId={client.id} nome={client.nome} />
      </div>
    </>
  );
}

export function ClientDetailPage({ clientId }: { clientId: string }) {
  usePageTitle(t.pages.clientDetail);
  const loaded = useLiveQuery('client', { clientId });
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <Link to="/clients" className="inline-flex min-h-11 items-center gap-1 self-start font-medium text-brand-700">
        <ArrowLeft aria-hidden size={18} />
        {copy.backToList}
      </Link>
      <DataStates state={loaded} skeleton={CLIENT_SKELETON} failure={clientLoadFailure(copy.detailLoadError)}>
        {(client) =>
          client === null ? (
            <>
              <h1 id="page-title" className="sr-only">
                {t.pages.clientDetail}
              </h1>
              <ClientNotFound />
            </>
          ) : (
            <ClientDetail client={client} />
          )
        }
      </DataStates>
    </section>
  );
}
