// /search?q=…: results of the header search (the text trimmed, at most 200 characters).
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SearchPage } from '../../../features/search/components/SearchPage.tsx';

const searchSchema = v.object({ q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))) });

export const Route = createFileRoute('/_auth/_owner/search')({
  validateSearch: (search) => v.parse(searchSchema, { q: typeof search.q === 'string' ? search.q.slice(0, 200) : undefined }),
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchPage query={q || undefined} />;
}
