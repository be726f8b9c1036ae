// The document title of a page: '<title> · Caderneta', or the app's name alone on its own pages.
import { useEffect } from 'react';
import { t } from '../i18n/pt-BR.ts';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title === t.app.name ? title : `${title} · ${t.app.name}`;
  }, [title]);
}
