// The landing page: hero, 3 steps, 4 features, benefits, 3 testimonials, FAQ, and the footer links.
import { Link } from '@tanstack/react-router';
import { BarChart3, BellRing, CheckCircle2, MessageCircle, NotebookPen, Quote } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PublicLayout } from './PublicLayout.tsx';
import { FaqList } from './FaqList.tsx';

const copy = t.landing;
const FEATURE_ICONS = [MessageCircle, BellRing, NotebookPen, BarChart3];

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-2xl font-bold text-brand-900 md:text-3xl">
      {children}
    </h2>
  );
}

export function LandingPage() {
  usePageTitle(t.app.name);
  return (
    <PublicLayout>
      <main id="conteudo" className="flex-1">
        <section aria-labelledby="hero-title" className="mx-auto w-full max-w-5xl px-4 pb-12 pt-6 md:pb-20 md:pt-16">
          <div className="max-w-2xl">
            <h1 id="hero-title" className="text-3xl font-bold leading-tight text-brand-900 md:text-5xl">
              {copy.heroTitle}
            </h1>
            <p className="mt-4 text-lg text-ink/80">{copy.heroSubtitle}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/register" className={buttonClass('primary', 'px-6 text-lg')}>
                {copy.primaryCta}
              </Link>
              <Link to="/login" className={buttonClass('secondary', 'px-6 text-lg')}>
                {copy.signIn}
              </Link>
            </div>
            <p className="mt-4 text-sm text-ink/70">{copy.trialNote}</p>
          </div>
        </section>

        <section aria-labelledby="passos" className="bg-white py-12">
          <div className="mx-auto w-full max-w-5xl px-4">
            <SectionTitle id="passos">{copy.stepsTitle}</SectionTitle>
            <ol className="mt-6 grid gap-4 md:grid-cols-3">
              {copy.steps.map((step, index) => (
                <li key={step.title} className="rounded-2xl bg-paper p-5">
                  <span
                    aria-hidden
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <h3 className="mt-3 text-lg font-semibold">{step.title}</h3>
                  <p className="mt-1 text-ink/80">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="recursos" className="mx-auto w-full max-w-5xl px-4 py-12">
          <SectionTitle id="recursos">{copy.featuresTitle}</SectionTitle>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {copy.features.map((feature, index) => {
              const Icon = FEATURE_ICONS[index] ?? CheckCircle2;
              return (
                <li key={feature.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
                  <Icon aria-hidden className="text-brand-600" size={28} />
                  <h3 className="mt-3 text-lg font-semibold">{feature.title}</h3>
                  <p className="mt-1 text-ink/80">{feature.text}</p>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="beneficios" className="bg-brand-900 py-12 text-white">
          <div className="mx-auto w-full max-w-5xl px-4">
            <h2 id="beneficios" className="text-2xl font-bold md:text-3xl">
              {copy.benefitsTitle}
            </h2>
            <ul className="mt-6 grid gap-3 md:grid-cols-2">
              {copy.benefits.map((benefit) => (
                <li key={benefit} className="flex items-start gap-3">
                  <CheckCircle2 aria-hidden className="mt-0.5 shrink-0 text-accent-400" size={22} />
                  {benefit}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="depoimentos" className="mx-auto w-full max-w-5xl px-4 py-12">
          <SectionTitle id="depoimentos">{copy.testimonialsTitle}</SectionTitle>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {copy.testimonials.map((item) => (
              <li key={item.name}>
                <figure className="h-full rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
                  <Quote aria-hidden className="text-accent-400" size={24} />
                  <blockquote className="mt-2 text-ink/90">{item.quote}</blockquote>
                  <figcaption className="mt-3 text-sm">
                    <span className="font-semibold">{item.name}</span>
                    <span className="block text-ink/70">{item.shop}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="perguntas" className="bg-white py-12">
          <div className="mx-auto w-full max-w-3xl px-4">
            <SectionTitle id="perguntas">{copy.faqTitle}</SectionTitle>
            <FaqList />
          </div>
        </section>

        <section aria-labelledby="comece" className="mx-auto w-full max-w-5xl px-4 py-12 text-center">
          <h2 id="comece" className="text-2xl font-bold text-brand-900 md:text-3xl">
            {copy.finalTitle}
          </h2>
          <Link to="/register" className={buttonClass('primary', 'mt-6 px-6 text-lg')}>
            {copy.finalCta}
          </Link>
        </section>
      </main>
    </PublicLayout>
  );
}
