// The support feature's public entry: the premium owner's tickets page and whether the owner has premium support.
export { OwnerSupportPage } from './components/OwnerSupportPage.tsx';
export { usePremiumSupport } from './use-premium-support.ts';
