// The outbox's small HTML pages, in Portuguese: the list of sent messages and one message with its links.
import { escapeHtml } from './html.ts';
import type { MailMessage } from './outbox.ts';

const STYLE = `
  body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
  header{background:#15803d;color:#fff;padding:16px 24px}
  header h1{margin:0;font-size:20px}
  header a{color:#fff}
  main{max-width:900px;margin:24px auto;padding:0 16px}
  table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
  th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e5e7eb;font-size:14px}
  th{background:#f9fafb}
  .card{background:#fff;border-radius:8px;padding:16px 20px;margin-bottom:16px}
  .meta{font-size:14px;color:#4b5563}
  pre{white-space:pre-wrap;font-size:13px;background:#f9fafb;padding:12px;border-radius:6px}
  form{margin-bottom:16px}
  input{padding:6px 8px;font-size:14px;min-width:260px}
  button{padding:6px 12px;font-size:14px}
  .vazio{background:#fff;border-radius:8px;padding:24px;text-align:center;color:#6b7280}
`;

/** Content-Security-Policy of the pages: no scripts, no remote content; styles inline only. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'";

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><h1><a href="/mail">Caixa de saída do Caderneta</a></h1></header><main>${body}</main></body></html>`;
}

function formatDate(value: string): string {
  const date = new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
}

export function listPage(messages: readonly MailMessage[], to: string | undefined): string {
  const filter = `<form method="get" action="/mail"><label>Filtrar por destinatário: <input type="email" name="to" value="${escapeHtml(to ?? '')}" placeholder="email@exemplo.com"></label> <button type="submit">Filtrar</button></form>`;
  if (messages.length === 0) {
    return layout('Caixa de saída', `${filter}<p class="vazio">Nenhum e-mail enviado${to ? ` para ${escapeHtml(to)}` : ''} ainda.</p>`);
  }
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(formatDate(message.createdAt))}</td><td>${escapeHtml(message.to)}</td><td><a href="/mail/m/${escapeHtml(message.id)}">${escapeHtml(message.subject)}</a></td></tr>`,
    )
    .join('');
  return layout(
    'Caixa de saída',
    `${filter}<p class="meta">Os e-mails que o Caderneta enviaria ficam guardados aqui (os mais recentes primeiro).</p>
<table><thead><tr><th>Enviado em</th><th>Para</th><th>Assunto</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

/** One message. Its HTML was produced by our own templates, which escape every value they insert. */
export function messagePage(message: MailMessage): string {
  const links = message.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('');
  return layout(
    message.subject,
    `<div class="card"><h2>${escapeHtml(message.subject)}</h2>
<p class="meta">De: ${escapeHtml(message.from)}<br>Para: ${escapeHtml(message.to)}<br>Enviado em: ${escapeHtml(formatDate(message.createdAt))}</p></div>
<div class="card">${message.html}</div>
${links ? `<div class="card"><h3>Links da mensagem</h3><ul>${links}</ul></div>` : ''}
<div class="card"><h3>Texto simples</h3><pre>${escapeHtml(message.text)}</pre></div>
<p><a href="/mail">Voltar para a caixa de saída</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout('Mensagem não encontrada', '<p class="vazio">Mensagem não encontrada.</p><p><a href="/mail">Voltar para a caixa de saída</a></p>');
}
