// /faq: the public help page.
import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/public/components/FaqPage.tsx';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});
