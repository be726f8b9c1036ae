// /clients (optional ?q=name&page=n): the client list.
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ClientsPage } from '../../../../features/clients/components/ClientsPage.tsx';

const searchSchema = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(200))),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

export const Route = createFileRoute('/_auth/_owner/clients/')({
  validateSearch: (search) => {
    const q = typeof search.q === 'number' ? String(search.q) : search.q;
    const parsed = v.safeParse(searchSchema, { q, page: search.page });
    return parsed.success ? parsed.output : {};
  },
  component: ClientsRoute,
});

function ClientsRoute() {
  const { q, page } = Route.useSearch();
  return <ClientsPage search={q ?? ''} page={page ?? 1} />;
}
