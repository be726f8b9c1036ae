// /search?q=…: results of the header search; its screen arrives with the products and clients lists.
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { t } from '../../../i18n/pt-BR.ts';
import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

const searchSchema = v.object({ q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))) });

export const Route = createFileRoute('/_auth/_owner/search')({
  validateSearch: (search) => v.parse(searchSchema, { q: typeof search.q === 'string' ? search.q.slice(0, 200) : undefined }),
  component: () => <PagePlaceholder title={t.pages.search} />,
});
