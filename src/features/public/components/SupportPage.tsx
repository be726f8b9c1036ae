// 'Suporte': how to reach us (email and the FAQ).
import { Link } from '@tanstack/react-router';
import { CircleHelp, Mail } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PublicPage } from './PublicLayout.tsx';

export function SupportPage() {
  usePageTitle(t.pages.support);
  const copy = t.legal;
  const card = 'flex min-h-16 items-center gap-4 rounded-2xl bg-paper p-4 hover:bg-brand-50';
  return (
    <PublicPage title={t.pages.support}>
      <p>{copy.supportIntro}</p>
      <a href={`mailto:${t.landing.contactEmail}`} className={card}>
        <Mail aria-hidden className="shrink-0 text-brand-600" />
        <span>
          <span className="block font-semibold">
            {copy.supportEmail}: {t.landing.contactEmail}
          </span>
          <span className="block text-sm text-ink/70">{copy.supportEmailText}</span>
        </span>
      </a>
      <Link to="/faq" className={card}>
        <CircleHelp aria-hidden className="shrink-0 text-brand-600" />
        <span>
          <span className="block font-semibold">{copy.supportFaq}</span>
          <span className="block text-sm text-ink/70">{copy.supportFaqText}</span>
        </span>
      </Link>
      <p className="text-sm text-ink/70">{copy.supportPremium}</p>
    </PublicPage>
  );
}
