// How the app names the owner: initials for the avatar, market name and plan label, with the spec's fallbacks.
import { t } from '../../i18n/pt-BR.ts';
import type { PlanState } from '../../../workers/api.ts';

/** First letters of the first and last words of the name, at most two, upper case; 'U' without a name. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return t.layout.avatarFallback;
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (Array.from(first)[0] ?? '').concat(Array.from(last)[0] ?? '').toLocaleUpperCase('pt-BR');
}

export function marketNameOf(name: string | null | undefined): string {
  return name?.trim() || t.app.fallbackMarketName;
}

export function planLabelOf(plan: PlanState): string {
  return plan.isPremium ? t.layout.planPremium : t.layout.planFree;
}
