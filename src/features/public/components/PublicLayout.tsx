// The frame of public pages: brand and sign-in link on top, the footer with the spec's links below.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import { AppVersion } from '../../../ui/AppVersion.tsx';
import { OfflineBanner } from '../../sync/index.ts';

const FOOTER_LINKS = [
  { to: '/faq', label: t.pages.faq },
  { to: '/about', label: t.pages.about },
  { to: '/terms', label: t.pages.terms },
  { to: '/privacy', label: t.pages.privacy },
  { to: '/support', label: t.pages.support },
] as const;

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineBanner message={t.offline.banner} />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-2 px-4 py-4">
        <Link to="/" className="flex items-center gap-2 rounded-lg text-xl font-bold text-brand-700">
          <img src="/icons/favicon.svg" alt="" width={32} height={32} />
          {t.app.name}
        </Link>
        <Link to="/login" className="flex min-h-11 items-center rounded-lg px-3 font-semibold text-brand-700 hover:bg-brand-50">
          {t.landing.signIn}
        </Link>
      </header>
      {children}
      <footer className="border-t border-brand-100 bg-white">
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 md:flex-row md:items-center md:justify-between">
          <nav aria-label={t.landing.footerNav}>
            <ul className="flex flex-wrap gap-x-1 gap-y-1">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-11 items-center rounded-lg px-2 text-ink/80 underline-offset-2 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <a
                  href={`mailto:${t.landing.contactEmail}`}
                  className="inline-flex min-h-11 items-center rounded-lg px-2 text-ink/80 underline-offset-2 hover:underline"
                >
                  {t.landing.contact}
                </a>
              </li>
            </ul>
          </nav>
          <p className="px-2 text-sm text-ink/60">
            {t.app.name} <AppVersion /> · {t.landing.rights}
          </p>
        </div>
      </footer>
    </div>
  );
}

/** A titled text page inside the public layout (terms, privacy, about, support, faq). */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <main id="conteudo" className="mx-auto w-full max-w-3xl flex-1 px-4 pb-12 pt-4">
        <article aria-labelledby="page-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-8">
          <h1 id="page-title" className="text-2xl font-bold text-brand-900 md:text-3xl">
            {title}
          </h1>
          <div className="mt-4 flex flex-col gap-4 leading-relaxed text-ink/90">{children}</div>
        </article>
      </main>
    </PublicLayout>
  );
}
