// The WhatsApp messages of the client detail: a greeting that states the balance, and the statement as text,
// both as https://wa.me/55<digits> links (docs/product.md §7 Device, §9 country code 55).
import type { ClientSummary, StatementEntry } from '../../../workers/api.ts';
import { formatBRL, formatDate } from '../../lib/format.ts';
import { t } from '../../i18n/pt-BR.ts';
import { statementLabel } from './statement-label.ts';

const copy = t.clients;
/** Lines of the statement sent by message (a link stays short enough for every phone). */
export const STATEMENT_MESSAGE_LINES = 20;

/** The wa.me link to the client's phone with `text`; null without a phone. */
export function whatsappLink(telefone: string | null, text: string): string | null {
  const digits = (telefone ?? '').replace(/\D/g, '');
  if (digits === '') return null;
  return `https://wa.me/55${digits}?text=${encodeURIComponent(text)}`;
}

/** 'Olá, Maria! Seu saldo de fiado é de R$ 12,50.' (or that there is nothing owed). */
export function greetingText(client: Pick<ClientSummary, 'nome' | 'saldo'>): string {
  return client.saldo > 0
    ? copy.whatsappGreeting(client.nome, formatBRL(client.saldo))
    : copy.whatsappGreetingNoDebt(client.nome);
}

/** The reminder: the greeting and, when there is one, the PIX copia-e-cola code for the amount owed. */
export function reminderText(client: Pick<ClientSummary, 'nome' | 'saldo'>, pixCode: string | null): string {
  const greeting = greetingText(client);
  return pixCode && client.saldo > 0 ? `${greeting}\n\n${t.pix.reminder}\n${pixCode}` : greeting;
}

/** The statement as plain text, one line per entry, newest first, with the current balance on top. */
export function statementText(client: Pick<ClientSummary, 'nome' | 'saldo'>, entries: readonly StatementEntry[]): string {
  const lines = entries
    .slice(0, STATEMENT_MESSAGE_LINES)
    .map(
      (entry) =>
        `${formatDate(entry.data)} ${statementLabel(entry)}${entry.estornado ? ` (${copy.reversedMark})` : ''}: ${entry.kind === 'pagamento' ? '-' : '+'}${formatBRL(entry.valor)} (${copy.balanceAfter} ${formatBRL(entry.saldo)})`,
    );
  return [copy.statementHeader(client.nome), `${copy.balance}: ${formatBRL(client.saldo)}`, '', ...lines].join('\n');
}
