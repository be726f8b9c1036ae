// The text of a closed till, to share over WhatsApp or paste anywhere: the period, the sales by method, the cash
// movements, what the drawer should hold, what was counted and the difference.
import type { ClosedTillView } from '../../../workers/api.ts';
import { tillText } from '../../i18n/till.pt-BR.ts';
import { formatBRL, formatDateTime } from '../../lib/format.ts';

const copy = tillText;

/** 'Sobra R$ 1,00', 'Falta R$ 0,90' or 'Sem diferença'. */
export function differenceText(diferenca: number): string {
  if (Math.round(diferenca * 100) === 0) return copy.differenceNone;
  return `${diferenca > 0 ? copy.differenceOver : copy.differenceShort} ${formatBRL(Math.abs(diferenca))}`;
}

export function tillReportText(closing: ClosedTillView, marketName: string | null): string {
  const { resumo } = closing;
  const lines = [
    `*${copy.reportTitle}*${marketName ? ` — ${marketName}` : ''}`,
    copy.period(formatDateTime(closing.aberto_em), formatDateTime(closing.fechado_em)),
    '',
    `${copy.salesTotal}: ${formatBRL(resumo.total)} (${copy.salesCount(resumo.vendas)})`,
    ...(['dinheiro', 'cartao', 'pix', 'outro', 'fiado'] as const).map(
      (method) => `  ${copy.methods[method]}: ${formatBRL(resumo.por_forma[method])}`,
    ),
    '',
    `${copy.float}: ${formatBRL(closing.troco_inicial)}`,
    `${copy.additions}: ${formatBRL(resumo.suprimentos)}`,
    `${copy.withdrawals}: ${formatBRL(resumo.sangrias)}`,
    `${copy.expected}: ${formatBRL(closing.esperado)}`,
    `${copy.counted}: ${formatBRL(closing.contado)}`,
    `${copy.differenceLabel}: ${differenceText(closing.diferenca)}`,
  ];
  if (closing.observacoes) lines.push('', `${copy.notes.replace(' (opcional)', '')}: ${closing.observacoes}`);
  return lines.join('\n');
}
