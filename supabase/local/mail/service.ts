// The mail outbox service at /mail (like Supabase's local Inbucket): HTML pages to read what was sent and a
// JSON API, `/mail/v1/messages?to=…`, that tests and end-to-end specs use to fetch the latest message.
import { json, type RequestInfo, type StackContext, type StackService } from '../service.ts';
import { createOutbox, type MailMessage, type Outbox } from './outbox.ts';
import { listPage, messagePage, notFoundPage, PAGE_CSP } from './page.ts';

export interface MailService extends StackService {
  outbox: Outbox;
}

function html(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP, 'cache-control': 'no-store' },
  });
}

/** The JSON shape of a message (snake_case like the rest of the wire). */
function messageJson(message: MailMessage): Record<string, unknown> {
  return {
    id: message.id,
    to: message.to,
    from: message.from,
    subject: message.subject,
    kind: message.kind,
    text: message.text,
    html: message.html,
    links: message.links,
    created_at: message.createdAt,
  };
}

function filterOf(url: URL): { to?: string; kind?: string; limit?: number } {
  const to = url.searchParams.get('to')?.trim() || undefined;
  const kind = url.searchParams.get('kind')?.trim() || undefined;
  const limitText = url.searchParams.get('limit');
  const limit = limitText && /^\d+$/.test(limitText) ? Number(limitText) : undefined;
  return { to, kind, limit };
}

export function createMailService(ctx: StackContext): MailService {
  const outbox = createOutbox(ctx.db);

  async function api(request: Request, path: string, url: URL): Promise<Response> {
    if (path === '/messages' && request.method === 'GET') {
      const messages = await outbox.list(filterOf(url));
      return json({ messages: messages.map(messageJson), total: messages.length });
    }
    if (path === '/messages' && request.method === 'DELETE') {
      return json({ deleted: await outbox.clear(url.searchParams.get('to')?.trim() || undefined) });
    }
    if (path === '/messages/latest' && request.method === 'GET') {
      const [latest] = await outbox.list({ ...filterOf(url), limit: 1 });
      return latest ? json(messageJson(latest)) : json({ message: 'Nenhuma mensagem encontrada' }, 404);
    }
    const id = /^\/messages\/([^/]+)$/.exec(path)?.[1];
    if (id && request.method === 'GET') {
      const message = await outbox.get(id);
      return message ? json(messageJson(message)) : json({ message: 'Mensagem não encontrada' }, 404);
    }
    return json({ message: 'Rota não encontrada' }, 404);
  }

  return {
    prefix: '/mail',
    outbox,
    async start() {
      await outbox.ensureSchema();
    },
    async handle(request: Request, info: RequestInfo): Promise<Response> {
      const path = info.path.replace(/\/+$/, '') || '/';
      if (path.startsWith('/v1/')) return api(request, path.slice(3), info.url);
      if (request.method !== 'GET') return json({ message: 'Método não permitido' }, 405);
      if (path === '/' || path === '/v1') {
        const filter = filterOf(info.url);
        return html(listPage(await outbox.list({ ...filter, limit: filter.limit ?? 100 }), filter.to));
      }
      const id = /^\/m\/([^/]+)$/.exec(path)?.[1];
      if (id) {
        const message = await outbox.get(id);
        return message ? html(messagePage(message)) : html(notFoundPage(), 404);
      }
      return html(notFoundPage(), 404);
    },
  };
}
