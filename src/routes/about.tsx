// /about: what Caderneta is and for whom.
import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/public/components/AboutPage.tsx';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});
