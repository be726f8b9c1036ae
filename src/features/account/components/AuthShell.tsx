// The frame of the sign-in, registration and password screens: brand, one card, a way back home.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import { OfflineBanner } from '../../sync/index.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';

export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineBanner message={t.offline.banner} />
      <header className="mx-auto flex w-full max-w-md items-center px-4 py-4">
        <Link to="/" className="flex items-center gap-2 rounded-lg text-xl font-bold text-brand-700">
          <img src="/icons/favicon.svg" alt="" width={32} height={32} />
          {t.app.name}
        </Link>
      </header>
      <main id="conteudo" className="mx-auto w-full max-w-md flex-1 px-4 pb-10">
        <section aria-labelledby="page-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-8">
          <PageHeader title={title} />
          {subtitle ? <p className="mt-1 text-ink/70">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </section>
        {footer ? <div className="mt-6 text-center text-ink/80">{footer}</div> : null}
      </main>
    </div>
  );
}
