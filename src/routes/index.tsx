// /: the landing page for visitors; a signed-in owner goes straight to the dashboard.
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { t } from '../i18n/pt-BR.ts';
import { AppVersion } from '../ui/AppVersion.tsx';
import { OfflineBanner } from '../ui/OfflineBanner.tsx';
import { usePageTitle } from '../ui/PagePlaceholder.tsx';

export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    if ((await context.data.account.current()).status === 'signed_in') throw redirect({ to: '/dashboard', replace: true });
  },
  component: LandingPage,
});

function LandingPage() {
  const copy = t.landing;
  usePageTitle(t.app.name);
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineBanner message={t.offline.banner} />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4">
        <span className="flex items-center gap-2 text-xl font-bold text-brand-700">
          <img src="/icons/favicon.svg" alt="" width={32} height={32} />
          {t.app.name}
        </span>
        <Link to="/login" className="rounded-lg px-3 py-2 font-medium text-brand-700 hover:bg-brand-50">
          {copy.signIn}
        </Link>
      </header>
      <main id="conteudo" className="mx-auto w-full max-w-5xl flex-1 px-4 pb-16 pt-6 md:pt-16">
        <section aria-labelledby="hero-title" className="max-w-2xl">
          <h1 id="hero-title" className="text-3xl font-bold leading-tight text-brand-900 md:text-5xl">
            {copy.heroTitle}
          </h1>
          <p className="mt-4 text-lg text-ink/80">{copy.heroSubtitle}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/register"
              className="rounded-xl bg-brand-600 px-6 py-3 text-center text-lg font-semibold text-white shadow hover:bg-brand-700"
            >
              {copy.primaryCta}
            </Link>
            <Link
              to="/login"
              className="rounded-xl border border-brand-600 px-6 py-3 text-center text-lg font-semibold text-brand-700 hover:bg-brand-50"
            >
              {copy.signIn}
            </Link>
          </div>
          <p className="mt-4 text-sm text-ink/70">{copy.trialNote}</p>
        </section>
      </main>
      <footer className="border-t border-brand-100 px-4 py-4 text-center text-sm text-ink/60">
        {t.app.name} <AppVersion />
      </footer>
    </div>
  );
}
